import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { ENROLLED_STATUSES, nowTimestamp, type Database, type User } from '~/db/schema';
import { findUser, recordUserChange } from '~/features/auth/user-records.server';
import { enqueueEmail } from '~/features/email/outbox.server';
import { isDeliverableAddress } from '~/lib/mail-address';
import { WITHDRAWN_REASON } from '~/features/certificates/certificates.server';
import { DELETED_ACCOUNT_NAME } from './account-data';

/**
 * Deleting one's own account (issue 30, decision 049), in one transaction.
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
] as const;

/** Columns that name who acted without their id: matched by the name. */
const ACTOR_NAME_COLUMNS = [
  ['enrolments', 'granted_by_name'],
  ['certificates', 'revoked_by_name'],
  ['live_attendance', 'marked_by_name'],
] as const;

/**
 * Keys of a provider's event that hold a person's name, e-mail, phone or address (Stripe's
 * `customer_details`, `billing_details`, `receipt_email`; Paystack's `customer.first_name`,
 * `authorization.account_name`…): their values are replaced, whatever their depth.
 */
const PERSONAL_EVENT_KEY = /name|e_?mail|phone|address|shipping|billing_details|customer_details/i;
export const ERASED = '[erased]';

export type DeletionOutcome =
  | { ok: true; tombstoneId: string; address: string }
  | { ok: false; reason: 'wrong-email' | 'last-admin' | 'not-found' };

/**
 * Deletes `userId`'s account when `typedEmail` is its address (trimmed, any case), unless
 * they are the last admin. Queues the confirmation to the address in the same transaction:
 * that outbox row holds the address until it is sent (or given up), then forgets it.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  { userId, typedEmail }: { userId: string; typedEmail: string },
  now: Date = new Date(),
): Promise<DeletionOutcome> {
  return db.transaction().execute(async (trx) => {
    const user = await findUser(trx, userId);
    if (!user) return { ok: false, reason: 'not-found' };
    if (typedEmail.trim().toLowerCase() !== user.email.trim().toLowerCase()) {
      return { ok: false, reason: 'wrong-email' };
    }
    if (user.access === 'admin' && (await lockAdminsAndCheckLast(trx))) {
      return { ok: false, reason: 'last-admin' };
    }
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
  for (const [table, column] of ACTOR_NAME_COLUMNS) {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${DELETED_ACCOUNT_NAME} where ${sql.ref(column)} = ${user.name}`.execute(
      trx,
    );
  }
  const payments = await trx
    .selectFrom('payments')
    .select(['id', 'raw_event'])
    .where('user_id', '=', tombstoneId)
    .execute();
  for (const payment of payments) {
    await trx
      .updateTable('payments')
      .set({ raw_event: scrubProviderEvent(payment.raw_event) })
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
    .set({ revoked_at: at, revoked_reason: WITHDRAWN_REASON, revoked_by_name: 'Its holder' })
    .where('user_id', '=', tombstoneId)
    .where('revoked_at', 'is', null)
    .execute();
  await trx
    .updateTable('certificates')
    .set({ name: DELETED_ACCOUNT_NAME, note: null, listed: 0 })
    .where('user_id', '=', tombstoneId)
    .execute();
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
 * A provider's raw event with every name, e-mail, phone and address field replaced: the
 * amounts, currency, ids and status stay for accounting. Text that is not JSON is replaced
 * whole (nothing can be told apart in it).
 */
export function scrubProviderEvent(raw: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return JSON.stringify(ERASED);
  }
  return JSON.stringify(scrubValue(parsed));
}

function scrubValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubValue);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      PERSONAL_EVENT_KEY.test(key) && inner !== null ? ERASED : scrubValue(inner),
    ]),
  );
}
