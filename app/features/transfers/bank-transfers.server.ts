import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findPlan, planName, planPrice, type Plan } from '~/content/plans';
import { nowTimestamp, type BankTransfer, type Cohort, type Database } from '~/db/schema';
import { isUniqueViolation, lockUserRow } from '~/db/database.server';
import type { TemplateName } from '~/features/email/email-templates';
import { enqueueEmail, enqueueEmailToUser } from '~/features/email/outbox.server';
import type { TransferReceiptProps } from '~/features/email/templates/transfer-emails';
import { reconcileAccess } from '~/features/enrolment/access.server';
import { issueReceipt } from '~/features/receipts/receipts.server';
import { formatDayUtc, formatMinorUnits } from '~/lib/format';
import type { ReceiptType } from './receipt-file.server';

export const PENDING_EXISTS =
  'You already have a transfer waiting for review. We will confirm it within 24 hours; you can submit another once it is decided.';

export interface TransferSubmission {
  userId: string;
  plan: Plan;
  /** Whole naira, as the student typed it. */
  amountNaira: number;
  /** `YYYY-MM-DD`. */
  transferDate: string;
  reference: string;
  receipt: { bytes: Buffer; type: ReceiptType; fileName: string };
}

/** A transfer or receipt id: random, never a user id, never guessable. */
const newId = (prefix: string) => `${prefix}_${randomBytes(16).toString('base64url')}`;

/** "21 November 2026" from `2026-11-21`, as the e-mails and pages show a transfer's day. */
export function formatTransferDate(day: string): string {
  return formatDayUtc(day, 'long');
}

/**
 * Records a reported transfer with its receipt and queues the "we received it" e-mail, in
 * one transaction. A second pending transfer from the same person, for any plan, is
 * refused: the person's row is locked first on PostgreSQL (SQLite runs one write
 * transaction at a time), and the unique index over pending rows backs it for one plan.
 */
export async function submitTransfer(
  db: Kysely<Database>,
  submission: TransferSubmission,
  now: Date = new Date(),
): Promise<{ ok: true; transferId: string } | { ok: false; error: string }> {
  const at = nowTimestamp(now);
  try {
    return await db.transaction().execute(async (trx) => {
      await lockUserRow(trx, submission.userId);
      const pending = await trx
        .selectFrom('bank_transfers')
        .select('id')
        .where('user_id', '=', submission.userId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (pending) return { ok: false as const, error: PENDING_EXISTS };
      const receiptId = newId('rcp');
      await trx
        .insertInto('receipts')
        .values({
          id: receiptId,
          user_id: submission.userId,
          content_type: submission.receipt.type,
          file_name: submission.receipt.fileName,
          size: submission.receipt.bytes.length,
          bytes: submission.receipt.bytes,
          created_at: at,
        })
        .execute();
      const transfer = await trx
        .insertInto('bank_transfers')
        .values({
          id: newId('trf'),
          user_id: submission.userId,
          plan_id: submission.plan.id,
          amount: submission.amountNaira * 100,
          currency: 'NGN',
          transfer_date: submission.transferDate,
          reference: submission.reference,
          receipt_id: receiptId,
          status: 'pending',
          created_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await emailStudent(trx, transfer, 'transfer-received', now);
      await alertAdmins(trx, transfer, now);
      return { ok: true as const, transferId: transfer.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, error: PENDING_EXISTS };
    throw error;
  }
}

export type TransferDecision =
  | {
      kind: 'approve';
      cohort: Cohort;
      /** Why an amount other than the plan's is accepted: required for one, else unused. */
      mismatchNote?: string;
    }
  | { kind: 'reject'; reason: string };

export type DecisionResult =
  | { outcome: 'decided'; transfer: BankTransfer }
  | { outcome: 'already-decided'; transfer: BankTransfer }
  /** The amount sent is not the plan's (in kobo; null for a withdrawn plan) and no note came. */
  | { outcome: 'amount-unconfirmed'; expected: number | null }
  | { outcome: 'not-found' };

/** What one transfer for a plan should be, in kobo (null for a plan since withdrawn). */
export function expectedTransferAmount(planId: string): number | null {
  const plan = findPlan(planId);
  return plan ? planPrice(plan, 'NGN') : null;
}

/** The query for one transfer's row, read before a decision and again if another won. */
function transferById(trx: Kysely<Database>, transferId: string) {
  return trx.selectFrom('bank_transfers').selectAll().where('id', '=', transferId);
}

/**
 * An admin's decision, in one transaction: the transfer leaves `pending` only once (two
 * admins at once: the second finds it decided), and an approval records an enrolment,
 * raises access to level-1 (never lowering an admin) with the chosen cohort, audited as
 * that admin, and tells the student; a rejection tells them why. An amount other than the
 * plan's is approved only with the admin's note, kept in `reason` beside who decided.
 */
export async function decideTransfer(
  db: Kysely<Database>,
  transferId: string,
  admin: { id: string; name: string },
  decision: TransferDecision,
  now: Date = new Date(),
): Promise<DecisionResult> {
  const at = nowTimestamp(now);
  return db.transaction().execute(async (trx) => {
    const transfer = await transferById(trx, transferId).executeTakeFirst();
    if (!transfer) return { outcome: 'not-found' };
    const expected = expectedTransferAmount(transfer.plan_id);
    const mismatch = transfer.amount !== expected;
    const note = decision.kind === 'approve' && mismatch ? decision.mismatchNote : undefined;
    if (decision.kind === 'approve' && mismatch && !note && transfer.status === 'pending') {
      return { outcome: 'amount-unconfirmed', expected };
    }
    const claimed = await trx
      .updateTable('bank_transfers')
      .set({
        status: decision.kind === 'approve' ? 'approved' : 'rejected',
        reason: decision.kind === 'reject' ? decision.reason : (note ?? null),
        cohort: decision.kind === 'approve' ? decision.cohort : null,
        decided_by: admin.id,
        decided_by_name: admin.name,
        decided_at: at,
      })
      .where('id', '=', transferId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!claimed) {
      // Decided since it was read: the row as the other decision left it.
      const decided = await transferById(trx, transferId).executeTakeFirstOrThrow();
      return { outcome: 'already-decided', transfer: decided };
    }
    if (decision.kind === 'approve') {
      const plan = findPlan(claimed.plan_id);
      await trx
        .insertInto('enrolments')
        .values({
          id: randomUUID(),
          user_id: claimed.user_id,
          order_id: null,
          track: plan?.theme ?? 'frontend',
          plan_id: claimed.plan_id,
          status: 'active',
          // The transfer an admin matched pays for the plan: there is nothing more to collect.
          installments_paid: 1,
          installments_total: 1,
          source: 'bank-transfer',
          created_at: at,
          updated_at: at,
        })
        .execute();
      await reconcileAccess(trx, claimed.user_id, admin, now, { cohort: decision.cohort });
      const receipt = await issueReceipt(trx, 'transfer', claimed.id, now);
      await emailStudent(trx, claimed, 'transfer-approved', now, {
        transferId: claimed.id,
        receiptNumber: receipt.number,
      });
    } else {
      await emailStudent(trx, claimed, 'transfer-rejected', now);
    }
    return { outcome: 'decided', transfer: claimed };
  });
}

async function emailStudent(
  trx: Kysely<Database>,
  transfer: BankTransfer,
  template: Extract<TemplateName, `transfer-${string}`>,
  now: Date,
  receipt: TransferReceiptProps = {},
): Promise<void> {
  await enqueueEmailToUser(
    trx,
    transfer.user_id,
    {
      key: `${template}:${transfer.id}`,
      template,
      payload: (user) => {
        const common = {
          name: user.name,
          planName: planName(transfer.plan_id),
          amount: formatMinorUnits(transfer.amount, transfer.currency),
          transferDate: formatTransferDate(transfer.transfer_date),
          track: findPlan(transfer.plan_id)?.theme,
        };
        return template === 'transfer-rejected'
          ? { ...common, reason: transfer.reason ?? '' }
          : { ...common, ...receipt };
      },
    },
    now,
  );
}

/** Each admin who has not turned transfer e-mails off hears of a new transfer at once. */
async function alertAdmins(trx: Kysely<Database>, transfer: BankTransfer, now: Date) {
  const [student, admins] = await Promise.all([
    trx
      .selectFrom('users')
      .select('name')
      .where('id', '=', transfer.user_id)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where('access', '=', 'admin')
      .where('transfer_alerts', '=', 1)
      .execute(),
  ]);
  for (const admin of admins) {
    await enqueueEmail(
      trx,
      {
        key: `transfer-submitted:${transfer.id}:${admin.id}`,
        template: 'transfer-submitted',
        payload: {
          adminName: admin.name,
          studentName: student.name,
          planName: planName(transfer.plan_id),
          amount: formatMinorUnits(transfer.amount, transfer.currency),
          transferDate: formatTransferDate(transfer.transfer_date),
          transferId: transfer.id,
        },
        to: { address: admin.email, name: admin.name },
        userId: admin.id,
        about: transfer.user_id,
      },
      now,
    );
  }
}

/** An admin turns the e-mail about each submitted transfer on or off, for themselves. */
export async function setTransferAlerts(
  db: Kysely<Database>,
  adminId: string,
  on: boolean,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ transfer_alerts: on ? 1 : 0 })
    .where('id', '=', adminId)
    .where('access', '=', 'admin')
    .execute();
}
