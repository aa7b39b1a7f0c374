import { data, isRouteErrorResponse, redirect, useRouteError } from 'react-router';
import { plural } from '~/lib/format';
import { z } from '~/lib/zod';
import { findOrderPlan, plans, upgradePlan, type Plan } from '~/content/plans';
import { site } from '~/content/site';
import { openCheckout } from '~/features/enrolment/provider-orders.server';
import {
  checkoutPath,
  CheckoutRefused,
  checkoutTitle,
  CheckoutView,
  PAYMENT_CANCELLED,
} from '~/features/enrolment/checkout-view';
import { enrolledTracksOf } from '~/features/enrolment/enrolments.server';
import { readUpgradeOffer, UPGRADE_NOT_OPEN } from '~/features/enrolment/upgrade.server';
import { alreadyEnrolledIn, coversTrack } from '~/features/enrolment/tracks';
import { redirectWithFlash } from '~/lib/flash.server';
import { parseForm } from '~/lib/form.server';
import { requireServerContext, type RequestContext } from '~/load-context';
import { CODE_REFUSALS, type CodeAnswer } from '~/features/discounts/discount-form';
import { applyCode } from '~/features/discounts/apply-code.server';
import { enrolWithScholarship } from '~/features/discounts/scholarship.server';
import type { PaymentProvider } from '~/features/enrolment/payment-provider.server';
import { consumeRateLimit } from '~/lib/rate-limit.server';
import type { Route } from './+types/checkout';
import { privatePageMeta } from '~/lib/seo';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

const UNKNOWN_PLAN = 'There is no such plan. Choose one on the Enroll page.';

/**
 * Checkouts one person may start in `CHECKOUT_WINDOW_MS`: each is an order and a call to
 * the provider's API, so a script must not be able to start hundreds. A buyer who cancels
 * and tries again a few times stays well under it.
 */
const CHECKOUTS_PER_WINDOW = 10;
const CHECKOUT_WINDOW_MS = 10 * 60_000;

function tooManyCheckouts(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `You have started too many payments in a few minutes. Try again in ${plural(minutes, 'minute')}.`;
}

/**
 * `/checkout?plan=…`: the plan and the one step before paying. `/checkout?cancelled` is
 * where a provider's checkout sends a buyer back without paying: /enroll with the toast.
 * The order stays as it is: the provider's page may still be paid, and its webhook then
 * counts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const query = new URL(request.url).searchParams;
  if (query.has('cancelled')) {
    return redirectWithFlash(ctx, '/enroll', { type: 'info', message: PAYMENT_CANCELLED });
  }
  const plan = findOrderPlan(query.get('plan') ?? '');
  if (!plan) throw data(UNKNOWN_PLAN, { status: 404 });
  const { user } = await ctx.session();
  const { db } = ctx;
  const enrolled = user !== null && coversTrack(await enrolledTracksOf(db, user.id), plan.theme);
  return {
    plan,
    signedIn: user !== null,
    enrolled,
    code: await codeCarried(ctx, plan, query),
  };
}

/**
 * The code carried here in the URL, so that it survives the sign-in: a visitor's is not looked
 * at (they are asked to sign in, and it rides through the sign-in's return path); a signed-in
 * person's is applied like the field on /enroll, within the same limits (decision 062), its
 * quote or its refusal shown. The URL only names it: Pay checks it again.
 */
async function codeCarried(
  ctx: RequestContext,
  plan: Plan,
  query: URLSearchParams,
): Promise<CodeAnswer | undefined> {
  const typed = (query.get('code') ?? '').trim().slice(0, 64);
  const { payments } = ctx;
  if (typed === '' || payments.mode === 'static-links') return undefined;
  const applied = await applyCode(ctx, plan, typed, payments.checkout.currency);
  if (applied.init.status === 429) throw data(applied.answer.error, applied.init);
  return applied.answer;
}

const checkoutSchema = z.object({
  plan: z.enum([upgradePlan.id, ...plans.map((plan) => plan.id)]),
  // The code /enroll accepted, checked again here: the amount is always the server's.
  code: z.string().trim().max(64).default(''),
});

/**
 * Pay Now (`POST /checkout` from /enroll, into a new tab). A visitor is sent to sign in
 * first (`/checkout?plan=…`, which comes back here). A person enrolled in the plan's track
 * is told so (409) and sells nothing; anyone else goes to the provider's checkout of their
 * pending order (`openCheckout`); the upgrade to FullStack only to whom it is open. A code is applied again (400 with its refusal, 429 past
 * the limits on trying codes, decision 062): it discounts the order, and a 100 % code enrols
 * without a provider (decision 052). Without a
 * provider the static hosted link of the plan is all there is (codes do not apply).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const form = await parseForm(request, checkoutSchema);
  const plan = form.ok && findOrderPlan(form.data.plan);
  if (!plan) throw data(UNKNOWN_PLAN, { status: 400 });
  const upgrading = plan.id === upgradePlan.id;
  const { payments } = ctx;
  if (payments.mode === 'static-links') {
    // The upgrade is sold only to whom it is open: a static link knows nobody.
    if (upgrading) throw data(UPGRADE_NOT_OPEN, { status: 403 });
    return redirect(plan.paymentLink);
  }
  const { user } = await ctx.session();
  if (!user) return redirect(checkoutPath(plan.id, form.ok ? form.data.code : ''));
  const { db } = ctx;
  if (coversTrack(await enrolledTracksOf(db, user.id), plan.theme)) {
    throw data(alreadyEnrolledIn(plan.theme), { status: 409 });
  }
  // Sold only to a FrontEnd student who paid their course in full (decision 069).
  if (upgrading && (await readUpgradeOffer(ctx))?.kind !== 'open') {
    throw data(UPGRADE_NOT_OPEN, { status: 403 });
  }
  const limit = await consumeRateLimit(
    db,
    `checkout:${user.id}`,
    CHECKOUTS_PER_WINDOW,
    CHECKOUT_WINDOW_MS,
  );
  if (!limit.allowed) {
    ctx.log.warn({ event: 'rate-limited', route: 'checkout', userId: user.id }, 'security');
    throw data(tooManyCheckouts(limit.retryAfterSeconds), {
      status: 429,
      headers: { 'Retry-After': String(limit.retryAfterSeconds) },
    });
  }
  let discount: { codeId: string; code: string; amountOff: number; free: boolean } | undefined;
  if (form.ok && form.data.code !== '') {
    const applied = await applyCode(ctx, plan, form.data.code, payments.checkout.currency);
    if (!applied.accepted) throw data(applied.answer.error, applied.init);
    const { row, amountOff, amount } = applied.accepted;
    discount = { codeId: row.id, code: row.code, amountOff, free: amount === 0 };
  }
  if (discount?.free) return enrolScholar(ctx, payments.checkout, user.id, plan, discount);
  const checkout = await openCheckout(db, payments.checkout, user, plan, discount);
  if ('refused' in checkout) throw data(CODE_REFUSALS['used-up'], { status: 400 });
  ctx.log.info(
    checkout.resumed
      ? { event: 'checkout-resumed', orderId: checkout.orderId, plan: plan.id, userId: user.id }
      : {
          event: 'checkout-started',
          orderId: checkout.orderId,
          plan: plan.id,
          provider: payments.checkout.name,
          userId: user.id,
        },
    'payment',
  );
  return redirect(checkout.url);
}

/**
 * A 100 % code: the student is enrolled at once, without a provider (decision 052), and sent
 * to the success page of the order it made, which says the course is open.
 */
async function enrolScholar(
  ctx: RequestContext,
  /** Names the order (no provider is called): the checkout provider and its currency. */
  provider: PaymentProvider,
  userId: string,
  plan: Plan,
  discount: { codeId: string; code: string; amountOff: number },
) {
  const { db, mail, changeEvents } = ctx;
  const result = await enrolWithScholarship(db, { userId, plan, provider, ...discount });
  if (!result.ok && result.reason === 'alreadyEnrolled') {
    throw data(alreadyEnrolledIn(plan.theme), { status: 409 });
  }
  if (!result.ok) throw data(CODE_REFUSALS['used-up'], { status: 400 });
  ctx.log.info(
    { event: 'scholarship-enrolled', orderId: result.orderId, code: discount.code, userId },
    'audit',
  );
  mail.wakeWorker();
  changeEvents.publish({ collection: 'users', id: userId });
  return redirect(`/success?order=${encodeURIComponent(result.orderId)}`);
}

/** A refusal keeps its headers (Retry-After on too many checkouts). */
export const headers: Route.HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(
    `${loaderData ? checkoutTitle(loaderData.plan, loaderData.code?.quote) : 'Pay for a plan'} | ${site.shortName}`,
  );

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  return <CheckoutView {...loaderData} />;
}

/**
 * A plan that does not exist, too many checkouts at once, or a track the person is enrolled
 * in (409): said in words, with the way on.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status < 500 && typeof error.data === 'string') {
    return <CheckoutRefused message={error.data} enrolled={error.status === 409} />;
  }
  throw error;
}
