import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowTimestamp, type Database, type MembershipChange, type User } from '~/db/schema';
import { addressKey } from '~/lib/mail-address';
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
 * the account was just created and whether its address may be matched (an invitation's):
 * `emailVerified` holds only when the identity provider verified it and it has an
 * `addressKey`, so a look-alike (`\u212Aim@…` for `kim@…`) claims nothing.
 */
export type SignInHook = (
  trx: Kysely<Database>,
  user: User,
  now: Date,
  identity: { emailVerified: boolean; created: boolean },
) => Promise<void>;

/** The audit trail's name for a promotion that `ADMIN_EMAILS` made at sign-in. */
export const ADMIN_EMAILS_CAUSE = { id: 'admin-emails', name: 'ADMIN_EMAILS' } as const;

/** Whether `ADMIN_EMAILS` (parsed into `addressKey` form) lists `email`; a look-alike never. */
export function isListedAdminEmail(email: string, adminEmails: readonly string[]): boolean {
  const key = addressKey(email);
  return key !== undefined && adminEmails.includes(key);
}

/**
 * First sign-in creates the record with access and cohort `none`; later sign-ins refresh
 * name, e-mail and whether it is verified, and touch access only to make a verified e-mail
 * listed in ADMIN_EMAILS admin, with an audit row naming ADMIN_EMAILS as the cause.
 * `onSignIn` runs in the same transaction either way (the welcome e-mail, an invitation
 * for a verified address).
 */
export async function recordSignIn(
  db: Kysely<Database>,
  claims: IdentityClaims & { sub: string },
  adminEmails: readonly string[],
  onSignIn?: SignInHook,
  now: Date = new Date(),
): Promise<SignInRecord> {
  const email = (claims.email ?? '').trim().slice(0, 320);
  const emailVerified = claims.emailVerified === true;
  const makeAdmin = emailVerified && isListedAdminEmail(email, adminEmails);
  return db.transaction().execute(async (trx) => {
    const { user, created } = await upsertUser(trx, claims, email, emailVerified, now);
    const current = makeAdmin && user.access !== 'admin' ? await promote(trx, user, now) : user;
    const matchable = emailVerified && addressKey(email) !== undefined;
    await onSignIn?.(trx, current, now, { emailVerified: matchable, created });
    return { user: current, created };
  });
}

/** The whole record of `userId`, or undefined: read in the caller's transaction. */
export function findUser(db: Kysely<Database>, userId: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

async function upsertUser(
  db: Kysely<Database>,
  claims: IdentityClaims & { sub: string },
  email: string,
  emailVerified: boolean,
  now: Date,
): Promise<SignInRecord> {
  const inserted = await db
    .insertInto('users')
    .values({
      id: claims.sub,
      name: displayName(claims),
      email,
      access: 'none',
      cohort: 'none',
      email_verified: emailVerified ? 1 : 0,
      created_at: nowTimestamp(now),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { user: inserted, created: true };
  const user = await db
    .updateTable('users')
    .set((eb) => ({
      // A name the person chose on /account stays theirs; otherwise the provider's wins.
      name: eb
        .case()
        .when('name_edited_at', 'is', null)
        .then(displayName(claims))
        .else(eb.ref('name'))
        .end(),
      email,
      email_verified: emailVerified ? 1 : 0,
    }))
    .where('id', '=', claims.sub)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { user, created: false };
}

/** ADMIN_EMAILS's promotion, audited like any other change of access. */
async function promote(trx: Kysely<Database>, user: User, now: Date): Promise<User> {
  const promoted = await trx
    .updateTable('users')
    .set({ access: 'admin' })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordUserChange(trx, {
    userId: user.id,
    by: ADMIN_EMAILS_CAUSE,
    before: user,
    after: promoted,
    at: now,
  });
  return promoted;
}

/**
 * One row of the audit trail: who (an admin, the command line, or an automatic cause such
 * as a payment) changed a user's access or cohort, from what to what, and why when the
 * admin had to say. Written in the transaction of the change.
 */
export async function recordUserChange(
  trx: Kysely<Database>,
  change: MembershipChange & {
    by: { id: string; name: string };
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
