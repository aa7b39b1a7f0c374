import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Plan } from '~/content/plans';
import {
  nowTimestamp,
  type Database,
  type Enrolment,
  type Order,
  type PaymentProviderName,
} from '~/db/schema';

/** An order id is the provider's reference: random, never a user id, never guessable. */
export function newOrderId(): string {
  return `ord_${randomBytes(16).toString('base64url')}`;
}

/**
 * A pending order for the signed-in person, priced from `app/content/plans.ts` (the one
 * source of prices): per payment, in cents.
 */
export async function createOrder(
  db: Kysely<Database>,
  options: { userId: string; plan: Plan; provider: PaymentProviderName; now?: Date },
): Promise<Order> {
  const at = nowTimestamp(options.now);
  return db
    .insertInto('orders')
    .values({
      id: newOrderId(),
      user_id: options.userId,
      plan_id: options.plan.id,
      track: options.plan.theme,
      amount: options.plan.amount * 100,
      currency: 'USD',
      installments: options.plan.payments,
      provider: options.provider,
      provider_ref: null,
      status: 'pending',
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The buyer's own order, or undefined (someone else's order is as good as unknown). */
export function findOrderOf(
  db: Kysely<Database>,
  orderId: string,
  userId: string,
): Promise<Order | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The enrolment a paid order created, if it has been paid. */
export function findEnrolmentOfOrder(
  db: Kysely<Database>,
  orderId: string,
): Promise<Enrolment | undefined> {
  return db.selectFrom('enrolments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** An order takes another payment until its installments are all paid (and it is not cancelled). */
export function takesMorePayments(
  order: Pick<Order, 'status'>,
  enrolment: Pick<Enrolment, 'installments_paid' | 'installments_total'> | undefined,
): boolean {
  if (order.status === 'cancelled') return false;
  return !enrolment || enrolment.installments_paid < enrolment.installments_total;
}
