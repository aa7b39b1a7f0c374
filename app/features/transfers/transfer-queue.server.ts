import type { Kysely } from 'kysely';
import { planName } from '~/content/plans';
import type { BankTransferStatus, Cohort, Database } from '~/db/schema';
import { LIST_PAGE_SIZE, pageOf } from '~/ui/list/page-window';
import { formatMinorUnits } from '~/lib/format';
import {
  expectedTransferAmount,
  formatTransferDate,
  transferEnrolmentOf,
  transferPaysOf,
} from './bank-transfers.server';
import type { TransferPays } from './transfer-decision';

export interface QueuedTransfer {
  id: string;
  userId: string;
  name: string;
  email: string;
  planName: string;
  amount: string;
  /** What one transfer for the plan should be; null for a plan since withdrawn. */
  expectedAmount: string | null;
  /** The amount sent is exactly the plan's. */
  amountMatches: boolean;
  transferDate: string;
  status: BankTransferStatus;
  createdAt: string;
  decidedAt: string | null;
}

export interface TransferQueue {
  transfers: QueuedTransfer[];
  total: number;
  pending: number;
  page: number;
  pageCount: number;
}

/** What a row of the queue shows (a transfer's page shows more). */
const QUEUED_COLUMNS = [
  'bank_transfers.id',
  'bank_transfers.user_id',
  'users.name',
  'users.email',
  'bank_transfers.plan_id',
  'bank_transfers.amount',
  'bank_transfers.currency',
  'bank_transfers.transfer_date',
  'bank_transfers.status',
  'bank_transfers.created_at',
  'bank_transfers.decided_at',
] as const;

type QueuedRow = {
  id: string;
  user_id: string;
  name: string;
  email: string;
  plan_id: string;
  amount: number;
  currency: string;
  transfer_date: string;
  status: BankTransferStatus;
  created_at: string;
  decided_at: string | null;
};

function queuedTransfer(row: QueuedRow): QueuedTransfer {
  const expected = expectedTransferAmount(row.plan_id);
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    planName: planName(row.plan_id),
    amount: formatMinorUnits(row.amount, row.currency),
    expectedAmount: expected === null ? null : formatMinorUnits(expected, 'NGN'),
    amountMatches: row.amount === expected,
    transferDate: formatTransferDate(row.transfer_date),
    status: row.status,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
  };
}

/** How many transfers wait for an admin: the admin menu shows it. */
export async function countPendingTransfers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('bank_transfers')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * `/admin/transfers`: the pending transfers first, the oldest (longest waiting) at the top,
 * then the decided ones, the most recently decided first; paged like the user list.
 */
export async function listTransferQueue(
  db: Kysely<Database>,
  requestedPage: number,
): Promise<TransferQueue> {
  const [countRow, pending] = await Promise.all([
    db
      .selectFrom('bank_transfers')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
    countPendingTransfers(db),
  ]);
  const total = Number(countRow.count);
  const { page, pageCount, offset } = pageOf(total, requestedPage, LIST_PAGE_SIZE);
  // Two index-ordered reads instead of one sort of every transfer: the pending ones (by
  // status and age) fill the first pages, the decided ones (by decision) the rest.
  const pendingRows =
    offset < pending
      ? await db
          .selectFrom('bank_transfers')
          .innerJoin('users', 'users.id', 'bank_transfers.user_id')
          .select(QUEUED_COLUMNS)
          .where('bank_transfers.status', '=', 'pending')
          .orderBy('bank_transfers.created_at', 'asc')
          .orderBy('bank_transfers.id')
          .offset(offset)
          .limit(LIST_PAGE_SIZE)
          .execute()
      : [];
  const decidedWanted = LIST_PAGE_SIZE - pendingRows.length;
  // The page's ids first, read from the (decided_at, id) index alone; only those ten rows
  // are then joined to their users, however deep the page.
  const decidedIds =
    decidedWanted > 0
      ? db
          .selectFrom('bank_transfers')
          .select('id')
          .where('status', '<>', 'pending')
          .orderBy('decided_at', 'desc')
          .orderBy('id', 'desc')
          .offset(Math.max(0, offset - pending))
          .limit(decidedWanted)
      : undefined;
  const decidedRows = decidedIds
    ? await db
        .selectFrom('bank_transfers')
        .innerJoin('users', 'users.id', 'bank_transfers.user_id')
        .select(QUEUED_COLUMNS)
        .where('bank_transfers.id', 'in', decidedIds)
        .orderBy('bank_transfers.decided_at', 'desc')
        .orderBy('bank_transfers.id', 'desc')
        .execute()
    : [];
  return {
    transfers: [...pendingRows, ...decidedRows].map(queuedTransfer),
    total,
    pending,
    page,
    pageCount,
  };
}

export interface TransferForReview extends QueuedTransfer {
  reference: string;
  receipt: { url: string; type: string; size: number; fileName: string };
  reason: string | null;
  cohort: Cohort | null;
  /** The approved cohort's name (the cohort row's, now). */
  cohortName: string | null;
  decidedByName: string | null;
  /** What approving it does; null once decided. */
  pays: TransferPays | null;
}

/** One transfer with what an admin needs to decide it, or undefined. */
export async function findTransferForReview(
  db: Kysely<Database>,
  transferId: string,
): Promise<TransferForReview | undefined> {
  const row = await db
    .selectFrom('bank_transfers')
    .innerJoin('users', 'users.id', 'bank_transfers.user_id')
    .innerJoin('receipts', 'receipts.id', 'bank_transfers.receipt_id')
    .leftJoin('cohorts', 'cohorts.id', 'bank_transfers.cohort')
    .select([
      ...QUEUED_COLUMNS,
      'cohorts.name as cohort_name',
      'bank_transfers.reference',
      'bank_transfers.reason',
      'bank_transfers.cohort',
      'bank_transfers.decided_by_name',
      'receipts.id as receipt_id',
      'receipts.content_type',
      'receipts.size',
      'receipts.file_name',
    ])
    .where('bank_transfers.id', '=', transferId)
    .executeTakeFirst();
  if (!row) return undefined;
  const pays =
    row.status === 'pending'
      ? transferPaysOf(
          await transferEnrolmentOf(db, { user_id: row.user_id, plan_id: row.plan_id }),
        )
      : null;
  return {
    ...queuedTransfer(row),
    pays,
    reference: row.reference,
    reason: row.reason,
    cohort: row.cohort,
    cohortName: row.cohort_name,
    decidedByName: row.decided_by_name,
    receipt: {
      url: `/receipts/${row.receipt_id}`,
      type: row.content_type,
      size: row.size,
      fileName: row.file_name,
    },
  };
}
