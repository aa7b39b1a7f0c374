import type { RequestContext } from '~/lib/load-context';
import { planName } from '~/content/plans';
import { findOrderOf } from './orders.server';

export type OrderProgress = 'unlocked' | 'confirming' | 'failed' | 'cancelled';

export interface OrderState {
  planName: string;
  progress: OrderProgress;
}

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
  const order = await findOrderOf(context.services.database.db, orderId, user.id);
  if (!order) return null;
  const progress: OrderProgress =
    order.status === 'paid' ? 'unlocked' : order.status === 'pending' ? 'confirming' : order.status;
  return { planName: planName(order.plan_id), progress };
}
