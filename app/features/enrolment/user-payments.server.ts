import type { Kysely } from 'kysely';
import type { BankTransfer, Database, Enrolment, Payment } from '~/db/schema';

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
>;
export type PaymentSummary = Pick<
  Payment,
  'id' | 'provider' | 'amount' | 'currency' | 'status' | 'created_at' | 'refunded_at'
>;

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
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('payments')
      .select(['id', 'provider', 'amount', 'currency', 'status', 'created_at', 'refunded_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
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
  return { enrolments, payments, transfers };
}
