import { CreditCard } from 'lucide-react';
import { buttonClass } from '~/ui/button';
import { UPDATE_PAYMENT_LABEL, UPDATE_PAYMENT_PATH } from './overdue';

/**
 * Why a paused student is refused, on their Permission Denied page (decision 053), and the
 * way back in. A plain link: the page it opens sends the browser on to the provider's.
 */
export function PausedNotice({ planName }: { planName: string }) {
  return (
    <div
      role="status"
      className="mt-6 w-full rounded-2xl border border-amber-300 bg-amber-50 p-5 text-left text-amber-950"
    >
      <h2 className="font-bold">Your access is paused</h2>
      <p className="mt-2">
        An installment for {planName} is unpaid. Pay it and the course opens again at once, with
        your progress kept.
      </p>
      <a href={UPDATE_PAYMENT_PATH} className={`mt-4 ${buttonClass('primary')}`}>
        <CreditCard aria-hidden="true" className="h-4 w-4" />
        {UPDATE_PAYMENT_LABEL}
      </a>
    </div>
  );
}
