import type { RequestContext } from '~/lib/load-context';
import { planName } from '~/content/plans';
import { formatMinorUnits } from '~/lib/format';
import { findOrderOf } from './orders.server';

export type OrderProgress = 'unlocked' | 'confirming' | 'failed' | 'cancelled';

export interface OrderState {
  planName: string;
  progress: OrderProgress;
  /** Per payment, as people read it: `$400`, `₦600,000`. */
  amount: string;
  /** The order's id: the reference the provider and the "Payment received" e-mail carry. */
  reference: string;
  /** When the first payment was recorded, or else when the order was made: `25 November 2026`. */
  date: string;
}

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * `/success?order=…` for the signed-in buyer: the state of that order as the webhooks
 * left it. The page only reports; it never grants anything. Anyone else's order, or none,
 * gives null and the page says what it always said.
 */
export async function readOrderState(
  context: RequestContext,
  orderId: string | null,
): Promise<OrderState | null> {
  if (!orderId || orderId.length > 100) return null;
  const { user } = await context.session();
  if (!user) return null;
  const { db } = context.services.database;
  const order = await findOrderOf(db, orderId, user.id);
  if (!order) return null;
  const payment = await db
    .selectFrom('payments')
    .select('created_at')
    .where('order_id', '=', order.id)
    .orderBy('created_at')
    .executeTakeFirst();
  const progress: OrderProgress =
    order.status === 'paid' ? 'unlocked' : order.status === 'pending' ? 'confirming' : order.status;
  return {
    planName: planName(order.plan_id),
    progress,
    amount: formatMinorUnits(order.amount, order.currency),
    reference: order.id,
    date: longDate.format(new Date(payment?.created_at ?? order.created_at)),
  };
}
