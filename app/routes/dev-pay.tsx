import { randomBytes } from 'node:crypto';
import { data, redirect } from 'react-router';
import { z } from '~/lib/zod';
import { planName } from '~/content/plans';
import { site } from '~/content/site';
import type { LocalEvent } from '~/features/enrolment/local-events.server';
import {
  LOCAL_CHECKOUT_INTENTS,
  LocalCheckoutView,
  type LocalCheckout,
} from '~/features/enrolment/local-checkout-view';
import { PAYMENT_CANCELLED } from '~/features/enrolment/checkout-view';
import {
  cancelPendingOrder,
  findEnrolmentOfOrder,
  findLastPaidPayment,
  findOrderOf,
  takesMorePayments,
} from '~/features/enrolment/orders.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { parseForm } from '~/lib/form.server';
import { formatMinorUnits } from '~/lib/format';
import { requireServerContext, type RequestContext } from '~/load-context';
import type { Route } from './+types/dev-pay';
import { privatePageMeta } from '~/lib/seo';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

const NOT_FOUND = 'No such order';
const CANNOT = 'That cannot be done with this order now.';

/** `/dev-pay` exists only while the local stand-in is the payment provider. */
function requireLocalProvider(context: RequestContext) {
  const { payments } = context;
  if (payments.mode !== 'automatic' || !payments.localProvider) {
    throw data(NOT_FOUND, { status: 404 });
  }
  return payments.localProvider;
}

/** The buyer's own order: anyone else (or a visitor) gets the same 404 as a wrong id. */
async function requireOwnOrder(context: RequestContext, orderId: string) {
  const { user } = await context.session();
  const order = user && (await findOrderOf(context.db, orderId, user.id));
  if (!order || order.provider !== 'local') throw data(NOT_FOUND, { status: 404 });
  return order;
}

export async function loader({ params, context }: Route.LoaderArgs): Promise<LocalCheckout> {
  const ctx = requireServerContext(context);
  requireLocalProvider(ctx);
  const order = await requireOwnOrder(ctx, params.orderId);
  const enrolment = await findEnrolmentOfOrder(ctx.db, order.id);
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

const intentSchema = z.object({ intent: z.enum(Object.values(LOCAL_CHECKOUT_INTENTS)) });

const randomId = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;

/**
 * The local checkout's buttons. Pay delivers a signed `payment.succeeded` to the site's
 * own webhook and goes on to the success page; Cancel returns to /enroll. For tests and
 * demos of installments it can also fail the next installment or refund the last payment.
 * Anything else, or a button the order's state does not allow, is a 409.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const local = requireLocalProvider(ctx);
  const order = await requireOwnOrder(ctx, params.orderId);
  const form = await parseForm(request, intentSchema);
  if (!form.ok) throw data(CANNOT, { status: 409 });
  const { db } = ctx;
  const back = (message: string) =>
    redirectWithFlash(ctx, `/dev-pay/${order.id}`, { type: 'success', message });
  const deliver = async (event: LocalEvent) => {
    const response = await local.deliver(event);
    if (!response.ok) throw data(`The webhook answered ${response.status}`, { status: 502 });
  };
  const enrolment = await findEnrolmentOfOrder(db, order.id);
  const morePayments = takesMorePayments(order, enrolment);

  switch (form.data.intent) {
    case LOCAL_CHECKOUT_INTENTS.pay: {
      if (!morePayments) throw data('This order takes no more payments.', { status: 409 });
      await deliver({
        id: randomId('evt_local_'),
        type: 'payment.succeeded',
        order_id: order.id,
        payment_id: randomId('pay_local_'),
        amount: order.amount,
        currency: order.currency,
      });
      return redirect(`/success?order=${encodeURIComponent(order.id)}`);
    }
    case LOCAL_CHECKOUT_INTENTS.cancel:
      await cancelPendingOrder(db, order.id);
      return redirectWithFlash(ctx, '/enroll', { type: 'info', message: PAYMENT_CANCELLED });
    case LOCAL_CHECKOUT_INTENTS.failInstallment:
      if (!enrolment || !morePayments) break;
      await deliver({
        id: randomId('evt_local_'),
        type: 'payment.failed',
        order_id: order.id,
        reason: 'Card declined (simulated)',
      });
      return back('A failed installment was simulated.');
    case LOCAL_CHECKOUT_INTENTS.refund: {
      const payment = await findLastPaidPayment(db, order.id);
      if (!payment) break;
      await deliver({
        id: randomId('evt_local_'),
        type: 'payment.refunded',
        order_id: order.id,
        payment_id: payment.provider_payment_id,
        amount: payment.amount,
        currency: payment.currency,
      });
      return back('The last payment was refunded.');
    }
  }
  throw data(CANNOT, { status: 409 });
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = () =>
  privatePageMeta(`Local test payment | ${site.shortName}`);

export default function LocalCheckoutPage({ loaderData }: Route.ComponentProps) {
  return <LocalCheckoutView checkout={loaderData} />;
}
