import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/db/database.server';
import { nowTimestamp, type Access, type Cohort, type User } from '~/db/schema';

/** A fresh, migrated database for one test file (in-memory SQLite). */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const handle = openDatabase(':memory:');
  await migrateToLatest(handle.db);
  return handle;
}

let counter = 0;

export async function insertUser(
  handle: DatabaseHandle,
  fields: Partial<{
    id: string;
    name: string;
    email: string;
    access: Access;
    cohort: Cohort;
    created_at: string;
  }> = {},
): Promise<User> {
  counter += 1;
  return handle.db
    .insertInto('users')
    .values({
      id: fields.id ?? `user-${counter}-${Math.random().toString(36).slice(2, 8)}`,
      name: fields.name ?? `User ${counter}`,
      email: fields.email ?? `user${counter}@example.com`,
      access: fields.access ?? 'none',
      cohort: fields.cohort ?? 'none',
      created_at:
        fields.created_at ?? nowTimestamp(new Date(Date.UTC(2026, 0, 1) + counter * 1000)),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
