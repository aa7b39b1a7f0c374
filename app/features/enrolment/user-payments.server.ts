import type { Kysely } from 'kysely';
import type { BankTransfer, Database, Enrolment, Payment } from '~/db/schema';
import { describeDiscount } from '~/features/discounts/discount-form';
import { paymentsWithCodes } from '~/features/discounts/discounts.server';

export type EnrolmentSummary = Pick<
  Enrolment,
  | 'id'
  | 'track'
  | 'plan_id'
  | 'status'
  | 'installments_paid'
  | 'installments_total'
  | 'source'
  | 'created_at'
  | 'granted_by_name'
  | 'grant_reason'
  | 'revoked_at'
  | 'revoked_by_name'
  | 'revoke_reason'
>;
export type PaymentSummary = Pick<
  Payment,
  'id' | 'provider' | 'amount' | 'currency' | 'status' | 'created_at' | 'refunded_at'
> & {
  /** The discount code of its order and what it took off: `LAGOS20 ($80 off)`. */
  discount: string | null;
};

export type TransferSummary = Pick<
  BankTransfer,
  'id' | 'plan_id' | 'amount' | 'currency' | 'status' | 'created_at'
>;

/** One person's enrolments, payments and bank transfers, newest first (the admin's user page). */
export async function listEnrolmentsAndPayments(
  db: Kysely<Database>,
  userId: string,
): Promise<{
  enrolments: EnrolmentSummary[];
  payments: PaymentSummary[];
  transfers: TransferSummary[];
}> {
  const [enrolments, payments, transfers] = await Promise.all([
    db
      .selectFrom('enrolments')
      .select([
        'id',
        'track',
        'plan_id',
        'status',
        'installments_paid',
        'installments_total',
        'source',
        'created_at',
        'granted_by_name',
        'grant_reason',
        'revoked_at',
        'revoked_by_name',
        'revoke_reason',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute(),
    paymentsWithCodes(db)
      .select([
        'payments.id',
        'payments.provider',
        'payments.amount',
        'payments.currency',
        'payments.status',
        'payments.created_at',
        'payments.refunded_at',
      ])
      .where('payments.user_id', '=', userId)
      .orderBy('payments.created_at', 'desc')
      .limit(50)
      .execute(),
    db
      .selectFrom('bank_transfers')
      .select(['id', 'plan_id', 'amount', 'currency', 'status', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute(),
  ]);
  return {
    enrolments,
    payments: payments.map(({ discount_code, discount_amount, installments, ...payment }) => ({
      ...payment,
      discount: discount_code
        ? describeDiscount(discount_code, {
            discount_amount,
            currency: payment.currency,
            installments,
          })
        : null,
    })),
    transfers,
  };
}
