import { randomBytes } from 'node:crypto';
import { data, redirect } from 'react-router';
import { nowTimestamp } from '~/db/schema';
import { redirectWithFlash } from '~/lib/flash.server';
import type { RequestContext } from '~/lib/load-context';
import { readForm } from '~/lib/form.server';
import type { LocalPaymentProvider } from './local-payments.server';
import { formatMinorUnits } from '~/lib/format';
import { planName } from '~/content/plans';
import { findEnrolmentOfOrder, findOrderOf, takesMorePayments } from './orders.server';
import { returnFromCancelledCheckout } from './start-checkout.server';

const NOT_FOUND = 'No such order';

/** `/dev-pay` exists only while the local stand-in is the payment provider. */
function requireLocalProvider(context: RequestContext): LocalPaymentProvider {
  const { payments } = context.services;
  if (payments.mode !== 'automatic' || !payments.localProvider) {
    throw data(NOT_FOUND, { status: 404 });
  }
  return payments.localProvider;
}

/** The buyer's own order: anyone else (or a visitor) gets the same 404 as a wrong id. */
async function requireOwnOrder(context: RequestContext, orderId: string) {
  const { user } = await context.session();
  const order = user && (await findOrderOf(context.services.database.db, orderId, user.id));
  if (!order || order.provider !== 'local') throw data(NOT_FOUND, { status: 404 });
  return order;
}

export async function loadLocalCheckout(context: RequestContext, orderId: string) {
  requireLocalProvider(context);
  const order = await requireOwnOrder(context, orderId);
  const enrolment = await findEnrolmentOfOrder(context.services.database.db, order.id);
  return {
    orderId: order.id,
    planName: planName(order.plan_id),
    amount: formatMinorUnits(order.amount, order.currency),
    status: order.status,
    canPay: takesMorePayments(order, enrolment),
    enrolment: enrolment
      ? {
          status: enrolment.status,
          installments_paid: enrolment.installments_paid,
          installments_total: enrolment.installments_total,
        }
      : null,
  };
}

const eventId = () => `evt_local_${randomBytes(12).toString('base64url')}`;

/**
 * The local checkout's buttons. Pay delivers a signed `payment.succeeded` to the site's
 * own webhook and goes on to the success page; Cancel returns to /enroll. For tests and
 * demos of installments it can also fail the next installment or refund the last payment.
 */
export async function actOnLocalCheckout(
  request: Request,
  context: RequestContext,
  orderId: string,
) {
  const local = requireLocalProvider(context);
  const order = await requireOwnOrder(context, orderId);
  const form = await readForm(request);
  const intent = form?.get('intent');
  const { db } = context.services.database;
  const back = (message: string) =>
    redirectWithFlash(context, `/dev-pay/${order.id}`, { type: 'success', message });
  const deliver = async (event: Parameters<LocalPaymentProvider['deliver']>[0]) => {
    const response = await local.deliver(event);
    if (!response.ok) throw data(`The webhook answered ${response.status}`, { status: 502 });
  };
  const enrolment = await findEnrolmentOfOrder(db, order.id);
  const morePayments = takesMorePayments(order, enrolment);

  if (intent === 'pay') {
    if (!morePayments) {
      throw data('This order takes no more payments.', { status: 409 });
    }
    await deliver({
      id: eventId(),
      type: 'payment.succeeded',
      order_id: order.id,
      payment_id: `pay_local_${randomBytes(12).toString('base64url')}`,
      amount: order.amount,
      currency: order.currency,
    });
    return redirect(`/success?order=${encodeURIComponent(order.id)}`);
  }
  if (intent === 'cancel') {
    await db
      .updateTable('orders')
      .set({ status: 'cancelled', updated_at: nowTimestamp() })
      .where('id', '=', order.id)
      .where('status', '=', 'pending')
      .execute();
    return returnFromCancelledCheckout(context);
  }
  if (intent === 'fail-installment' && enrolment && morePayments) {
    await deliver({
      id: eventId(),
      type: 'payment.failed',
      order_id: order.id,
      reason: 'Card declined (simulated)',
    });
    return back('A failed installment was simulated.');
  }
  if (intent === 'refund') {
    const payment = await db
      .selectFrom('payments')
      .select(['provider_payment_id', 'amount', 'currency'])
      .where('order_id', '=', order.id)
      .where('status', '=', 'paid')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (payment) {
      await deliver({
        id: eventId(),
        type: 'payment.refunded',
        order_id: order.id,
        payment_id: payment.provider_payment_id,
        amount: payment.amount,
        currency: payment.currency,
      });
      return back('The last payment was refunded.');
    }
  }
  throw data('That cannot be done with this order now.', { status: 409 });
}
