import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '../../tests/support/test-database';

/**
 * On PostgreSQL the introspection Kysely's migrator asks before every migration reads only
 * the schema in use, so DDL in another schema of the same database cannot fail it.
 */
describe.runIf(testEngine() === 'postgres')('PostgreSQL introspection', () => {
  it('lists the tables of the schema in use, with their columns, and none of another schema', async () => {
    const mine = await createTestDatabase();
    const other = await createTestDatabase();
    try {
      await sql`create table elsewhere_only (id serial primary key, note text)`.execute(other.db);
      const tables = await mine.db.introspection.getTables();
      const names = tables.map((table) => table.name);
      expect(names).toContain('users');
      expect(names).not.toContain('elsewhere_only');
      expect(names).not.toContain('kysely_migration');
      const [schema] = (
        await sql<{ name: string }>`select current_schema() as name`.execute(mine.db)
      ).rows;
      expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([schema!.name]));
      const users = tables.find((table) => table.name === 'users')!;
      expect(users.columns.find((column) => column.name === 'id')).toMatchObject({
        dataType: 'text',
        isNullable: false,
        isAutoIncrementing: false,
      });
      const withInternal = await mine.db.introspection.getTables({
        withInternalKyselyTables: true,
      });
      expect(withInternal.map((table) => table.name)).toContain('kysely_migration');
      const theirs = await other.db.introspection.getTables();
      expect(theirs.find((table) => table.name === 'elsewhere_only')?.columns).toMatchObject([
        { name: 'id', dataType: 'int4', isAutoIncrementing: true, hasDefaultValue: true },
        { name: 'note', dataType: 'text', isNullable: true, isAutoIncrementing: false },
      ]);
    } finally {
      await mine.close();
      await other.close();
    }
  });
});
