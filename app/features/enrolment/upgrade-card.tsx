import { ArrowUpCircle, ExternalLink } from 'lucide-react';
import { enrollPage, upgradePlan } from '~/content/plans';
import { formatUsd } from '~/lib/format';
import { buttonClass } from '~/ui/button';

/** What a FrontEnd student is offered (decision 069): the upgrade now, or after their last installment. */
export type UpgradeOffer =
  { kind: 'open' } | { kind: 'after-installments'; paid: number; total: number };

/**
 * The Upgrade to FullStack card, on the course home and on /enroll (where the FullStack
 * Permission Denied page's link lands, at `#upgrade`): the upgrade's price, and Pay Now, or
 * when it opens for a student still paying their installments.
 */
export function UpgradeCard({ offer }: { offer: UpgradeOffer }) {
  return (
    <section
      id="upgrade"
      aria-labelledby="upgrade-heading"
      className="mt-8 rounded-2xl border border-teal-700 bg-teal-50 p-6"
    >
      <h2 id="upgrade-heading" className="flex items-center gap-2 text-xl font-bold text-ink">
        <ArrowUpCircle aria-hidden="true" className="h-5 w-5 text-teal-800" />
        {upgradePlan.name}
      </h2>
      <p className="mt-3">
        <span className="text-3xl font-extrabold text-ink">{formatUsd(upgradePlan.amount)}</span>{' '}
        <span className="text-sm text-slate-700">{upgradePlan.currencyNote}</span>
      </p>
      <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-800 marker:text-teal-800">
        {upgradePlan.descriptions.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {offer.kind === 'open' ? (
        // A plain form, as on every plan card: it works before the app loads, and the server
        // checks again that the upgrade is the person's to buy.
        <form method="post" action="/checkout" target="_blank" className="mt-6">
          <input type="hidden" name="plan" value={upgradePlan.id} />
          <button type="submit" className={buttonClass('primary')}>
            {enrollPage.payLabel}
            <span className="sr-only">
              {` for ${upgradePlan.name} (opens the payment page in a new tab)`}
            </span>
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
          </button>
        </form>
      ) : (
        <p className="mt-6 font-semibold text-teal-900">
          You can upgrade after your last FrontEnd installment ({offer.paid} of {offer.total} paid).
        </p>
      )}
    </section>
  );
}
