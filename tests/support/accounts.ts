/**
 * Signed-in visitors without the sign-in popup, for the benchmarks and the server tests: a
 * user and a session written straight to the database by the factories, as the end-to-end
 * fixtures do (tests/e2e/sessions.ts).
 */
import { randomBytes } from 'node:crypto';
import { migrateToLatest, openDatabase } from '~/db/database.server';
import type { Access } from '~/db/schema';
import { insertSession, insertUser } from './factories';
export interface Account {
  id: string;
  email: string;
  access: Access;
  /** `session=…`; empty for an account made without a session. */
  cookie: string;
}

export interface AccountRequest {
  access: Access;
  name: string;
  /** No session: a user for an admin to change. */
  noSession?: boolean;
}

/** Migrates the database (so the server finds it ready) and creates the accounts. */
export async function createAccounts(
  databaseUrl: string,
  requests: AccountRequest[],
): Promise<Account[]> {
  const database = openDatabase(databaseUrl);
  try {
    await migrateToLatest(database.db);
    const accounts: Account[] = [];
    for (const request of requests) {
      const suffix = randomBytes(6).toString('hex');
      const user = await insertUser(database.db, {
        id: `bench-${request.access}-${suffix}`,
        name: request.name,
        email: `bench-${request.access}-${suffix}@example.net`,
        access: request.access,
        created_at: new Date().toISOString(),
      });
      const cookie = request.noSession ? '' : await insertSession(database.db, user.id);
      accounts.push({ id: user.id, email: user.email, access: request.access, cookie });
    }
    return accounts;
  } finally {
    await database.close();
  }
}
