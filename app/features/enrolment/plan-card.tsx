import { Check, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { enrollPage, type Plan } from '~/content/plans';
import { formatUsd } from '~/lib/format';
import { CodeField } from '~/features/discounts/code-field';
import type { CodeAnswer } from '~/features/discounts/discount-form';
import { PlanPrice } from './plan-price';
import { TRACK_NAMES } from './tracks';

const themeStyle: Record<Plan['theme'], string> = {
  frontend: 'border-brand-600 bg-brand-50 text-brand-800',
  fullstack: 'border-teal-700 bg-teal-50 text-teal-900',
};

/**
 * One plan on /enroll. For a person already enrolled in its track (a FullStack enrolment
 * covers FrontEnd too) the way to their course takes Pay Now's place.
 */
export function PlanCard({
  plan,
  enrolled,
  code,
}: {
  plan: Plan;
  enrolled: boolean;
  /** What "Have a code?" answered for this plan. */
  code?: CodeAnswer;
}) {
  const quote = code?.quote;
  // An accepted code, or a visitor's, which /checkout keeps through the sign-in.
  const carried = quote?.code ?? (code?.signIn ? code.typed : undefined);
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <p
        className={`self-start rounded-full border px-3 py-1 text-xs font-semibold tracking-wide uppercase ${themeStyle[plan.theme]}`}
      >
        {TRACK_NAMES[plan.theme]}
      </p>
      <h3 id={headingId} className="mt-4 text-xl font-bold text-ink">
        {plan.name}
      </h3>
      <PlanPrice
        price={quote?.newPrice ?? formatUsd(plan.amount)}
        was={
          quote
            ? formatUsd(plan.amount)
            : plan.discount > 0
              ? formatUsd(plan.amount + plan.discount)
              : undefined
        }
        monthly={plan.billing === 'monthly'}
      />
      <p className="mt-1 text-sm text-slate-700">{plan.currencyNote}</p>
      <p className="mt-2 text-sm font-semibold text-teal-800">
        {plan.discount > 0 ? `Discount: save ${formatUsd(plan.discount)}` : 'Discount: none'}
      </p>
      <ul className="mt-6 flex-1 space-y-2 text-sm text-slate-700">
        {plan.descriptions.map((line) => (
          <li key={line} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-accent-500" />
            {line}
          </li>
        ))}
      </ul>
      {enrolled ? (
        <p className="mt-8 rounded-xl bg-teal-50 px-4 py-3 text-sm font-semibold text-teal-900">
          You&rsquo;re enrolled in the {TRACK_NAMES[plan.theme]} track —{' '}
          <Link to="/fed/home" className="underline">
            go to your course
          </Link>
        </p>
      ) : (
        <>
          <CodeField
            planId={plan.id}
            planName={plan.name}
            answer={code}
            monthly={plan.billing === 'monthly'}
          />
          {/* A plain form, so it works before the app loads: the server starts the checkout
            for the signed-in person (or asks them to sign in) in a new tab, with the code
            accepted above (or a visitor's, for after the sign-in), which it checks again. */}
          <form method="post" action="/checkout" target="_blank" className="mt-6 flex">
            <input type="hidden" name="plan" value={plan.id} />
            {carried && <input type="hidden" name="code" value={carried} />}
            <button
              type="submit"
              className="inline-flex flex-1 items-center justify-center gap-2 rounded-full bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
            >
              {quote?.free ? 'Enroll with your code' : enrollPage.payLabel}
              <span className="sr-only">
                {quote?.free
                  ? ` for ${plan.name} (opens in a new tab)`
                  : ` for ${plan.name} (opens the payment page in a new tab)`}
              </span>
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
            </button>
          </form>
        </>
      )}
    </article>
  );
}
