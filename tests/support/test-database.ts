import { afterAll, beforeAll } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/db/database.server';
import { createTestSchema, dropTestSchema, postgresTestUrl } from './sql-client';

/** PostgreSQL when `TEST_DATABASE_URL` names a server, SQLite otherwise. */
export function testEngine(): 'sqlite' | 'postgres' {
  return postgresTestUrl() ? 'postgres' : 'sqlite';
}

/**
 * A fresh, migrated database for one test file: in-memory SQLite, or with
 * `TEST_DATABASE_URL` a schema of its own on that server, dropped again by `close()`.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url: string }> {
  if (testEngine() === 'sqlite') {
    const handle = openDatabase(':memory:');
    await migrateToLatest(handle.db);
    return { ...handle, url: ':memory:' };
  }
  const url = await createTestSchema();
  const handle = openDatabase(url);
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= handle.close().finally(() => dropTestSchema(url)));
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await close();
    throw error;
  }
  return { ...handle, close, url };
}

/**
 * The test file's database: opened before its first test, closed (and on PostgreSQL its
 * schema dropped) after its last. Read it inside tests and hooks, not at import time.
 */
export function useTestDatabase(): DatabaseHandle & { url: string } {
  let handle: (DatabaseHandle & { url: string }) | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle?.close());
  return new Proxy({} as DatabaseHandle & { url: string }, {
    get(_, key) {
      if (!handle) throw new Error('The test database is opened in beforeAll');
      return handle[key as keyof typeof handle];
    },
  });
}
