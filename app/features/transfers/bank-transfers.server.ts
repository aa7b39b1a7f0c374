import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findPlan, planName, planPrice, type Plan } from '~/content/plans';
import {
  nowTimestamp,
  type BankTransfer,
  type Cohort,
  type Database,
  type Enrolment,
} from '~/db/schema';
import { isUniqueViolation, lockUserRow } from '~/db/database.server';
import type { TemplateName } from '~/features/email/email-templates';
import { enqueueEmail, enqueueEmailToUser } from '~/features/email/outbox.server';
import type { TransferApprovedProps } from '~/features/email/templates/transfer-emails';
import { reconcileAccess } from '~/features/enrolment/access.server';
import { settleOverdue } from '~/features/enrolment/overdue.server';
import { issueReceipt } from '~/features/receipts/receipts.server';
import { formatDayUtc, formatMinorUnits } from '~/lib/format';
import type { ReceiptType } from './receipt-file.server';
import type { TransferPays } from './transfer-decision';

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
  /** The person's plan is paid in full already (a transfer reported twice): nothing changes. */
  | { outcome: 'plan-paid' }
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

/** The person's enrolment in the plan bought by transfer and not refunded or cancelled. */
export function transferEnrolmentOf(
  trx: Kysely<Database>,
  transfer: Pick<BankTransfer, 'user_id' | 'plan_id'>,
) {
  return trx
    .selectFrom('enrolments')
    .selectAll()
    .where('user_id', '=', transfer.user_id)
    .where('plan_id', '=', transfer.plan_id)
    .where('source', '=', 'bank-transfer')
    .where('status', 'in', ['active', 'overdue'])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** What approving a transfer does, given the person's enrolment in its plan (decision 074). */
export function transferPaysOf(
  held: Pick<Enrolment, 'installments_paid' | 'installments_total'> | undefined,
): TransferPays {
  if (!held) return { kind: 'first' };
  if (held.installments_paid >= held.installments_total) return { kind: 'plan-paid' };
  return {
    kind: 'installment',
    installment: held.installments_paid + 1,
    of: held.installments_total,
  };
}

/**
 * A later transfer of an installment plan pays its next installment (decision 074): the
 * count rises, an overdue one is settled, and a paused one opens again at once, audited
 * with the approval as its cause (automatic, like a card's payment, so a later pause is too).
 */
async function payNextInstallment(
  trx: Kysely<Database>,
  enrolment: Enrolment,
  admin: { id: string; name: string },
  now: Date,
): Promise<number> {
  const installment = enrolment.installments_paid + 1;
  await trx
    .updateTable('enrolments')
    .set({ installments_paid: installment, status: 'active', updated_at: nowTimestamp(now) })
    .where('id', '=', enrolment.id)
    .execute();
  const cause = {
    id: 'payment',
    name: `Bank transfer: installment ${installment} of ${enrolment.installments_total} approved by ${admin.name}`,
  };
  if (enrolment.status === 'overdue') await settleOverdue(trx, enrolment, cause, now);
  await reconcileAccess(trx, enrolment.user_id, cause, now);
  return installment;
}

/**
 * An admin's decision, in one transaction: the transfer leaves `pending` only once (two
 * admins at once: the second finds it decided), and a rejection tells the student why. An
 * approval opens an enrolment counting the plan's installments, the first paid, raises
 * access to level-1 (never lowering an admin) with the chosen cohort, audited as that admin,
 * and tells the student; a later one for the same open plan pays its next installment
 * instead, in the student's cohort (decision 074), and one for a plan paid in full is
 * refused. An amount other than the plan's is approved only with the admin's note, kept in
 * `reason` beside who decided.
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
    // The student's row first, whatever the decision: the sweep marks their enrolment overdue
    // under it, and one order of locks (person, then transfer) keeps two admins from deadlocking.
    await lockUserRow(trx, transfer.user_id);
    const expected = expectedTransferAmount(transfer.plan_id);
    const mismatch = transfer.amount !== expected;
    const note = decision.kind === 'approve' && mismatch ? decision.mismatchNote : undefined;
    if (decision.kind === 'approve' && mismatch && !note && transfer.status === 'pending') {
      return { outcome: 'amount-unconfirmed', expected };
    }
    const held =
      decision.kind === 'approve' && transfer.status === 'pending'
        ? await transferEnrolmentOf(trx, transfer)
        : undefined;
    if (transferPaysOf(held).kind === 'plan-paid') return { outcome: 'plan-paid' };
    const claimed = await trx
      .updateTable('bank_transfers')
      .set({
        status: decision.kind === 'approve' ? 'approved' : 'rejected',
        reason: decision.kind === 'reject' ? decision.reason : (note ?? null),
        // A later installment leaves the student in their cohort.
        cohort: decision.kind === 'approve' && !held ? decision.cohort : null,
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
      await approveTransfer(trx, claimed, held, admin, decision.cohort, now);
    } else {
      await emailStudent(trx, claimed, 'transfer-rejected', now);
    }
    return { outcome: 'decided', transfer: claimed };
  });
}

/**
 * What an approved transfer does: the first of a plan opens its enrolment and raises access
 * with the chosen cohort; a later one pays the plan's next installment (decision 074). Either
 * way the transfer gets its receipt number and the student the e-mail naming the installment.
 */
async function approveTransfer(
  trx: Kysely<Database>,
  claimed: BankTransfer,
  held: Awaited<ReturnType<typeof transferEnrolmentOf>>,
  admin: { id: string; name: string },
  cohort: Cohort,
  now: Date,
): Promise<void> {
  const at = nowTimestamp(now);
  const plan = findPlan(claimed.plan_id);
  const installments = plan?.payments ?? 1;
  let installment = 1;
  if (held) {
    installment = await payNextInstallment(trx, held, admin, now);
  } else {
    await trx
      .insertInto('enrolments')
      .values({
        id: randomUUID(),
        user_id: claimed.user_id,
        order_id: null,
        track: plan?.theme ?? 'frontend',
        plan_id: claimed.plan_id,
        status: 'active',
        // The first of the plan's installments; the sweep chases the next (decision 074).
        installments_paid: 1,
        installments_total: installments,
        source: 'bank-transfer',
        created_at: at,
        updated_at: at,
      })
      .execute();
    await reconcileAccess(trx, claimed.user_id, admin, now, { cohort });
  }
  const receipt = await issueReceipt(trx, 'transfer', claimed.id, now);
  await emailStudent(trx, claimed, 'transfer-approved', now, {
    transferId: claimed.id,
    receiptNumber: receipt.number,
    installment,
    installments,
  });
}

async function emailStudent(
  trx: Kysely<Database>,
  transfer: BankTransfer,
  template: Extract<TemplateName, `transfer-${string}`>,
  now: Date,
  receipt: TransferApprovedProps = {},
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
