import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { planName, planPrice, type Plan, type PlanCurrency } from '~/content/plans';
import {
  ENROLLED_STATUSES,
  nowTimestamp,
  type Database,
  type Enrolment,
  type Order,
  type PaymentProviderName,
} from '~/db/schema';
import { moveCodeUse } from '~/features/discounts/discounts.server';
import { describeDiscount } from '~/features/discounts/discount-form';
import { formatDayUtc, formatMinorUnits } from '~/lib/format';
import { courseHomeOf, paidOrderHeadline } from './order-words';

/**
 * An order id is the provider's reference: random (128 bits), never a user id, never
 * guessable, and made only of what every provider accepts in one (Paystack allows letters,
 * digits, `-`, `.` and `=`).
 */
export function newOrderId(): string {
  return `ord-${randomBytes(16).toString('hex')}`;
}

/**
 * How long an order's checkout stays open, unless its provider says otherwise (decision 062):
 * the local provider's and Paystack's (whose initialized transactions do not expire), and the
 * floor of Stripe's `expires_at`. A pending order with a code holds the code's use this long.
 */
export const CHECKOUT_OPEN_MS = 30 * 60_000;

/**
 * A pending order for the signed-in person, priced from `app/content/plans.ts` (the one
 * source of prices) in the provider's currency: per payment, in minor units.
 */
export async function createOrder(
  db: Kysely<Database>,
  options: {
    userId: string;
    plan: Plan;
    provider: { name: PaymentProviderName; currency: PlanCurrency };
    /** A discount code whose use the caller took in this transaction, and what it takes off each payment. */
    discount?: { codeId: string; amountOff: number };
    now?: Date;
  },
): Promise<Order> {
  const now = options.now ?? new Date();
  const at = nowTimestamp(now);
  const amountOff = options.discount?.amountOff ?? 0;
  return db
    .insertInto('orders')
    .values({
      id: newOrderId(),
      user_id: options.userId,
      plan_id: options.plan.id,
      track: options.plan.theme,
      amount: planPrice(options.plan, options.provider.currency) - amountOff,
      currency: options.provider.currency,
      installments: options.plan.payments,
      provider: options.provider.name,
      provider_ref: null,
      subscription_ref: null,
      status: 'pending',
      created_at: at,
      updated_at: at,
      discount_code_id: options.discount?.codeId ?? null,
      discount_amount: amountOff,
      // Until its provider names the checkout's own expiry.
      checkout_expires_at: nowTimestamp(new Date(now.getTime() + CHECKOUT_OPEN_MS)),
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

/**
 * The order a provider's event names, or else the one whose installment plan it charges.
 * Paystack names a plan's charges by customer and plan, which two orders of one person for
 * one plan share: the one that still takes payments is meant, the newest of those first.
 */
export function findOrderOfEvent(
  db: Kysely<Database>,
  event: { provider: PaymentProviderName; orderId?: string; subscriptionRef?: string },
): Promise<Order | undefined> {
  if (event.orderId) {
    return db.selectFrom('orders').selectAll().where('id', '=', event.orderId).executeTakeFirst();
  }
  if (!event.subscriptionRef) return Promise.resolve(undefined);
  return db
    .selectFrom('orders')
    .leftJoin('enrolments', 'enrolments.order_id', 'orders.id')
    .selectAll('orders')
    .where('orders.provider', '=', event.provider)
    .where('orders.subscription_ref', '=', event.subscriptionRef)
    .orderBy(
      sql`case when enrolments.status in (${sql.join(ENROLLED_STATUSES)})
        and enrolments.installments_paid < enrolments.installments_total then 0 else 1 end`,
    )
    .orderBy('orders.created_at', 'desc')
    .executeTakeFirst();
}

/**
 * The person's newest pending order of a plan whose checkout is still open at `now`: Pay
 * Now takes it up again instead of making a second order for the same thing.
 */
export function findOpenOrder(
  db: Kysely<Database>,
  options: {
    userId: string;
    planId: string;
    provider: PaymentProviderName;
    now: Date;
    /** The discount code it must have been made with (null: none). */
    codeId: string | null;
  },
): Promise<Order | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', options.userId)
    .where('plan_id', '=', options.planId)
    .where('provider', '=', options.provider)
    .where('discount_code_id', options.codeId === null ? 'is' : '=', options.codeId)
    .where('status', '=', 'pending')
    .where('provider_ref', 'is not', null)
    .where('checkout_expires_at', '>', nowTimestamp(options.now))
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** The enrolment a paid order created, if it has been paid. */
export function findEnrolmentOfOrder(
  db: Kysely<Database>,
  orderId: string,
): Promise<Enrolment | undefined> {
  return db.selectFrom('enrolments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/**
 * An order takes another payment until its installments are all paid, unless it was
 * cancelled or its enrolment refunded (a charge after a refund unlocks nothing: refund it).
 */
export function takesMorePayments(
  order: Pick<Order, 'status'>,
  enrolment: Pick<Enrolment, 'installments_paid' | 'installments_total' | 'status'> | undefined,
): boolean {
  if (order.status === 'cancelled') return false;
  if (!enrolment) return true;
  if (enrolment.status === 'refunded' || enrolment.status === 'cancelled') return false;
  return enrolment.installments_paid < enrolment.installments_total;
}

/** Cancels an order still pending (a paid one stays paid): its checkout was left unpaid. */
export async function cancelPendingOrder(db: Kysely<Database>, orderId: string): Promise<void> {
  await db.transaction().execute((trx) => closePendingOrder(trx, orderId, 'cancelled'));
}

/**
 * Ends an order that is still pending (cancelled, or its first payment failed) and gives
 * its discount code's use back, in the caller's transaction: only the change from pending
 * moves the use, so it is given back once however often this runs. True if it was pending.
 */
export async function closePendingOrder(
  trx: Kysely<Database>,
  orderId: string,
  status: 'cancelled' | 'failed',
  now: Date = new Date(),
): Promise<boolean> {
  const closed = await trx
    .updateTable('orders')
    .set({ status, updated_at: nowTimestamp(now) })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .returning('discount_code_id')
    .executeTakeFirst();
  if (!closed) return false;
  await moveCodeUse(trx, closed.discount_code_id, -1);
  return true;
}

/**
 * Makes way for a checkout the person starts (decision 062), in its transaction: their other
 * pending orders made with a code (all but `except`, the one taken up again) are cancelled, so
 * one person holds one use at a time; and the holds of `codeId` whose checkouts have closed
 * end now rather than at the next sweep, so a use they kept is free for this checkout.
 */
export async function releaseHoldsForCheckout(
  trx: Kysely<Database>,
  options: { userId: string; codeId?: string; except?: string },
  now: Date = new Date(),
): Promise<void> {
  let held = trx
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', options.userId)
    .where('status', '=', 'pending')
    .where('discount_code_id', 'is not', null);
  if (options.except) held = held.where('id', '!=', options.except);
  for (const { id } of await held.orderBy('id').execute()) {
    await closePendingOrder(trx, id, 'cancelled', now);
  }
  if (options.codeId) await releaseEndedHolds(trx, options.codeId, now);
}

/**
 * Cancels the pending orders of a code whose checkouts closed by `now` and gives their uses
 * back, in the caller's transaction: one conditional update, so on two instances at once
 * each order moves (and gives its use back) once. The number of orders it ended.
 */
async function releaseEndedHolds(
  trx: Kysely<Database>,
  codeId: string,
  now: Date,
): Promise<number> {
  const at = nowTimestamp(now);
  const ended = await trx
    .updateTable('orders')
    .set({ status: 'cancelled', updated_at: at })
    .where('discount_code_id', '=', codeId)
    .where('status', '=', 'pending')
    .where('checkout_expires_at', '<=', at)
    .returning('id')
    .execute();
  if (ended.length > 0) await moveCodeUse(trx, codeId, -ended.length);
  return ended.length;
}

/**
 * Ends the holds of every code whose checkouts closed unpaid, a code per transaction, giving
 * their uses back (decision 062). Run by every instance's sweep, so that the list of codes
 * shows the uses truly held; a checkout started with a code releases its own first.
 */
export async function expireHeldOrders(
  db: Kysely<Database>,
  now: Date = new Date(),
): Promise<number> {
  const codes = await db
    .selectFrom('orders')
    .select('discount_code_id')
    .distinct()
    .where('status', '=', 'pending')
    .where('discount_code_id', 'is not', null)
    .where('checkout_expires_at', '<=', nowTimestamp(now))
    .execute();
  let expired = 0;
  for (const { discount_code_id: codeId } of codes) {
    expired += await db.transaction().execute((trx) => releaseEndedHolds(trx, codeId!, now));
  }
  return expired;
}

/** The order's latest payment that is still paid (not refunded), if any. */
export function findLastPaidPayment(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('payments')
    .select(['provider_payment_id', 'amount', 'currency'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'paid')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export type OrderProgress = 'unlocked' | 'confirming' | 'failed' | 'cancelled';

/** What `/success?order=…` tells its buyer about an order. */
export interface OrderState {
  planName: string;
  progress: OrderProgress;
  /** Per payment, as people read it: `$400`, `₦600,000`. */
  amount: string;
  /** The order's id: the reference the provider and the "Payment received" e-mail carry. */
  reference: string;
  /** When the first payment was recorded, or else when the order was made: `25 November 2026`. */
  date: string;
  /** The discount code it was made with and what it took off: `LAGOS20 ($80 off)`. */
  discount?: string;
  /** `Your scholarship is confirmed`, `Installment 2 of 3 received`, or null for SPEC's. */
  headline: string | null;
  /** Where "Start learning" goes: the bought track's home. */
  coursePath: '/fed/home' | '/fsd/home';
}

/**
 * The buyer's own order as the webhooks left it, or null: it only reports, never grants
 * anything, and anyone else's order is as good as unknown.
 */
export async function findOrderState(
  db: Kysely<Database>,
  orderId: string,
  userId: string,
): Promise<OrderState | null> {
  const order = await findOrderOf(db, orderId, userId);
  if (!order) return null;
  const payments = await db
    .selectFrom('payments')
    .select('created_at')
    .where('order_id', '=', order.id)
    .orderBy('created_at')
    .execute();
  const payment = payments[0];
  const progress: OrderProgress =
    order.status === 'paid' ? 'unlocked' : order.status === 'pending' ? 'confirming' : order.status;
  return {
    planName: planName(order.plan_id),
    progress,
    amount: formatMinorUnits(order.amount, order.currency),
    reference: order.id,
    date: formatDayUtc(payment?.created_at ?? order.created_at, 'long'),
    discount: await discountOfOrder(db, order),
    headline:
      order.status === 'paid'
        ? paidOrderHeadline({
            amount: order.amount,
            installments: order.installments,
            paymentsReceived: payments.length,
          })
        : null,
    coursePath: courseHomeOf(order.track),
  };
}

/**
 * The code an order was made with and what it took off each payment, as the order, the
 * receipt and the lists show it: `LAGOS20 ($80 off)`; undefined without a code.
 */
export async function discountOfOrder(
  db: Kysely<Database>,
  order: Pick<Order, 'discount_code_id' | 'discount_amount' | 'currency' | 'installments'>,
): Promise<string | undefined> {
  if (!order.discount_code_id) return undefined;
  const code = await db
    .selectFrom('discount_codes')
    .select('code')
    .where('id', '=', order.discount_code_id)
    .executeTakeFirst();
  return describeDiscount(code?.code ?? '?', order);
}
