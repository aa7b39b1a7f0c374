import { openDatabase, type DatabaseHandle } from '~/db/database.server';
import { createAccounts, type Account } from './accounts';
import { startServer, tempDatabaseUrl, type RunningServer } from './server-process';

/**
 * A server on a database of its own with one admin, and a connection to that database for
 * the test to look at what the server wrote. `stop` closes both.
 */
export async function startServerWithAdmin(env: Record<string, string> = {}): Promise<{
  server: RunningServer;
  database: DatabaseHandle;
  admin: Account;
  stop: () => Promise<void>;
}> {
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
