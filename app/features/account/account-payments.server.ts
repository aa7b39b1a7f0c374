import type { Kysely } from 'kysely';
import type { Database, PaymentProviderName } from '~/db/schema';
import { describeDiscount } from '~/features/discounts/discount-form';
import { paymentsWithCodes } from '~/features/discounts/discounts.server';

/** What a line of the account's Payments says of the money: DESIGN §9's states, as people read them. */
export type AccountPaymentStatus = 'paid' | 'pending' | 'refunded' | 'failed' | 'cancelled';

/** One line of the person's payments: money a provider confirmed, or a checkout not paid. */
export interface AccountPayment {
  /** The payment's id, or the order's for a checkout that has no payment. */
  id: string;
  /** A confirmed payment has a receipt; an order never does. */
  kind: 'payment' | 'order';
  planId: string;
  amount: number;
  currency: string;
  provider: PaymentProviderName;
  date: string;
  status: AccountPaymentStatus;
  refundedAt: string | null;
  /** The discount code of its order and what it took off: `LAGOS20 ($80 off)`. */
  discount: string | null;
}

/** A payment's or an unpaid order's row as a line of the account's Payments. */
function lineOf(
  kind: AccountPayment['kind'],
  row: {
    id: string;
    plan_id: string;
    amount: number;
    currency: string;
    provider: PaymentProviderName;
    created_at: string;
    status: AccountPaymentStatus;
    refunded_at: string | null;
    discount_code: string | null;
    discount_amount: number;
    installments: number;
  },
): AccountPayment {
  return {
    id: row.id,
    kind,
    planId: row.plan_id,
    amount: row.amount,
    currency: row.currency,
    provider: row.provider,
    date: row.created_at,
    status: row.status,
    refundedAt: row.refunded_at,
    discount: row.discount_code ? describeDiscount(row.discount_code, row) : null,
  };
}

/**
 * The person's payments for their account page, newest first: every payment a
 * provider confirmed (paid or refunded), every checkout that was never paid (pending,
 * failed or cancelled). Each installment's state is the enrolment panel's
 * (`enrolmentStandingOf`); bank transfers are listed by their own feature (`listTransfersOf`).
 */
export async function accountPaymentsOf(
  db: Kysely<Database>,
  userId: string,
): Promise<{ payments: AccountPayment[] }> {
  const [payments, unpaidOrders] = await Promise.all([
    paymentsWithCodes(db)
      .select([
        'payments.id',
        'orders.plan_id',
        'payments.amount',
        'payments.currency',
        'payments.provider',
        'payments.created_at',
        'payments.status',
        'payments.refunded_at',
      ])
      .where('payments.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('orders')
      .leftJoin('discount_codes', 'discount_codes.id', 'orders.discount_code_id')
      .select([
        'orders.id',
        'plan_id',
        'amount',
        'currency',
        'provider',
        'orders.created_at',
        'status',
        'discount_codes.code as discount_code',
        'discount_amount',
        'installments',
      ])
      .where('user_id', '=', userId)
      // A scholarship's order is paid with no payment: it is listed as an order.
      .where((eb) => eb.or([eb('status', '!=', 'paid'), eb('discount_code_id', 'is not', null)]))
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('payments').select('id').whereRef('order_id', '=', 'orders.id')),
        ),
      )
      .execute(),
  ]);
  const lines = [
    ...payments.map((row) => lineOf('payment', row)),
    ...unpaidOrders.map((row) => lineOf('order', { ...row, refunded_at: null })),
  ];
  return { payments: lines.sort((a, b) => b.date.localeCompare(a.date)) };
}
