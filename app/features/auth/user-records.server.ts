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
 * Work that belongs to a sign-in, done in the transaction that records it: told whether
 * the account was just created and whether the identity provider verified the address.
 */
export type SignInHook = (
  trx: Kysely<Database>,
  user: User,
  now: Date,
  identity: { emailVerified: boolean; created: boolean },
) => Promise<void>;

/**
 * First sign-in creates the record with access and cohort `none`; later sign-ins refresh
 * name, e-mail and whether it is verified, and touch access only to make a verified e-mail
 * listed in ADMIN_EMAILS admin. `onSignIn` runs in the same transaction either way (the
 * welcome e-mail, an invitation for a verified address).
 */
export async function recordSignIn(
  db: Kysely<Database>,
  claims: IdentityClaims & { sub: string },
  adminEmails: readonly string[],
  onSignIn?: SignInHook,
  now: Date = new Date(),
): Promise<SignInRecord> {
  const email = (claims.email ?? '').trim().slice(0, 320);
  const makeAdmin = claims.emailVerified && adminEmails.includes(email.toLowerCase());
  return db.transaction().execute((trx) => recordIn(trx, claims, email, makeAdmin, onSignIn, now));
}

async function recordIn(
  db: Kysely<Database>,
  claims: IdentityClaims & { sub: string },
  email: string,
  makeAdmin: boolean,
  onSignIn: SignInHook | undefined,
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
      email_verified: claims.emailVerified ? 1 : 0,
      created_at: nowTimestamp(now),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
  const emailVerified = claims.emailVerified === true;
  if (inserted) {
    await onSignIn?.(db, inserted, now, { emailVerified, created: true });
    return { user: inserted, created: true };
  }

  const user = await db
    .updateTable('users')
    .set({
      name: displayName(claims),
      email,
      email_verified: emailVerified ? 1 : 0,
      ...(makeAdmin ? { access: 'admin' as const } : {}),
    })
    .where('id', '=', claims.sub)
    .returningAll()
    .executeTakeFirstOrThrow();
  await onSignIn?.(db, user, now, { emailVerified, created: false });
  return { user, created: false };
}

/**
 * One row of the audit trail: who (an admin, the command line, or an automatic cause such
 * as a payment) changed a user's access or cohort, from what to what, and why when the
 * admin had to say. Written in the transaction of the change.
 */
export async function recordUserChange(
  trx: Kysely<Database>,
  change: {
    userId: string;
    by: { id: string; name: string };
    before: { access: Access; cohort: Cohort };
    after: { access: Access; cohort: Cohort };
    at: Date;
    reason?: string;
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
      reason: change.reason ?? null,
    })
    .execute();
}
