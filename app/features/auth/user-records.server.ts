import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowTimestamp, type Access, type Cohort, type Database, type User } from '~/db/schema';
import type { IdentityClaims } from './oidc-client.server';

export interface SignInRecord {
  user: User;
  created: boolean;
}

function displayName(claims: IdentityClaims & { sub: string }): string {
  const name = claims.name?.trim();
  if (name) return name.slice(0, 200);
  return (claims.email?.split('@')[0] ?? 'Student').slice(0, 200);
}

/**
 * Work that belongs to creating an account, done in the transaction that creates it; it is
 * told whether the identity provider verified the e-mail address.
 */
export type AccountCreatedHook = (
  trx: Kysely<Database>,
  user: User,
  now: Date,
  identity: { emailVerified: boolean },
) => Promise<void>;

/**
 * First sign-in creates the record with access and cohort `none` (and runs
 * `onAccountCreated` in the same transaction); later sign-ins refresh name and e-mail and
 * never touch access or cohort, except that a verified e-mail listed in ADMIN_EMAILS is
 * made admin.
 */
export async function recordSignIn(
  db: Kysely<Database>,
  claims: IdentityClaims & { sub: string },
  adminEmails: readonly string[],
  onAccountCreated?: AccountCreatedHook,
  now: Date = new Date(),
): Promise<SignInRecord> {
  const email = (claims.email ?? '').trim().slice(0, 320);
  const makeAdmin = claims.emailVerified && adminEmails.includes(email.toLowerCase());
  return db
    .transaction()
    .execute((trx) => recordIn(trx, claims, email, makeAdmin, onAccountCreated, now));
}

async function recordIn(
  db: Kysely<Database>,
  claims: IdentityClaims & { sub: string },
  email: string,
  makeAdmin: boolean,
  onAccountCreated: AccountCreatedHook | undefined,
  now: Date,
): Promise<SignInRecord> {
  const inserted = await db
    .insertInto('users')
    .values({
      id: claims.sub,
      name: displayName(claims),
      email,
      access: makeAdmin ? 'admin' : 'none',
      cohort: 'none',
      created_at: nowTimestamp(now),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) {
    await onAccountCreated?.(db, inserted, now, { emailVerified: claims.emailVerified === true });
    return { user: inserted, created: true };
  }

  const user = await db
    .updateTable('users')
    .set({
      name: displayName(claims),
      email,
      ...(makeAdmin ? { access: 'admin' as const } : {}),
    })
    .where('id', '=', claims.sub)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { user, created: false };
}

/**
 * One row of the audit trail: who (an admin, the command line, or an automatic cause such
 * as a payment) changed a user's access or cohort, from what to what. Written in the
 * transaction of the change.
 */
export async function recordUserChange(
  trx: Kysely<Database>,
  change: {
    userId: string;
    by: { id: string; name: string };
    before: { access: Access; cohort: Cohort };
    after: { access: Access; cohort: Cohort };
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('user_changes')
    .values({
      id: randomUUID(),
      user_id: change.userId,
      changed_by: change.by.id,
      changed_by_name: change.by.name,
      changed_at: nowTimestamp(change.at),
      access_before: change.before.access,
      access_after: change.after.access,
      cohort_before: change.before.cohort,
      cohort_after: change.after.cohort,
    })
    .execute();
}
