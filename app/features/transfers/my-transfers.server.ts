import type { Kysely } from 'kysely';
import { findPlan, planName } from '~/content/plans';
import { installmentReceived } from '~/features/enrolment/order-words';
import type { BankTransferStatus, Database } from '~/db/schema';
import { formatMinorUnits } from '~/lib/format';
import { expectedTransferAmount, formatTransferDate } from './bank-transfers.server';
import { transferMismatch } from './transfer-form';

/** A transfer as its student sees it: never who decided it or anyone else's data. */
export interface MyTransfer {
  id: string;
  planName: string;
  amount: string;
  /** `₦25,000 short of the ₦225,000 expected`, or null when the amount is the plan's. */
  mismatch: string | null;
  /** `Installment 2 of 3 received` for an approved later installment of a plan, else null. */
  installmentReceived: string | null;
  transferDate: string;
  /** The day it was submitted, as the pages print a day. */
  submittedOn: string;
  status: BankTransferStatus;
  reason: string | null;
  receiptUrl: string;
}

const LIMIT = 10;

/**
 * Which installment of its plan each approved transfer of the person paid: they are counted
 * in the order they were approved, one installment each (decision 074).
 */
async function installmentsPaidBy(
  db: Kysely<Database>,
  userId: string,
): Promise<Map<string, { number: number; of: number }>> {
  const approved = await db
    .selectFrom('bank_transfers')
    .select(['id', 'plan_id'])
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .orderBy('decided_at')
    .orderBy('id')
    .execute();
  const counted = new Map<string, number>();
  const paid = new Map<string, { number: number; of: number }>();
  for (const transfer of approved) {
    const of = findPlan(transfer.plan_id)?.payments ?? 1;
    const number = (counted.get(transfer.plan_id) ?? 0) + 1;
    counted.set(transfer.plan_id, number);
    if (of > 1) paid.set(transfer.id, { number, of });
  }
  return paid;
}

/** The signed-in student's transfers, newest first (or one of them, by id). */
export async function listTransfersOf(
  db: Kysely<Database>,
  userId: string,
  transferId?: string,
): Promise<MyTransfer[]> {
  let query = db
    .selectFrom('bank_transfers')
    .select([
      'id',
      'plan_id',
      'amount',
      'currency',
      'transfer_date',
      'status',
      'reason',
      'receipt_id',
      'created_at',
    ])
    .where('user_id', '=', userId);
  if (transferId) query = query.where('id', '=', transferId);
  const [rows, installments] = await Promise.all([
    query.orderBy('created_at', 'desc').limit(LIMIT).execute(),
    installmentsPaidBy(db, userId),
  ]);
  return rows.map((row) => {
    const expected = expectedTransferAmount(row.plan_id);
    const installment = installments.get(row.id);
    return {
      id: row.id,
      planName: planName(row.plan_id),
      amount: formatMinorUnits(row.amount, row.currency),
      // Kobo to naira: a transfer is always in naira, and its plan's amount is whole naira.
      mismatch: expected === null ? null : transferMismatch(row.amount / 100, expected / 100),
      installmentReceived:
        installment && installment.number > 1
          ? installmentReceived(installment.number, installment.of)
          : null,
      transferDate: formatTransferDate(row.transfer_date),
      submittedOn: formatTransferDate(row.created_at.slice(0, 10)),
      status: row.status,
      // An approval's reason is the admin's note on the amount: for the admins only.
      reason: row.status === 'rejected' ? row.reason : null,
      receiptUrl: `/receipts/${row.receipt_id}`,
    };
  });
}

/**
 * /enroll for a signed-in person: their transfer waiting for review, shown instead of a
 * blank form (there is at most one: a second is refused), or null.
 */
export async function pendingTransferOf(
  db: Kysely<Database>,
  userId: string,
): Promise<MyTransfer | null> {
  const [latest] = await listTransfersOf(db, userId);
  return latest?.status === 'pending' ? latest : null;
}
