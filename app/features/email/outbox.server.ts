import { createHash, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { nowTimestamp, type Database, type OutboxEmail } from '~/db/schema';
import { isDeliverableAddress, safeDisplayName, type Mailbox } from '~/lib/mail-address';
import {
  EMAIL_TEMPLATES,
  isTemplateName,
  type TemplateName,
  type TemplatePayload,
} from './email-templates';
import { nextAttemptAfterFailure } from './retry-schedule';

export interface EmailToSend<Name extends TemplateName> {
  /** One message per cause, e.g. `welcome:{userId}`: enqueueing the same key again is a no-op. */
  key: string;
  template: Name;
  payload: TemplatePayload<Name>;
  to: Mailbox;
  /** The account it concerns, so an admin sees it on that person's page. */
  userId?: string;
  /** The person the template's `about` field names, when that is someone else (decision 064). */
  about?: string;
}

/** The name and address a user's e-mails go to, read in the transaction that queues them. */
export function recipientOf(
  db: Kysely<Database>,
  userId: string,
): Promise<{ name: string; email: string }> {
  return db
    .selectFrom('users')
    .select(['name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/**
 * Queues a message to a user's own address and name, read in the transaction that queues it
 * (an address changed a moment ago is the one written). The payload is built from the same
 * row, so a greeting uses that name. Returns false when the key was already queued.
 */
export async function enqueueEmailToUser<Name extends TemplateName>(
  trx: Kysely<Database>,
  userId: string,
  email: {
    key: string;
    template: Name;
    payload: (user: { name: string; email: string }) => TemplatePayload<Name>;
  },
  now: Date,
): Promise<boolean> {
  const user = await recipientOf(trx, userId);
  const to = { address: user.email, name: user.name };
  const { key, template } = email;
  return enqueueEmail(trx, { key, template, payload: email.payload(user), to, userId }, now);
}

export class InvalidRecipientError extends Error {
  override name = 'InvalidRecipientError';
}

/**
 * Writes a message to the outbox. Pass the transaction of the change it reports: the
 * message exists exactly when that change does. Returns false when the key was already
 * queued. Nothing is sent here; the worker does that after the commit.
 */
export async function enqueueEmail<Name extends TemplateName>(
  db: Kysely<Database>,
  email: EmailToSend<Name>,
  now: Date = new Date(),
): Promise<boolean> {
  if (!isDeliverableAddress(email.to.address)) {
    throw new InvalidRecipientError(`Not an e-mail address: ${JSON.stringify(email.to.address)}`);
  }
  const template = EMAIL_TEMPLATES[email.template] as {
    subject: (payload: TemplatePayload<Name>) => string;
  };
  const at = nowTimestamp(now);
  const inserted = await db
    .insertInto('email_outbox')
    .values({
      id: randomUUID(),
      idempotency_key: email.key,
      template: email.template,
      recipient: email.to.address,
      recipient_name: safeDisplayName(email.to.name),
      user_id: email.userId ?? null,
      about_user_id: email.about ?? null,
      subject: template.subject(email.payload),
      payload: JSON.stringify(email.payload),
      created_at: at,
      queued_at: at,
      next_attempt_at: at,
    })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The Message-ID of a message: the same for every attempt, unique per idempotency key. */
export function messageIdFor(email: Pick<OutboxEmail, 'idempotency_key'>, fromAddress: string) {
  return `<${messageIdHash(email.idempotency_key)}@${fromAddress.split('@')[1] ?? 'localhost'}>`;
}

function messageIdHash(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);
}

/**
 * A deleted person's name, erased from the messages to other people that name them (an
 * admin's "Transfer to review: {name}", a review's mentor, an invitation's admin; decision
 * 064): the template's `about` field becomes `placeholder.name` and the subject is made
 * again from it. The local mailbox's copies of those messages are deleted: their raw MIME
 * cannot be rewritten reliably (encoded words, quoted-printable lines).
 */
export async function forgetPersonInOthersMail(
  trx: Kysely<Database>,
  personId: string,
  placeholder: { id: string; name: string },
): Promise<void> {
  const messages = await trx
    .selectFrom('email_outbox')
    .select(['id', 'template', 'payload', 'idempotency_key'])
    .where('about_user_id', '=', personId)
    .execute();
  for (const message of messages) {
    const template: { about?: string; subject: (payload: never) => string } | undefined =
      isTemplateName(message.template) ? EMAIL_TEMPLATES[message.template] : undefined;
    const payload = JSON.parse(message.payload) as Record<string, unknown>;
    if (template?.about) payload[template.about] = placeholder.name;
    await trx
      .updateTable('email_outbox')
      .set({
        payload: JSON.stringify(payload),
        ...(template && { subject: template.subject(payload as never) }),
        about_user_id: placeholder.id,
      })
      .where('id', '=', message.id)
      .execute();
    await trx
      .deleteFrom('local_mailbox')
      .where('message_id', 'like', `<${messageIdHash(message.idempotency_key)}@%`)
      .execute();
  }
}

/**
 * Takes up to `limit` due messages for this worker: queued ones whose time has come, and
 * ones another worker claimed but did not finish within its lease (it stopped). Each is
 * marked `sending` with a new lease. On PostgreSQL `FOR UPDATE SKIP LOCKED` lets several
 * instances claim at once without ever taking the same row.
 */
export async function claimDueEmails(
  db: Kysely<Database>,
  options: { engine: 'sqlite' | 'postgres'; limit: number; leaseMs: number; now: Date },
): Promise<OutboxEmail[]> {
  const now = nowTimestamp(options.now);
  const due = db
    .selectFrom('email_outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<=', now)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .limit(options.limit);
  return db
    .updateTable('email_outbox')
    .set((eb) => ({
      status: 'sending',
      attempts: eb('attempts', '+', 1),
      claimed_until: nowTimestamp(new Date(options.now.getTime() + options.leaseMs)),
    }))
    .where('id', 'in', options.engine === 'postgres' ? due.forUpdate().skipLocked() : due)
    .returningAll()
    .execute();
}

/**
 * With one SQLite file there is one server process: a message still `sending` when it
 * starts was interrupted by a crash, and can be sent again without waiting for its lease.
 */
export async function requeueInterruptedSends(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .updateTable('email_outbox')
    .set({ status: 'queued', claimed_until: null, next_attempt_at: nowTimestamp(now) })
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Messages to an account that no longer exists (decision 049): once sent or given up, the
 * row forgets the address it went to, so the outbox keeps no trace of a deleted person.
 */
const FORGET_RECIPIENT_OF: readonly TemplateName[] = ['account-deleted'];
export const FORGOTTEN_RECIPIENT = 'forgotten@deleted.invalid';

/** The recipient's columns once a message is done: forgotten for FORGET_RECIPIENT_OF. */
function recipientWhenDone() {
  const forget = sql`template in (${sql.join(FORGET_RECIPIENT_OF)})`;
  return {
    recipient: sql<string>`case when ${forget} then ${FORGOTTEN_RECIPIENT} else recipient end`,
    recipient_name: sql<string>`case when ${forget} then '' else recipient_name end`,
  };
}

export async function markEmailSent(db: Kysely<Database>, id: string, now: Date): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({
      status: 'sent',
      sent_at: nowTimestamp(now),
      claimed_until: null,
      last_error: null,
      ...recipientWhenDone(),
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/**
 * Records a failed attempt: back to the queue after the next wait, or `failed` when a day
 * of retries is over or retrying cannot help (`permanent`). Returns the new status.
 */
export async function markEmailAttemptFailed(
  db: Kysely<Database>,
  email: Pick<OutboxEmail, 'id' | 'attempts' | 'queued_at'>,
  error: string,
  now: Date,
  permanent = false,
): Promise<'queued' | 'failed'> {
  const next = permanent
    ? undefined
    : nextAttemptAfterFailure(email.attempts, new Date(email.queued_at), now);
  await db
    .updateTable('email_outbox')
    .set({
      status: next ? 'queued' : 'failed',
      claimed_until: null,
      last_error: error.slice(0, 500),
      ...(next ? { next_attempt_at: nowTimestamp(next) } : recipientWhenDone()),
    })
    .where('id', '=', email.id)
    .where('status', '=', 'sending')
    .execute();
  return next ? 'queued' : 'failed';
}

export type EmailSummary = Pick<
  OutboxEmail,
  | 'id'
  | 'subject'
  | 'status'
  | 'attempts'
  | 'created_at'
  | 'sent_at'
  | 'last_error'
  | 'next_attempt_at'
>;

/** The messages written for one person, newest first (the admin's user page). */
export function listEmailsForUser(
  db: Kysely<Database>,
  userId: string,
  limit = 50,
): Promise<EmailSummary[]> {
  return db
    .selectFrom('email_outbox')
    .select([
      'id',
      'subject',
      'status',
      'attempts',
      'created_at',
      'sent_at',
      'last_error',
      'next_attempt_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * An admin's retry of a failed message written for `userId`: queued again now, with a
 * fresh day of retries. False when that person has no failed message with this id
 * (unknown, someone else's, or already queued or sent): nothing changes.
 */
export async function retryFailedEmail(
  db: Kysely<Database>,
  id: string,
  userId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const at = nowTimestamp(now);
  const result = await db
    .updateTable('email_outbox')
    .set({ status: 'queued', attempts: 0, queued_at: at, next_attempt_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
