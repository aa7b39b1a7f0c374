import { describe, expect, it } from 'vitest';
import { createMigrator } from '~/db/database.server';
import { insertUser } from '../../../tests/support/factories';
import { useTestDatabase } from '../../../tests/support/test-database';

const database = useTestDatabase();

describe('migration 029: credentials', () => {
  it('gives existing certificates their status bits in issue order and a salt each, then keeps the bits unique', async () => {
    const migrator = await createMigrator(database.db);
    expect((await migrator.migrateTo('028-account')).error).toBeUndefined();
    // Inserted out of order: the bits follow the issue time, not the insertion.
    const issued = [
      ['cert-second-000000000', '2026-02-01T10:00:00.000Z'],
      ['cert-first-0000000000', '2026-01-01T10:00:00.000Z'],
      ['cert-third-0000000000', '2026-03-01T10:00:00.000Z'],
    ];
    for (const [id, at] of issued) {
      await database.db
        .insertInto('certificates')
        .values({
          id: id!,
          user_id: (await insertUser(database.db)).id,
          name: 'Ada',
          track: 'frontend',
          cohort_name: null,
          issued_at: at!,
          issued_by: 'admin-1',
          issued_by_name: 'Ada Admin',
          note: null,
        })
        .execute();
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const rows = await database.db
      .selectFrom('certificates')
      .select(['id', 'status_index', 'identity_salt'])
      .orderBy('status_index')
      .execute();
    expect(rows.map((row) => [row.id, row.status_index])).toEqual([
      ['cert-first-0000000000', 0],
      ['cert-second-000000000', 1],
      ['cert-third-0000000000', 2],
    ]);
    const salts = rows.map((row) => row.identity_salt);
    expect(salts.every((salt) => /^[0-9a-f]{32}$/.test(salt ?? ''))).toBe(true);
    expect(new Set(salts).size).toBe(3);
    await expect(
      database.db
        .updateTable('certificates')
        .set({ status_index: 0 })
        .where('id', '=', 'cert-third-0000000000')
        .execute(),
    ).rejects.toThrow();
  });
});
