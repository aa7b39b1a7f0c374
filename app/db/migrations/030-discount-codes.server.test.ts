import { describe, expect, it } from 'vitest';
import { createMigrator } from '~/db/database.server';
import { insertEnrolment, insertUser } from '../../../tests/support/factories';
import { useTestDatabase } from '../../../tests/support/test-database';

const database = useTestDatabase();

describe('migration 030: discount codes', () => {
  it('keeps every enrolment while it lets an enrolment come from a scholarship', async () => {
    const migrator = await createMigrator(database.db);
    expect((await migrator.migrateTo('029-credentials')).error).toBeUndefined();
    const student = await insertUser(database.db);
    await insertEnrolment(database.db, { userId: student.id, orderId: null, id: 'enr-1' });
    const before = await database.db.selectFrom('enrolments').selectAll().execute();
    await expect(
      insertEnrolment(database.db, {
        userId: student.id,
        orderId: null,
        id: 'enr-2',
        source: 'scholarship',
      }),
    ).rejects.toThrow();

    expect((await migrator.migrateTo('030-discount-codes')).error).toBeUndefined();
    const after = await database.db.selectFrom('enrolments').selectAll().execute();
    expect(after).toEqual(before);
    await insertEnrolment(database.db, {
      userId: student.id,
      orderId: null,
      id: 'enr-3',
      source: 'scholarship',
    });
    await expect(
      insertEnrolment(database.db, {
        userId: student.id,
        orderId: null,
        id: 'enr-4',
        source: 'gift' as 'admin',
      }),
    ).rejects.toThrow();
  });
});
