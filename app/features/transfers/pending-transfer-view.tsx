import { Clock } from 'lucide-react';
import type { MyTransfer } from './my-transfers.server';
import { Fact } from '~/ui/fact';
import { mismatchNotice } from './transfer-form';

/** Where a person's submitted transfer stands, on /enroll in place of a blank form. */
export function PendingTransfer({ transfer }: { transfer: MyTransfer }) {
  const rows = [
    ['Plan', transfer.planName],
    ['Amount sent', transfer.amount],
    ['Submitted', transfer.submittedOn],
  ] as const;
  return (
    <section
      aria-labelledby="pending-transfer-heading"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h3
        id="pending-transfer-heading"
        className="flex items-center gap-2 text-lg font-bold text-ink"
      >
        <Clock aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
        Your transfer is waiting for review
      </h3>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {rows.map(([term, value]) => (
          <Fact key={term} label={term}>
            {value}
          </Fact>
        ))}
      </dl>
      {transfer.mismatch && (
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-900">
          {mismatchNotice(transfer.mismatch)}
        </p>
      )}
      <p className="mt-4 text-slate-700">
        We are checking it and will confirm it within 24 hours. You can submit another transfer once
        this one is decided.
      </p>
      <a
        href={transfer.receiptUrl}
        target="_blank"
        rel="noopener"
        className="mt-2 inline-block text-sm font-semibold text-brand-700 underline"
      >
        View receipt
      </a>
    </section>
  );
}
