import { useEffect } from 'react';
import { Link, useRevalidator } from 'react-router';
import { buttonClass } from '~/ui/button';
import { Spinner } from '~/ui/spinner';
import type { OrderState } from './order-status.server';

const POLL_MS = 1500;

/** The order's real state on the success page, refreshed until the webhook has arrived. */
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
    <div role="status" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6">
      {order.progress === 'unlocked' && (
        <>
          <p className="text-xl font-bold text-ink">Your course is unlocked.</p>
          <p className="mt-2 text-slate-700">{order.planName}: every course step is open to you.</p>
          <Link to="/fed/home" className={buttonClass('primary', 'mt-6')}>
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
