import { data, redirect } from 'react-router';
import { redirectWithFlash } from '~/lib/flash.server';
import type { RequestContext } from '~/lib/load-context';
import { consumeRateLimit } from '~/lib/rate-limit.server';
import { readForm } from '~/lib/form.server';
import { findPlan } from '~/content/plans';
import { enrolledTracksOf } from './enrolments.server';
import { createOrder, findOpenOrder } from './orders.server';
import { alreadyEnrolledIn, coversTrack } from './tracks';

export const UNKNOWN_PLAN = 'There is no such plan. Choose one on the Enroll page.';
export const PAYMENT_CANCELLED = 'Payment cancelled';

/**
 * Checkouts one person may start in `CHECKOUT_WINDOW_MS`: each is an order and a call to
 * the provider's API, so a script must not be able to start hundreds. A buyer who cancels
 * and tries again a few times stays well under it.
 */
export const CHECKOUTS_PER_WINDOW = 10;
const CHECKOUT_WINDOW_MS = 10 * 60_000;

export function tooManyCheckouts(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `You have started too many payments in a few minutes. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/**
 * Back from a provider's checkout without paying: /enroll with the toast. The order stays
 * as it is: the provider's page may still be paid, and its webhook then counts.
 */
export function returnFromCancelledCheckout(context: RequestContext): Promise<Response> {
  return redirectWithFlash(context, '/enroll', { type: 'info', message: PAYMENT_CANCELLED });
}

/** How long a pending order's checkout is taken up again rather than started anew. */
const RESUME_WITHIN_MS = 12 * 60 * 60_000;

/**
 * Pay Now (`POST /checkout` from /enroll, into a new tab). A visitor is sent to sign in
 * first (`/checkout?plan=…`, which comes back here). A person enrolled in the plan's track
 * is told so (409) and sells nothing; one with a pending order of the plan still open at
 * the provider goes back to it; anyone else gets a pending order of their own and goes to
 * the provider's checkout. Without a provider the static hosted link of the plan is all
 * there is.
 */
export async function startCheckout(request: Request, context: RequestContext) {
  const form = await readForm(request);
  const plan = findPlan(String(form?.get('plan') ?? ''));
  if (!plan) throw data(UNKNOWN_PLAN, { status: 400 });
  const { payments } = context.services;
  if (payments.mode === 'static-links') return redirect(plan.paymentLink);
  const { user } = await context.session();
  if (!user) return redirect(`/checkout?plan=${encodeURIComponent(plan.id)}`);
  const { db } = context.services.database;
  if (coversTrack(await enrolledTracksOf(db, user.id), plan.theme)) {
    throw data(alreadyEnrolledIn(plan.theme), { status: 409 });
  }
  const limit = await consumeRateLimit(
    db,
    `checkout:${user.id}`,
    CHECKOUTS_PER_WINDOW,
    CHECKOUT_WINDOW_MS,
  );
  if (!limit.allowed) {
    context.log.warn({ event: 'rate-limited', route: 'checkout', userId: user.id }, 'security');
    throw data(tooManyCheckouts(limit.retryAfterSeconds), {
      status: 429,
      headers: { 'Retry-After': String(limit.retryAfterSeconds) },
    });
  }
  const open = await findOpenOrder(db, {
    userId: user.id,
    planId: plan.id,
    provider: payments.checkout.name,
    since: new Date(Date.now() - RESUME_WITHIN_MS),
  });
  const resumed = open && (await payments.checkout.resumeCheckout(open));
  if (open && resumed) {
    context.log.info(
      { event: 'checkout-resumed', orderId: open.id, plan: plan.id, userId: user.id },
      'payment',
    );
    return redirect(resumed);
  }
  const order = await createOrder(db, { userId: user.id, plan, provider: payments.checkout });
  const checkout = await payments.checkout.createCheckout(order, plan, user);
  await db
    .updateTable('orders')
    .set({ provider_ref: checkout.providerRef })
    .where('id', '=', order.id)
    .execute();
  context.log.info(
    {
      event: 'checkout-started',
      orderId: order.id,
      plan: plan.id,
      provider: payments.checkout.name,
      userId: user.id,
    },
    'payment',
  );
  return redirect(checkout.url);
}
