import { sql, type Kysely } from 'kysely';
import { planName } from '~/content/plans';
import { paymentsWithCodes } from '~/features/discounts/discounts.server';
import { isPostgres } from '~/db/database.server';
import {
  nowTimestamp,
  type Access,
  type Database,
  type PaymentProviderName,
  type ReceiptKind,
} from '~/db/schema';

/**
 * Receipts (decision 048): one number per paid payment and per approved bank
 * transfer, in one sequence for the academy, given in the transaction that records the
 * money (a payment's webhook, a transfer's approval) or, for money recorded before
 * receipts existed, in the first request for its receipt.
 */

/**
 * The receipt number of the payment or transfer `sourceId`, issued now if it has none: the
 * next number after the highest issued. One issuer at a time holds the sequence until its
 * transaction ends (PostgreSQL: a table lock that readers pass; SQLite runs one write
 * transaction at a time already), so no two receipts get the same number, and a
 * transaction that rolls back takes its number back with it: no gap.
 */
export async function issueReceipt(
  trx: Kysely<Database>,
  kind: ReceiptKind,
  sourceId: string,
  now: Date = new Date(),
): Promise<IssuedReceipt> {
  if (isPostgres(trx)) await sql`lock table issued_receipts in exclusive mode`.execute(trx);
  const issued = await issuedReceipt(trx, kind, sourceId);
  if (issued) return issued;
  const last = await trx
    .selectFrom('issued_receipts')
    .select((eb) => eb.fn.max('number').as('number'))
    .executeTakeFirst();
  const receipt = { number: Number(last?.number ?? 0) + 1, issuedAt: nowTimestamp(now) };
  await trx
    .insertInto('issued_receipts')
    .values({ number: receipt.number, kind, source_id: sourceId, issued_at: receipt.issuedAt })
    .execute();
  return receipt;
}

export interface IssuedReceipt {
  number: number;
  issuedAt: string;
}

async function issuedReceipt(
  db: Kysely<Database>,
  kind: ReceiptKind,
  sourceId: string,
): Promise<IssuedReceipt | undefined> {
  const row = await db
    .selectFrom('issued_receipts')
    .select(['number', 'issued_at'])
    .where('kind', '=', kind)
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
  return row && { number: Number(row.number), issuedAt: row.issued_at };
}

/** Everything a receipt prints, read from the records of the money. */
export interface ReceiptDetails extends IssuedReceipt {
  kind: ReceiptKind;
  /** When the money was received: the payment's record, the transfer's day (`YYYY-MM-DD`). */
  paidOn: string;
  payer: { name: string; email: string };
  planName: string;
  /** `{ installment, of }` for a payment of a plan paid in several. */
  installment: { number: number; of: number } | null;
  /** In minor units, as paid. */
  amount: number;
  currency: string;
  /** How it was paid: a card provider, or a bank transfer. */
  method: PaymentProviderName | 'bank-transfer';
  /** The provider's id of the charge, or the reference the student gave their transfer. */
  reference: string;
  /** The order the payment paid (the reference /success shows); null for a transfer. */
  orderId: string | null;
  /** In minor units: refunded so far (a part, or the whole amount). */
  refundedAmount: number;
  /** When the whole amount was refunded; null while it stands paid. */
  refundedAt: string | null;
  /** The discount code of the order and what it took off this payment (minor units), if any. */
  discount: { code: string; amount: number } | null;
}

/**
 * The receipt of a paid payment or an approved transfer, for its owner or an admin; anyone
 * else, an id that does not exist, a transfer pending or rejected: null (the same 404). A
 * payment row is money a provider confirmed (paid, or refunded since): a failed or
 * unfinished checkout has an order and no payment. The number is issued on first request
 * for money recorded before receipts existed; later requests read it.
 */
export async function findReceiptDetails(
  db: Kysely<Database>,
  kind: ReceiptKind,
  sourceId: string,
  viewer: { id: string; access: Access },
  now: Date = new Date(),
): Promise<ReceiptDetails | null> {
  const source =
    kind === 'payment' ? await paymentSource(db, sourceId) : await transferSource(db, sourceId);
  if (!source || (viewer.access !== 'admin' && source.owner !== viewer.id)) return null;
  const issued =
    (await issuedReceipt(db, kind, sourceId)) ??
    (await db.transaction().execute((trx) => issueReceipt(trx, kind, sourceId, now)));
  return { ...issued, kind, ...source.details };
}

interface Source {
  owner: string;
  details: Omit<ReceiptDetails, keyof IssuedReceipt | 'kind'>;
}

async function paymentSource(db: Kysely<Database>, paymentId: string): Promise<Source | null> {
  const payment = await paymentsWithCodes(db)
    .innerJoin('users', 'users.id', 'payments.user_id')
    .select([
      'payments.user_id',
      'payments.created_at as paid_on',
      'payments.amount',
      'payments.currency',
      'payments.provider',
      'payments.provider_payment_id as reference',
      'payments.refunded_amount',
      'payments.refunded_at',
      'payments.status',
      'orders.id as order_id',
      'orders.plan_id',
      'users.name',
      'users.email',
    ])
    .where('payments.id', '=', paymentId)
    .executeTakeFirst();
  if (!payment) return null;
  let installment: ReceiptDetails['installment'] = null;
  if (payment.installments > 1) {
    // Which of the order's payments this one was: those recorded up to it.
    const counted = await db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('order_id', '=', payment.order_id)
      .where('created_at', '<=', payment.paid_on)
      .executeTakeFirstOrThrow();
    installment = {
      number: Math.min(Number(counted.count), payment.installments),
      of: payment.installments,
    };
  }
  return sourceOf(payment, {
    installment,
    method: payment.provider,
    orderId: payment.order_id,
    refundedAmount: payment.refunded_amount,
    refundedAt: payment.status === 'refunded' ? payment.refunded_at : null,
    discount: payment.discount_code
      ? { code: payment.discount_code, amount: payment.discount_amount }
      : null,
  });
}

async function transferSource(db: Kysely<Database>, transferId: string): Promise<Source | null> {
  const transfer = await db
    .selectFrom('bank_transfers')
    .innerJoin('users', 'users.id', 'bank_transfers.user_id')
    .select([
      'bank_transfers.user_id',
      'bank_transfers.transfer_date as paid_on',
      'bank_transfers.amount',
      'bank_transfers.currency',
      'bank_transfers.reference',
      'bank_transfers.plan_id',
      'users.name',
      'users.email',
    ])
    .where('bank_transfers.id', '=', transferId)
    .where('bank_transfers.status', '=', 'approved')
    .executeTakeFirst();
  if (!transfer) return null;
  return sourceOf(transfer, {
    installment: null,
    method: 'bank-transfer',
    orderId: null,
    refundedAmount: 0,
    refundedAt: null,
    discount: null,
  });
}

/** What a payment and a transfer print alike, from their row and their payer's. */
function sourceOf(
  row: {
    user_id: string;
    paid_on: string;
    name: string;
    email: string;
    plan_id: string;
    amount: number;
    currency: string;
    reference: string;
  },
  rest: Pick<
    ReceiptDetails,
    'installment' | 'method' | 'orderId' | 'refundedAmount' | 'refundedAt' | 'discount'
  >,
): Source {
  return {
    owner: row.user_id,
    details: {
      paidOn: row.paid_on,
      payer: { name: row.name, email: row.email },
      planName: planName(row.plan_id),
      amount: row.amount,
      currency: row.currency,
      reference: row.reference,
      ...rest,
    },
  };
}
