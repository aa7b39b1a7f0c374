import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DatabaseHandle } from '~/db/database.server';
import { createAccounts, type Account, type AccountRequest } from './accounts';
import { startServer, tempDatabaseUrl, type RunningServer } from './server-process';

export interface ServerWithAccounts {
  server: RunningServer;
  database: DatabaseHandle;
  /** The accounts asked for, in their order. */
  accounts: Account[];
  stop: () => Promise<void>;
}

/**
 * A server on a database of its own with the accounts asked for, and a connection to that
 * database for the test to look at what the server wrote. `stop` closes both.
 */
export async function startServerWithAccounts(
  requests: AccountRequest[],
  env: Record<string, string> = {},
): Promise<ServerWithAccounts> {
  const databaseUrl = await tempDatabaseUrl();
  const accounts = await createAccounts(databaseUrl, requests);
  const server = await startServer({ ...env, DATABASE_URL: databaseUrl });
  const database = openDatabase(databaseUrl);
  return {
    server,
    database,
    accounts,
    stop: async () => {
      await database.close();
      await server.stop();
    },
  };
}

export type ServerWithAdmin = Omit<ServerWithAccounts, 'accounts'> & { admin: Account };

/** The same with one admin, Ada Admin. */
export async function startServerWithAdmin(
  env: Record<string, string> = {},
): Promise<ServerWithAdmin> {
  const { accounts, ...started } = await startServerWithAccounts(
    [{ access: 'admin', name: 'Ada Admin' }],
    env,
  );
  return { ...started, admin: accounts[0]! };
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

/**
 * A server with named accounts for a whole test file (`{ admin: {...}, holder: {...} }`),
 * started before its tests and stopped after them; read its fields inside tests and helpers.
 */
export function useServerWithAccounts<Name extends string>(
  requests: Record<Name, AccountRequest>,
  env: Record<string, string> = {},
): Omit<ServerWithAccounts, 'accounts'> & { accounts: Record<Name, Account> } {
  const names = Object.keys(requests) as Name[];
  const started = {} as Partial<ServerWithAccounts> & { accounts: Record<Name, Account> };
  beforeAll(async () => {
    const { accounts, ...server } = await startServerWithAccounts(
      names.map((name) => requests[name]),
      env,
    );
    Object.assign(started, server, {
      accounts: Object.fromEntries(names.map((name, i) => [name, accounts[i]!])),
    });
  });
  afterAll(() => started.stop?.());
  return started as Omit<ServerWithAccounts, 'accounts'> & { accounts: Record<Name, Account> };
}
