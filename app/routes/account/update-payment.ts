import { redirect } from 'react-router';
import { requireSignedIn } from '~/features/auth/guards.server';
import { UPDATE_PAYMENT_PATH } from '~/features/enrolment/overdue';
import { overdueOrderOf } from '~/features/enrolment/overdue.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/update-payment';

const NOTHING_DUE = 'No installment of yours is waiting for payment.';
const NO_PAGE =
  'Your payment provider has no page for this payment: write to us and we will help you pay it.';

/**
 * `GET /account/update-payment`, the "Update your payment" of the overdue e-mails and the
 * paused student's page (decision 053): the signed-in person's overdue installment plan,
 * sent on to its provider's page for a new card or the missed payment, made now because
 * those pages expire (Stripe's billing portal session, Paystack's manage link, the local
 * stand-in's checkout). Only ever the session's own plan; a visitor signs in first.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const { user } = await requireSignedIn(ctx, UPDATE_PAYMENT_PATH);
  const { db } = ctx;
  const overdue = await overdueOrderOf(db, user.id);
  if (!overdue) {
    return redirectWithFlash(ctx, '/account', { type: 'info', message: NOTHING_DUE });
  }
  const { payments, env } = ctx;
  const provider =
    payments.mode === 'automatic' ? payments.providers.get(overdue.order.provider) : undefined;
  const url = await provider?.updatePaymentUrl?.(
    overdue.order,
    overdue.manageRef,
    `${env.ORIGIN}/account`,
  );
  if (!url) return redirectWithFlash(ctx, '/account', { type: 'error', message: NO_PAGE });
  ctx.log.info({ event: 'update-payment', provider: overdue.order.provider }, 'payments');
  return redirect(url, { headers: { 'Cache-Control': 'private, no-store' } });
}
