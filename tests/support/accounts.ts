/**
 * Signed-in visitors without the sign-in popup, for the benchmarks and the server tests: a
 * user row and a session row written straight to the database, as tests/e2e/sessions.ts
 * does (the session id is stored as the sha256 hex of a 43-character base64url token; the
 * cookie carries the token).
 */
import { randomBytes } from 'node:crypto';
import { migrateToLatest, openDatabase } from '~/db/database.server';
import { hashToken } from '~/features/auth/session.server';
import type { Access } from '~/db/schema';

export interface Account {
  id: string;
  email: string;
  access: Access;
  /** `session=…` */
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
    const now = new Date();
    const accounts: Account[] = [];
    for (const request of requests) {
      const suffix = randomBytes(6).toString('hex');
      const id = `bench-${request.access}-${suffix}`;
      const email = `bench-${request.access}-${suffix}@example.net`;
      await database.db
        .insertInto('users')
        .values({
          id,
          name: request.name,
          email,
          access: request.access,
          cohort: 'none',
          created_at: now.toISOString(),
        })
        .execute();
      const token = randomBytes(32).toString('base64url');
      if (!request.noSession) {
        await database.db
          .insertInto('sessions')
          .values({
            id_hash: hashToken(token),
            user_id: id,
            created_at: now.toISOString(),
            last_seen_at: now.toISOString(),
            expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
          })
          .execute();
      }
      accounts.push({ id, email, access: request.access, cookie: `session=${token}` });
    }
    return accounts;
  } finally {
    await database.close();
  }
}
