import { useEffect } from 'react';
import { Link, useRevalidator } from 'react-router';
import { successPage } from '~/content/success';
import { buttonClass } from '~/ui/button';
import { Spinner } from '~/ui/spinner';
import type { OrderState } from './orders.server';
import { TitledSection } from '~/ui/titled-section';

const POLL_MS = 1500;

/**
 * The order's real state on the success page, refreshed until the webhook has arrived,
 * with the academy's 24-hour promise and what was bought: plan, amount, reference, date.
 */
export function OrderStatePanel({ order }: { order: OrderState }) {
  const revalidator = useRevalidator();
  const confirming = order.progress === 'confirming';
  useEffect(() => {
    if (!confirming) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [confirming, revalidator]);

  return (
    <>
      <OrderStatus order={order} />
      {/* SPEC's "your payment was successful… your group" fits a first payment only. */}
      {((order.progress === 'unlocked' && !order.headline) || confirming) && (
        <p className="mt-6 text-lg text-slate-700">{successPage.message}</p>
      )}
      <OrderDetails order={order} />
    </>
  );
}

/** What was bought, for the buyer's records: the reference is the e-mail's too. */
function OrderDetails({ order }: { order: OrderState }) {
  const rows = [
    ['Plan', order.planName],
    ['Amount', order.amount],
    ...(order.discount ? ([['Discount code', order.discount]] as const) : []),
    ['Reference', order.reference],
    ['Date', order.date],
  ] as const;
  return (
    <TitledSection headingId="order-details-heading" heading="Your payment" className="mt-8">
      <dl className="mt-4 grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:grid-cols-2">
        {rows.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-sm text-slate-700">{term}</dt>
            <dd
              className={`font-semibold text-ink ${term === 'Reference' ? 'font-mono text-sm break-all' : ''}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </TitledSection>
  );
}

/** Where the order stands: a live region, as it changes while the webhook is awaited. */
function OrderStatus({ order }: { order: OrderState }) {
  const confirming = order.progress === 'confirming';
  return (
    <div role="status" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6">
      {order.progress === 'unlocked' && (
        <>
          <p className="text-xl font-bold text-ink">Your course is unlocked.</p>
          <p className="mt-2 text-slate-700">{order.planName}: every course step is open to you.</p>
          <Link to={order.coursePath} className={buttonClass('primary', 'mt-6')}>
            Start learning
          </Link>
        </>
      )}
      {confirming && (
        <p className="flex items-center gap-3 text-lg font-semibold text-ink">
          <Spinner className="h-5 w-5" />
          We are confirming your payment…
        </p>
      )}
      {order.progress === 'failed' && (
        <p className="text-lg font-semibold text-red-800">
          The payment for {order.planName} did not go through. Nothing was charged; you can try
          again from the Enroll page.
        </p>
      )}
      {order.progress === 'cancelled' && (
        <p className="text-lg font-semibold text-ink">Payment cancelled</p>
      )}
    </div>
  );
}
