import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { receiptHref } from '~/features/receipts/receipt-links';
import type { MyTransfer } from './my-transfers.server';
import { TitledSection } from '~/ui/titled-section';
import { mismatchNotice } from './transfer-form';

const statusLabel: Record<MyTransfer['status'], string> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
};

function StatusIcon({ status }: { status: MyTransfer['status'] }) {
  const className = 'mt-0.5 h-5 w-5 shrink-0';
  if (status === 'approved') {
    return <CheckCircle2 aria-hidden="true" className={`${className} text-accent-500`} />;
  }
  if (status === 'rejected')
    return <XCircle aria-hidden="true" className={`${className} text-red-700`} />;
  return <Clock aria-hidden="true" className={`${className} text-brand-700`} />;
}

/**
 * A student's bank transfers and where each stands: on /fed/home, the success page and the
 * account page, which offers each approved transfer's receipt (`withReceipts`).
 */
export function MyTransfers({
  transfers,
  heading,
  headingLevel,
  withReceipts = false,
}: {
  transfers: MyTransfer[];
  heading: string;
  /** `h3` where the list is part of a section, as in the account's Payments. */
  headingLevel?: 'h2' | 'h3';
  withReceipts?: boolean;
}) {
  if (transfers.length === 0) return null;
  return (
    <TitledSection
      headingId="my-transfers-heading"
      heading={heading}
      headingLevel={headingLevel}
      className="mt-8"
    >
      <ul className="mt-4 space-y-3">
        {transfers.map((transfer) => (
          <li
            key={transfer.id}
            className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 text-slate-800"
          >
            <StatusIcon status={transfer.status} />
            <div className="min-w-0">
              <p className="font-semibold text-ink">
                {statusLabel[transfer.status]}: {transfer.amount} on {transfer.transferDate}
              </p>
              <p className="text-sm text-slate-700">{transfer.planName}</p>
              {transfer.status === 'pending' && transfer.mismatch && (
                <p className="mt-1 text-sm font-semibold text-amber-900">
                  {mismatchNotice(transfer.mismatch)}
                </p>
              )}
              {transfer.status === 'pending' && (
                <p className="mt-1 text-sm">We will confirm it within 24 hours.</p>
              )}
              {transfer.status === 'approved' && (
                <p className="mt-1 text-sm">
                  {transfer.installmentReceived
                    ? `${transfer.installmentReceived}.`
                    : 'Your course is unlocked.'}
                </p>
              )}
              {transfer.status === 'rejected' && transfer.reason && (
                <p className="mt-1 text-sm">
                  Reason: {transfer.reason} You can submit the transfer again on the Enroll page.
                </p>
              )}
              <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
                <a
                  href={transfer.receiptUrl}
                  target="_blank"
                  rel="noopener"
                  className="text-brand-700 underline"
                >
                  View receipt
                  <span className="sr-only"> of the transfer on {transfer.transferDate}</span>
                </a>
                {withReceipts && transfer.status === 'approved' && (
                  <a
                    href={receiptHref('transfer', transfer.id)}
                    className="text-brand-700 underline"
                  >
                    Download receipt
                    <span className="sr-only"> of the transfer on {transfer.transferDate}</span>
                  </a>
                )}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
