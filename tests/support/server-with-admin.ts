import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DatabaseHandle } from '~/db/database.server';
import { createAccounts, type Account } from './accounts';
import { startServer, tempDatabaseUrl, type RunningServer } from './server-process';

export interface ServerWithAdmin {
  server: RunningServer;
  database: DatabaseHandle;
  admin: Account;
  stop: () => Promise<void>;
}

/**
 * A server on a database of its own with one admin, and a connection to that database for
 * the test to look at what the server wrote. `stop` closes both.
 */
export async function startServerWithAdmin(
  env: Record<string, string> = {},
): Promise<ServerWithAdmin> {
  const databaseUrl = await tempDatabaseUrl();
  const [admin] = await createAccounts(databaseUrl, [{ access: 'admin', name: 'Ada Admin' }]);
  const server = await startServer({ ...env, DATABASE_URL: databaseUrl });
  const database = openDatabase(databaseUrl);
  return {
    server,
    database,
    admin: admin!,
    stop: async () => {
      await database.close();
      await server.stop();
    },
  };
}

/**
 * The same for a whole test file: started before its tests, stopped after them. Its fields
 * are set once the file's `beforeAll` has run, so read them inside tests and helpers.
 */
export function useServerWithAdmin(env: Record<string, string> = {}): ServerWithAdmin {
  const started = {} as Partial<ServerWithAdmin>;
  beforeAll(async () => {
    Object.assign(started, await startServerWithAdmin(env));
  });
  afterAll(() => started.stop?.());
  return started as ServerWithAdmin;
}
