import { CreditCard } from 'lucide-react';
import { Form, Link } from 'react-router';
import type { Plan } from '~/content/plans';
import type { CodeAnswer, CodeQuote } from '~/features/discounts/discount-form';
import { LoginButton } from '~/features/auth/login-button';
import { formatUsd } from '~/lib/format';
import { buttonClass } from '~/ui/button';
import { PlanPrice } from './plan-price';
import { alreadyEnrolledIn } from './tracks';
import { PageTitle } from '~/ui/page-title';

/** The toast on /enroll for a buyer back from a checkout they left without paying. */
export const PAYMENT_CANCELLED = 'Payment cancelled';

/** `/checkout?plan=…`, and the code being carried through a sign-in, if any. */
export function checkoutPath(planId: string, code: string): string {
  const query = new URLSearchParams({ plan: planId });
  if (code !== '') query.set('code', code);
  return `/checkout?${query}`;
}

/** The checkout's title: `Pay for …`, or a scholarship's when a 100 % code leaves $0. */
export function checkoutTitle(plan: Plan, quote: CodeQuote | undefined): string {
  return quote?.free ? `Your scholarship for ${plan.name}` : `Pay for ${plan.name}`;
}

/** `/checkout?plan=…`: what is being bought, and the one step before paying. */
export function CheckoutView({
  plan,
  signedIn,
  enrolled,
  code,
}: {
  plan: Plan;
  signedIn: boolean;
  /** Already enrolled in the plan's track: nothing to pay. */
  enrolled: boolean;
  /**
   * The code carried in the URL: its quote or refusal, or (for a visitor) the code kept for
   * after the sign-in, not looked at.
   */
  code?: CodeAnswer;
}) {
  const quote = code?.quote;
  const waiting = code?.signIn ? code.typed : undefined;
  const each = plan.billing === 'monthly' ? ' a month' : '';
  return (
    <section className="mx-auto w-full max-w-xl px-6 py-16">
      <CreditCard aria-hidden="true" className="h-12 w-12 text-brand-700" />
      <PageTitle className="mt-4">{checkoutTitle(plan, quote)}</PageTitle>
      <PlanPrice
        price={quote?.newPrice ?? formatUsd(plan.amount)}
        was={quote?.listPrice}
        monthly={plan.billing === 'monthly'}
      />
      <p className="mt-1 text-slate-700">{plan.currencyNote}</p>
      {quote && (
        <p role="status" className="mt-4 rounded-lg bg-teal-50 px-3 py-2 text-teal-900">
          Code <strong>{quote.code}</strong>: {quote.amountOff} off{each ? ' each payment' : ''}.{' '}
          {quote.free ? (
            <strong>Nothing to pay: the course is yours.</strong>
          ) : (
            <>
              You pay <strong>{quote.newPrice}</strong>
              {each}.
            </>
          )}
        </p>
      )}
      {code?.error && !waiting && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-red-900">
          Code {code.typed}: {code.error}
        </p>
      )}
      {enrolled ? (
        <>
          <p className="mt-6 text-slate-700">{alreadyEnrolledIn(plan.theme)}.</p>
          <Link to="/fed/home" className={buttonClass('primary', 'mt-6')}>
            Go to your course
          </Link>
        </>
      ) : signedIn ? (
        <Form method="post" action="/checkout" className="mt-8">
          <input type="hidden" name="plan" value={plan.id} />
          {quote && <input type="hidden" name="code" value={quote.code} />}
          <button type="submit" className={buttonClass('primary')}>
            {quote?.free ? 'Confirm your scholarship' : 'Continue to payment'}
          </button>
        </Form>
      ) : (
        <>
          <p className="mt-6 text-slate-700">
            Sign in first: your payment then unlocks the course on your account.
            {waiting && ` Your code ${waiting} is checked once you are signed in.`}
          </p>
          <LoginButton
            label="Login With Google"
            returnTo={checkoutPath(plan.id, quote?.code ?? waiting ?? '')}
            className={buttonClass('primary', 'mt-6')}
          />
        </>
      )}
    </section>
  );
}

/**
 * Pay Now refused (an unknown plan, too many checkouts started, a track the person holds):
 * why, and the way on: the course for someone enrolled, the plans for anyone else.
 */
export function CheckoutRefused({ message, enrolled }: { message: string; enrolled: boolean }) {
  return (
    <section className="mx-auto w-full max-w-xl px-6 py-16">
      <CreditCard aria-hidden="true" className="h-12 w-12 text-brand-700" />
      <PageTitle className="mt-4">Payment not started</PageTitle>
      <p role="alert" className="mt-4 text-lg text-slate-700">
        {message}
      </p>
      {enrolled ? (
        <Link to="/fed/home" className={buttonClass('primary', 'mt-8')}>
          Go to your course
        </Link>
      ) : (
        <Link to="/enroll" className={buttonClass('primary', 'mt-8')}>
          Back to the plans
        </Link>
      )}
    </section>
  );
}
