import { sql, type Kysely, type Selectable } from 'kysely';
import { planName } from '~/content/plans';
import { findUser } from '~/features/auth/user-records.server';
import { cohortNameOf, listCohorts } from '~/features/cohorts/cohorts.server';
import { submissionsOf } from '~/features/projects/submissions.server';
import type { Database } from '~/db/schema';
import { consumeRateLimit } from '~/lib/rate-limit.server';
import { EXPORTS_PER_HOUR } from './account-data';
import { utcDay } from '~/lib/days';
import { certificatePath } from '~/features/certificates/certificate-links';

/**
 * "Download my data" (GDPR Articles 15 and 20; decision 049): one JSON file of
 * everything the site holds about the signed-in person, in the shape docs/account-data.md
 * documents. `format` names that shape: a key is only ever added within a format; renaming
 * or removing one makes the next format.
 *
 * The file is written a section at a time to a stream: each section is read when the
 * connection has taken the previous one, so the server never builds the whole file in memory
 * and a client that goes away stops the reading.
 */

export const ACCOUNT_DATA_FORMAT = 'frontier-dev-academy/account-data/1';

/** The window of the download's rate limit: an hour (the expiry sweep keeps its counters as long). */
export const EXPORT_WINDOW_MS = 60 * 60 * 1000;

/** The rate limit's key of one person's downloads (their deletion forgets it). */
export function exportRateLimitKey(userId: string): string {
  return `account-export:${userId}`;
}

/** Counts a download; how long to wait when it is one too many this hour. */
export async function consumeExportAllowance(
  db: Kysely<Database>,
  userId: string,
  now: Date = new Date(),
) {
  return consumeRateLimit(db, exportRateLimitKey(userId), EXPORTS_PER_HOUR, EXPORT_WINDOW_MS, now);
}

/** `my-data-2026-11-26.json`: the day of the download (UTC). */
export function exportFileName(now: Date = new Date()): string {
  return `my-data-${utcDay(now)}.json`;
}

type Section = (db: Kysely<Database>, userId: string, origin: string) => Promise<unknown>;

/** The tables read whole for the file, each with the time its rows are listed by. */
const LISTED_BY = {
  sessions: 'created_at',
  enrolments: 'created_at',
  orders: 'created_at',
  payments: 'created_at',
  bank_transfers: 'created_at',
  quiz_attempts: 'started_at',
  certificates: 'issued_at',
  email_outbox: 'created_at',
  user_changes: 'changed_at',
  enrolment_changes: 'changed_at',
  cohort_staff_changes: 'changed_at',
} as const;
type ListedTable = keyof typeof LISTED_BY;

/** Every row of `table` that is `userId`'s, oldest first (ties by id: the same order each time). */
function rowsOwnedBy<T extends ListedTable>(
  db: Kysely<Database>,
  table: T,
  userId: string,
): Promise<Selectable<Database[T]>[]> {
  // Kysely cannot type a query over a union of tables; each of them has `user_id`.
  const owned = db as unknown as Kysely<{ owned: { user_id: string } }>;
  return owned
    .selectFrom(table as unknown as 'owned')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy(sql.ref(LISTED_BY[table]))
    .orderBy(sql.ref(table === 'sessions' ? 'id_hash' : 'id'))
    .execute() as Promise<Selectable<Database[T]>[]>;
}

/** A section that lists every row of `table` that is the person's, each written as `entry` says. */
function listSection<T extends ListedTable>(
  table: T,
  entry: (row: Selectable<Database[T]>, origin: string) => unknown,
): Section {
  return async (db, userId, origin) =>
    (await rowsOwnedBy(db, table, userId)).map((row) => entry(row, origin));
}

/** The file's keys after `format` and `exportedAt`, in order, each read when it is written. */
const SECTIONS: Record<string, Section> = {
  profile: async (db, userId) => {
    const user = await findUser(db, userId);
    if (!user) throw new Error(`No account ${userId}`);
    const cohortName = await cohortNameOf(db, user.cohort);
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.email_verified === 1,
      access: user.access,
      cohort: cohortName === null ? null : { id: user.cohort, name: cohortName },
      createdAt: user.created_at,
      editedByAdminAt: user.edited_at,
      liveClassReminders: user.reminder_emails === 1,
      transferAlerts: user.access === 'admin' ? user.transfer_alerts === 1 : null,
      reviewEmails: user.review_emails,
    };
  },
  sessions: listSection('sessions', (row) => ({
    startedAt: row.created_at,
    lastUsedAt: row.last_seen_at,
    expiresAt: row.expires_at,
  })),
  enrolments: listSection('enrolments', (row) => ({
    id: row.id,
    track: row.track,
    planId: row.plan_id,
    planName: planName(row.plan_id),
    status: row.status,
    installmentsPaid: row.installments_paid,
    installmentsTotal: row.installments_total,
    source: row.source,
    orderId: row.order_id,
    grantedBy: row.granted_by_name,
    grantReason: row.grant_reason,
    // An admin's grant revoked (decision 063): when, by whom, and why.
    revokedAt: row.revoked_at,
    revokedBy: row.revoked_by_name,
    revokeReason: row.revoke_reason,
    // An unpaid installment: since when, the day access pauses if an admin moved it, when it paused.
    overdueSince: row.overdue_since,
    pauseDueAt: row.pause_due_at,
    pausedAt: row.paused_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  })),
  orders: async (db, userId) => {
    const codes = new Map(
      (
        await db
          .selectFrom('orders')
          .innerJoin('discount_codes', 'discount_codes.id', 'orders.discount_code_id')
          .select(['orders.id', 'discount_codes.code'])
          .where('orders.user_id', '=', userId)
          .execute()
      ).map((order) => [order.id, order.code]),
    );
    return (await rowsOwnedBy(db, 'orders', userId)).map((row) => ({
      id: row.id,
      planId: row.plan_id,
      planName: planName(row.plan_id),
      track: row.track,
      amountPerPayment: row.amount,
      currency: row.currency,
      installments: row.installments,
      // The discount code it was made with, and what that took off each payment.
      discountCode: codes.get(row.id) ?? null,
      discountPerPayment: row.discount_amount,
      provider: row.provider,
      status: row.status,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  },
  payments: listSection('payments', (row, origin) => ({
    id: row.id,
    orderId: row.order_id,
    provider: row.provider,
    providerReference: row.provider_payment_id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    paidAt: row.created_at,
    refundedAt: row.refunded_at,
    refundedAmount: row.refunded_amount,
    receiptUrl: `${origin}/account/receipts/payment/${encodeURIComponent(row.id)}`,
  })),
  bankTransfers: listSection('bank_transfers', (row, origin) => ({
    id: row.id,
    planId: row.plan_id,
    planName: planName(row.plan_id),
    amount: row.amount,
    currency: row.currency,
    transferDate: row.transfer_date,
    reference: row.reference,
    status: row.status,
    decisionReason: row.reason,
    decidedAt: row.decided_at,
    reportedAt: row.created_at,
    uploadedFileUrl: `${origin}/receipts/${encodeURIComponent(row.receipt_id)}`,
    receiptUrl:
      row.status === 'approved'
        ? `${origin}/account/receipts/transfer/${encodeURIComponent(row.id)}`
        : null,
  })),
  progress: async (db, userId) =>
    (
      await db
        .selectFrom('step_completions')
        .select(['step', 'completed_at'])
        .where('user_id', '=', userId)
        .orderBy('completed_at')
        .orderBy('step')
        .execute()
    ).map((row) => ({ step: row.step, completedAt: row.completed_at })),
  quizAttempts: listSection('quiz_attempts', (row) => ({
    id: row.id,
    quizId: row.quiz_id,
    startedAt: row.started_at,
    submittedAt: row.submitted_at,
    // Question id to the option ids chosen; null while the attempt is open.
    answers: row.answers === null ? null : (JSON.parse(row.answers) as unknown),
    correct: row.correct,
    total: row.total,
  })),
  // Newest first, each revision with its review (the shape the step page reads).
  projectSubmissions: (db, userId) => submissionsOf(db, userId),
  certificates: listSection('certificates', (row, origin) => ({
    id: row.id,
    nameOnCertificate: row.name,
    track: row.track,
    cohortName: row.cohort_name,
    issuedAt: row.issued_at,
    listedInSearchEngines: row.listed === 1,
    revokedAt: row.revoked_at,
    revokedReason: row.revoked_reason,
    url: `${origin}${certificatePath(row.id)}`,
  })),
  liveClassAttendance: async (db, userId) =>
    (
      await db
        .selectFrom('live_attendance')
        .innerJoin('live_sessions', 'live_sessions.id', 'live_attendance.session_id')
        .select([
          'live_sessions.id',
          'live_sessions.title',
          'live_sessions.starts_at',
          'live_attendance.first_joined_at',
          'live_attendance.mark',
          'live_attendance.marked_by_name',
          'live_attendance.marked_at',
        ])
        .where('live_attendance.user_id', '=', userId)
        .orderBy('live_sessions.starts_at')
        .orderBy('live_sessions.id')
        .execute()
    ).map((row) => ({
      classId: row.id,
      title: row.title,
      startsAt: row.starts_at,
      firstJoinedAt: row.first_joined_at,
      mark: row.mark,
      markedBy: row.marked_by_name,
      markedAt: row.marked_at,
    })),
  emails: listSection('email_outbox', (row) => ({
    subject: row.subject,
    to: row.recipient,
    status: row.status,
    queuedAt: row.created_at,
    sentAt: row.sent_at,
  })),
  accessHistory: listSection('user_changes', (row) => ({
    changedAt: row.changed_at,
    changedBy: row.changed_by_name,
    accessBefore: row.access_before,
    accessAfter: row.access_after,
    cohortBefore: row.cohort_before,
    cohortAfter: row.cohort_after,
    reason: row.reason,
  })),
  // An admin's extension of the grace period or waiver of an installment.
  overdueChanges: listSection('enrolment_changes', (row) => ({
    enrolmentId: row.enrolment_id,
    action: row.action,
    detail: row.detail,
    reason: row.reason,
    changedBy: row.changed_by_name,
    changedAt: row.changed_at,
  })),
  mentorRoles: async (db, userId) => {
    const cohorts = new Map((await listCohorts(db)).map((cohort) => [cohort.id, cohort.name]));
    return (await rowsOwnedBy(db, 'cohort_staff_changes', userId)).map((row) => ({
      cohortId: row.cohort_id,
      cohortName: cohorts.get(row.cohort_id) ?? null,
      role: row.role,
      action: row.action,
      changedBy: row.changed_by_name,
      changedAt: row.changed_at,
    }));
  },
};

/** The keys of the file, in order: docs/account-data.md documents each one. */
export const ACCOUNT_DATA_KEYS = ['format', 'exportedAt', ...Object.keys(SECTIONS)] as const;

/**
 * The person's data as a JSON byte stream: `{"format":…,"exportedAt":…,` first, then one
 * section per pull, then `}`. The whole is one JSON object, pretty-printed two spaces deep.
 */
export function accountDataStream(
  db: Kysely<Database>,
  userId: string,
  { origin, now = new Date() }: { origin: string; now?: Date },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pending = Object.entries(SECTIONS);
  let cancelled = false;
  const member = (key: string, value: unknown) =>
    `  ${JSON.stringify(key)}: ${JSON.stringify(value, null, 2).replaceAll('\n', '\n  ')}`;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const head = [
        member('format', ACCOUNT_DATA_FORMAT),
        member('exportedAt', now.toISOString()),
      ].join(',\n');
      controller.enqueue(encoder.encode(`{\n${head}`));
    },
    async pull(controller) {
      const next = pending.shift();
      if (!next) {
        controller.enqueue(encoder.encode('\n}\n'));
        controller.close();
        return;
      }
      const [key, read] = next;
      const value = await read(db, userId, origin);
      if (cancelled) return;
      controller.enqueue(encoder.encode(`,\n${member(key, value)}`));
    },
    cancel() {
      cancelled = true;
    },
  });
}

/** What the download is: JSON. */
export const ACCOUNT_DATA_TYPE = 'application/json; charset=utf-8';
