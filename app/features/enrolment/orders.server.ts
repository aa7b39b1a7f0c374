import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { plans, type Plan } from '~/content/plans';
import { nowTimestamp, type Database, type Order, type PaymentProviderName } from '~/db/schema';

/** An order id is the provider's reference: random, never a user id, never guessable. */
export function newOrderId(): string {
  return `ord_${randomBytes(16).toString('base64url')}`;
}

export function findPlan(planId: string): Plan | undefined {
  return plans.find((plan) => plan.id === planId);
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
