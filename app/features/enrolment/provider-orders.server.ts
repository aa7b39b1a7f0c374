import type { Kysely } from 'kysely';
import type { Plan } from '~/content/plans';
import { nowTimestamp, type Database, type User } from '~/db/schema';
import { takeCodeUse } from '~/features/discounts/discounts.server';
import {
  closePendingOrder,
  createOrder,
  findEnrolmentOfOrder,
  findOpenOrder,
  findOrderOfEvent,
  releaseHoldsForCheckout,
  takesMorePayments,
} from './orders.server';
import type { PaymentEvent } from './payment-events.server';
import type { PaymentProvider } from './payment-provider.server';

// What this site asks of a payment provider about an order, beyond reading its webhooks.

/**
 * Where Pay Now sends a buyer for a plan: back to their pending order of the plan (made with
 * the same code, or none) if its checkout is still open, or else to the checkout of a new
 * pending order (its provider reference and the checkout's expiry recorded, so the provider's
 * events find it and its code's hold ends with the checkout). Either way the person's other
 * holds are released (decision 062). A code's use is taken with the new order in one
 * transaction and given back if the provider does not open its checkout: `used-up` when the
 * last use went to someone else in the meantime.
 */
export async function openCheckout(
  db: Kysely<Database>,
  provider: PaymentProvider,
  buyer: Pick<User, 'id' | 'email' | 'name'>,
  plan: Plan,
  discount?: { codeId: string; amountOff: number },
  now: Date = new Date(),
): Promise<{ orderId: string; url: string; resumed: boolean } | { refused: 'used-up' }> {
  const open = await findOpenOrder(db, {
    userId: buyer.id,
    planId: plan.id,
    provider: provider.name,
    now,
    codeId: discount?.codeId ?? null,
  });
  const resumed = open && (await provider.resumeCheckout(open));
  if (open && resumed) {
    await db
      .transaction()
      .execute((trx) => releaseHoldsForCheckout(trx, { userId: buyer.id, except: open.id }, now));
    return { orderId: open.id, url: resumed, resumed: true };
  }
  const order = await db.transaction().execute(async (trx) => {
    await releaseHoldsForCheckout(trx, { userId: buyer.id, codeId: discount?.codeId }, now);
    if (discount && !(await takeCodeUse(trx, discount.codeId, now))) return undefined;
    return createOrder(trx, { userId: buyer.id, plan, provider, discount, now });
  });
  if (!order) return { refused: 'used-up' };
  let checkout: Awaited<ReturnType<PaymentProvider['createCheckout']>>;
  try {
    checkout = await provider.createCheckout(order, plan, buyer);
  } catch (error) {
    if (order.discount_code_id) {
      await db.transaction().execute((trx) => closePendingOrder(trx, order.id, 'cancelled'));
    }
    throw error;
  }
  await db
    .updateTable('orders')
    .set({
      provider_ref: checkout.providerRef,
      ...(checkout.expiresAt && { checkout_expires_at: nowTimestamp(checkout.expiresAt) }),
    })
    .where('id', '=', order.id)
    .execute();
  return { orderId: order.id, url: checkout.url, resumed: false };
}

/**
 * After the last installment, or once a refund has left an installment plan with nothing
 * paid, a provider that would charge on ends the plan. Checked on every delivery of such
 * an event, repeats included, so a failed attempt is retried.
 */
export async function stopPaidInstallments(
  db: Kysely<Database>,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<void> {
  if (!provider.stopInstallments || !event.subscriptionRef) return;
  if (event.kind !== 'payment-succeeded' && event.kind !== 'refunded') return;
  const order = await findOrderOfEvent(db, event);
  if (!order || order.installments < 2) return;
  const enrolment = await findEnrolmentOfOrder(db, order.id);
  if (enrolment && !takesMorePayments(order, enrolment)) {
    await provider.stopInstallments(event.subscriptionRef);
  }
}
