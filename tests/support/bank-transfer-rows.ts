import type { Kysely } from 'kysely';
import type { BankTransferStatus, Database, Timestamp } from '~/db/schema';

/**
 * A bank transfer in naira with its receipt, as the student's report and (unless pending)
 * the admin's decision leave it, written directly for tests that read transfers.
 */
export async function insertBankTransfer(
  db: Kysely<Database>,
  transfer: {
    id: string;
    userId: string;
    planId: string;
    /** In kobo. */
    amount: number;
    status: BankTransferStatus;
    createdAt: Timestamp;
  },
): Promise<void> {
  const { id, userId, status, createdAt } = transfer;
  await db
    .insertInto('receipts')
    .values({
      id: `rcp-${id}`,
      user_id: userId,
      content_type: 'image/png',
      file_name: 'receipt.png',
      size: 1,
      bytes: Buffer.from([0]),
      created_at: createdAt,
    })
    .execute();
  await db
    .insertInto('bank_transfers')
    .values({
      id,
      user_id: userId,
      plan_id: transfer.planId,
      amount: transfer.amount,
      currency: 'NGN',
      transfer_date: createdAt.slice(0, 10),
      reference: `ref ${id}`,
      receipt_id: `rcp-${id}`,
      status,
      reason: status === 'rejected' ? 'No such transfer' : null,
      cohort: status === 'approved' ? 'cohort-1' : null,
      decided_by: null,
      decided_by_name: null,
      decided_at: status === 'pending' ? null : createdAt,
      created_at: createdAt,
    })
    .execute();
}
