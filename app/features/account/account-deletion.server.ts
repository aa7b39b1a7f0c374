import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  ENROLLED_STATUSES,
  nowTimestamp,
  type Database,
  type PaymentProviderName,
  type User,
} from '~/db/schema';
import { findUser, recordUserChange } from '~/features/auth/user-records.server';
import { enqueueEmail, forgetPersonInOthersMail } from '~/features/email/outbox.server';
import { isDeliverableAddress } from '~/lib/mail-address';
import { WITHDRAWN_REASON } from '~/features/certificates/certificates.server';
import type { PaymentProvider } from '~/features/enrolment/payment-provider.server';
import { reconciliationFields } from '~/features/enrolment/payment-events.server';
import { DELETED_ACCOUNT_NAME } from './account-data';

/**
 * Deleting one's own account (decision 049), in one transaction.
 *
 * `users.id` is the identity provider's subject, so the same Google account signing in again
 * would find the old row. The row is therefore re-keyed: a tombstone with a random id
 * (`deleted-…`) takes the person's place, every row kept for accounting or the record moves to
 * it, the personal content of those rows is erased, and the old row is deleted (with what
 * still pointed at it: sessions, progress…). Foreign keys are checked at each statement on both
 * engines, so the tombstone is inserted first and the old row deleted last.
 *
 * What each table keeps is docs/privacy.md's table, row by row.
 */

/** The audit trail's name for the change of access a deletion makes. */
export const ACCOUNT_DELETION_CAUSE = { id: 'account-deletion', name: 'Deleted by its holder' };

/** The tables whose rows of the person are kept, on the tombstone, with what they say erased. */
export const KEPT_OWNER_COLUMNS = [
  ['orders', 'user_id'],
  ['payments', 'user_id'],
  ['enrolments', 'user_id'],
  ['receipts', 'user_id'],
  ['bank_transfers', 'user_id'],
  ['user_changes', 'user_id'],
  ['certificates', 'user_id'],
  ['project_submissions', 'user_id'],
  ['cohort_staff_changes', 'user_id'],
  ['enrolment_changes', 'user_id'],
  ['invitations', 'used_by'],
] as const;

/** The tables whose rows of the person are deleted with the account. */
export const DELETED_OWNER_COLUMNS = [
  ['sessions', 'user_id'],
  ['step_completions', 'user_id'],
  ['quiz_attempts', 'user_id'],
  ['live_attendance', 'user_id'],
  ['live_attendance_marks', 'user_id'],
  ['calendar_feeds', 'user_id'],
  ['cohort_staff', 'user_id'],
  ['email_outbox', 'user_id'],
] as const;

/**
 * Where the person acted on others (an admin, a mentor): the id they acted as, and the name
 * recorded beside it. Those rows are the other people's record; they keep the act and name
 * the tombstone instead.
 */
const ACTOR_COLUMNS = [
  ['users', 'edited_by', null],
  ['user_changes', 'changed_by', 'changed_by_name'],
  ['bank_transfers', 'decided_by', 'decided_by_name'],
  ['invitations', 'invited_by', 'invited_by_name'],
  ['certificates', 'issued_by', 'issued_by_name'],
  ['cohort_staff', 'added_by', null],
  ['cohort_staff_changes', 'changed_by', 'changed_by_name'],
  ['enrolment_changes', 'changed_by', 'changed_by_name'],
  ['enrolments', 'revoked_by', 'revoked_by_name'],
  ['project_submissions', 'reviewed_by', null],
  ['project_reviews', 'reviewer_id', 'reviewer_name'],
  ['live_sessions', 'created_by', null],
  ['live_attendance_marks', 'marked_by', 'marked_by_name'],
  // Their ids since migration 034 (decision 064): matched by id, never by the name.
  ['enrolments', 'granted_by', 'granted_by_name'],
  ['certificates', 'revoked_by', 'revoked_by_name'],
  ['live_attendance', 'marked_by', 'marked_by_name'],
  ['academy_setting_changes', 'changed_by', 'changed_by_name'],
] as const;

export const ERASED = '[erased]';

type Refusal = { ok: false; reason: 'wrong-email' | 'last-admin' | 'not-found' };

export type DeletionOutcome =
  | { ok: true; tombstoneId: string; address: string }
  | Refusal
  /** An installment plan could not be ended at its provider: nothing was deleted. */
  | {
      ok: false;
      reason: 'provider-unreachable';
      provider: PaymentProviderName;
      /** What the provider (or the network) said, for the log. */
      detail: string;
    };

/** The providers whose installment plans a deletion ends, by name (`orders.provider`). */
export type InstallmentProviders = ReadonlyMap<string, Pick<PaymentProvider, 'cancelInstallments'>>;

/**
 * Deletes `userId`'s account when `typedEmail` is its address (trimmed, any case), unless
 * they are the last admin. Queues the confirmation to the address in the same transaction:
 * that outbox row holds the address until it is sent (or given up), then forgets it.
 *
 * First, outside the transaction (a provider's answer can take seconds), every installment
 * plan that would still charge is ended at its provider (decision 064). One that cannot be
 * ended (the provider unreachable, refusing, or no longer configured) stops the deletion
 * before anything changes: an account gone with a charge still to come is what must not be.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  {
    userId,
    typedEmail,
    providers = new Map(),
  }: { userId: string; typedEmail: string; providers?: InstallmentProviders },
  now: Date = new Date(),
): Promise<DeletionOutcome> {
  const refused = await refusalOf(db, userId, typedEmail);
  if (refused) return refused;
  for (const plan of await runningInstallmentPlans(db, userId)) {
    const provider = providers.get(plan.provider);
    try {
      if (!provider?.cancelInstallments) throw new Error(`${plan.provider} cannot end it here`);
      await provider.cancelInstallments(plan.subscription_ref);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return { ok: false, reason: 'provider-unreachable', provider: plan.provider, detail };
    }
  }
  return db.transaction().execute(async (trx) => {
    const refusedNow = await refusalOf(trx, userId, typedEmail, { lock: true });
    if (refusedNow) return refusedNow;
    const user = (await findUser(trx, userId))!;
    const tombstoneId = `deleted-${randomUUID()}`;
    await trx
      .insertInto('users')
      .values({
        id: tombstoneId,
        name: DELETED_ACCOUNT_NAME,
        email: saltedAddressHash(user.email),
        access: 'none',
        cohort: 'none',
        email_verified: 0,
        created_at: user.created_at,
        edited_at: user.edited_at,
        edited_by: user.edited_by,
        transfer_alerts: 0,
        reminder_emails: 0,
      })
      .execute();
    await moveRows(trx, user.id, tombstoneId);
    await forgetPersonInOthersMail(trx, user.id, { id: tombstoneId, name: DELETED_ACCOUNT_NAME });
    await eraseKeptRows(trx, user, tombstoneId, now);
    await deleteOwnRows(trx, user);
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
    await recordUserChange(trx, {
      userId: tombstoneId,
      by: ACCOUNT_DELETION_CAUSE,
      before: user,
      after: { access: 'none', cohort: 'none' },
      at: now,
    });
    if (isDeliverableAddress(user.email)) {
      await enqueueEmail(
        trx,
        {
          key: `account-deleted:${tombstoneId}`,
          template: 'account-deleted',
          payload: { deletedAt: nowTimestamp(now) },
          // No name: the message must not keep one once its address is forgotten.
          to: { address: user.email, name: '' },
          userId: tombstoneId,
        },
        now,
      );
    }
    return { ok: true, tombstoneId, address: user.email };
  });
}

/**
 * Why the deletion cannot go ahead, if it cannot: no such account, another address typed,
 * the last admin (checked under the admins' lock in the deletion's transaction).
 */
async function refusalOf(
  db: Kysely<Database>,
  userId: string,
  typedEmail: string,
  { lock = false } = {},
): Promise<Refusal | undefined> {
  const user = await findUser(db, userId);
  if (!user) return { ok: false, reason: 'not-found' };
  if (typedEmail.trim().toLowerCase() !== user.email.trim().toLowerCase()) {
    return { ok: false, reason: 'wrong-email' };
  }
  if (user.access !== 'admin') return undefined;
  const last = lock ? await lockAdminsAndCheckLast(db) : await isLastAdmin(db, 'admin');
  return last ? { ok: false, reason: 'last-admin' } : undefined;
}

/**
 * The person's installment plans the provider would still charge: an enrolment that holds
 * its track with installments left, bought through an order the provider charges by itself.
 */
function runningInstallmentPlans(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('orders')
    .innerJoin('enrolments', 'enrolments.order_id', 'orders.id')
    .select(['orders.provider', 'orders.subscription_ref'])
    .where('orders.user_id', '=', userId)
    .where('orders.subscription_ref', 'is not', null)
    .where('enrolments.status', 'in', ENROLLED_STATUSES)
    .whereRef('enrolments.installments_paid', '<', 'enrolments.installments_total')
    .$narrowType<{ subscription_ref: string }>()
    .execute();
}

/** Whether a person of `access` is the only admin: the page says so before anything is typed. */
export async function isLastAdmin(db: Kysely<Database>, access: string): Promise<boolean> {
  if (access !== 'admin') return false;
  const admins = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('access', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(admins.count) <= 1;
}

/**
 * `isLastAdmin` in the deletion's transaction. The no-op update locks every admin row
 * (PostgreSQL) or takes the write lock (SQLite), as a demotion does, so two admins deleting
 * at once cannot both see "another admin is left".
 */
async function lockAdminsAndCheckLast(trx: Kysely<Database>): Promise<boolean> {
  await trx
    .updateTable('users')
    .set({ access: sql`access` })
    .where('access', '=', 'admin')
    .execute();
  return isLastAdmin(trx, 'admin');
}

/**
 * `deleted-{salt}.{hash}@deleted.invalid`: the address, hashed with a random salt kept beside
 * it. Nobody can list the addresses of deleted accounts from it; given an address (a person
 * who comes back about a payment), an admin can tell whether this tombstone was theirs. The
 * `.invalid` domain can never receive mail (RFC 2606).
 */
export function saltedAddressHash(address: string, salt = randomBytes(8).toString('hex')): string {
  const hash = createHash('sha256')
    .update(`${salt}:${address.trim().toLowerCase()}`)
    .digest('hex')
    .slice(0, 32);
  return `deleted-${salt}.${hash}@deleted.invalid`;
}

/** Every kept row of the person, and every act of theirs on others, onto the tombstone. */
async function moveRows(trx: Kysely<Database>, from: string, to: string): Promise<void> {
  for (const [table, column] of KEPT_OWNER_COLUMNS) {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${to} where ${sql.ref(column)} = ${from}`.execute(
      trx,
    );
  }
  for (const [table, idColumn, nameColumn] of ACTOR_COLUMNS) {
    const name = nameColumn ? sql`, ${sql.ref(nameColumn)} = ${DELETED_ACCOUNT_NAME}` : sql``;
    await sql`update ${sql.table(table)} set ${sql.ref(idColumn)} = ${to}${name} where ${sql.ref(idColumn)} = ${from}`.execute(
      trx,
    );
  }
}

/** What the kept rows said about the person, erased; what they are for (money, the record) stays. */
async function eraseKeptRows(
  trx: Kysely<Database>,
  user: User,
  tombstoneId: string,
  now: Date,
): Promise<void> {
  const at = nowTimestamp(now);
  await eraseMoneyRows(trx, tombstoneId, at);
  await eraseLearningRows(trx, tombstoneId, at);
  await eraseInvitations(trx, user, tombstoneId, at);
}

/** Payments, enrolments, receipts and transfers: kept for accounting, emptied of the person. */
async function eraseMoneyRows(trx: Kysely<Database>, tombstoneId: string, at: string) {
  const payments = await trx
    .selectFrom('payments')
    .select(['id', 'raw_event'])
    .where('user_id', '=', tombstoneId)
    .execute();
  for (const payment of payments) {
    await trx
      .updateTable('payments')
      .set({ raw_event: keptOfProviderEvent(payment.raw_event) })
      .where('id', '=', payment.id)
      .execute();
  }
  // The access the enrolments gave ends with the account; the rows stay for accounting.
  await trx
    .updateTable('enrolments')
    .set({ status: 'cancelled', updated_at: at })
    .where('user_id', '=', tombstoneId)
    .where('status', 'in', ENROLLED_STATUSES)
    .execute();
  // The uploaded files go; the row stays empty, since the transfer (money received) points at it.
  await trx
    .updateTable('receipts')
    .set({ bytes: Buffer.alloc(0), size: 0, file_name: ERASED })
    .where('user_id', '=', tombstoneId)
    .execute();
  // A bank reference is often the payer's name; a transfer nobody decided on cannot be checked now.
  await trx
    .updateTable('bank_transfers')
    .set({ reference: ERASED })
    .where('user_id', '=', tombstoneId)
    .execute();
  await trx
    .updateTable('bank_transfers')
    .set({
      status: 'rejected',
      reason: 'The account was deleted by its holder before a decision.',
      decided_by_name: ACCOUNT_DELETION_CAUSE.name,
      decided_at: at,
    })
    .where('user_id', '=', tombstoneId)
    .where('status', '=', 'pending')
    .execute();
}

/** Project revisions and reviews, and certificates: kept as records, without the person. */
async function eraseLearningRows(trx: Kysely<Database>, tombstoneId: string, at: string) {
  // A revision nobody reviewed has nothing to keep; reviewed ones keep their verdicts.
  await trx
    .deleteFrom('project_submissions')
    .where('user_id', '=', tombstoneId)
    .where('status', '=', 'waiting')
    .execute();
  await trx
    .updateTable('project_submissions')
    .set({ repository_url: '', live_url: null, note: '' })
    .where('user_id', '=', tombstoneId)
    .execute();
  await trx
    .updateTable('project_reviews')
    .set({ feedback: '' })
    .where('submission_id', 'in', (eb) =>
      eb.selectFrom('project_submissions').select('id').where('user_id', '=', tombstoneId),
    )
    .execute();
  // Their public pages say "withdrawn by the holder", without the name.
  await trx
    .updateTable('certificates')
    .set({
      revoked_at: at,
      revoked_reason: WITHDRAWN_REASON,
      revoked_by: tombstoneId,
      revoked_by_name: 'Its holder',
    })
    .where('user_id', '=', tombstoneId)
    .where('revoked_at', 'is', null)
    .execute();
  await trx
    .updateTable('certificates')
    .set({ name: DELETED_ACCOUNT_NAME, note: null, listed: 0 })
    .where('user_id', '=', tombstoneId)
    .execute();
}

async function eraseInvitations(
  trx: Kysely<Database>,
  user: User,
  tombstoneId: string,
  at: string,
) {
  // An invitation to the address: the address goes, and one still waiting can no longer be used.
  const address = user.email.trim().toLowerCase();
  await trx
    .updateTable('invitations')
    .set({ status: 'revoked', revoked_at: at })
    .where('email', '=', address)
    .where('status', '=', 'pending')
    .execute();
  await trx
    .updateTable('invitations')
    .set({ email: saltedAddressHash(address) })
    .where((eb) => eb.or([eb('used_by', '=', tombstoneId), eb('email', '=', address)]))
    .execute();
}

/** The person's own rows with nothing to keep, and their messages, queued or sent. */
async function deleteOwnRows(trx: Kysely<Database>, user: User): Promise<void> {
  for (const [table, column] of DELETED_OWNER_COLUMNS) {
    await sql`delete from ${sql.table(table)} where ${sql.ref(column)} = ${user.id}`.execute(trx);
  }
  const address = user.email.trim().toLowerCase();
  await trx
    .deleteFrom('email_outbox')
    .where(sql`lower(recipient)`, '=', address)
    .execute();
  // Only without SMTP: the stand-in mailbox is the site's own table, so it forgets them too.
  await trx
    .deleteFrom('local_mailbox')
    .where(sql`lower(recipient)`, '=', address)
    .execute();
  // Per-person counters (`account-export:{id}`, `checkout:{id}`) end with the person's id.
  const suffix = `:${user.id}`;
  await trx
    .deleteFrom('rate_limits')
    .where(sql`length(key)`, '>', suffix.length)
    .where(sql`substr(key, length(key) - ${suffix.length - 1})`, '=', suffix)
    .execute();
}

/**
 * A provider's raw event cut to the fields reconciliation reads (decision 064): what was
 * stored before that cut was made at storage may hold more. Text that is not JSON is
 * replaced whole (nothing can be told apart in it).
 */
export function keptOfProviderEvent(raw: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return JSON.stringify(ERASED);
  }
  return JSON.stringify(reconciliationFields(parsed));
}
