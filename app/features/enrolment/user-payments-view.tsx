import { planName } from '~/content/plans';
import { receiptHref, type ReceiptKind } from '~/features/receipts/receipt-links';
import { formatDateTimeUtc, formatMinorUnits } from '~/lib/format';
import { TitledSection } from '~/ui/titled-section';
import type { EnrolmentSummary, PaymentSummary, TransferSummary } from './user-payments.server';

/** The admin's view of what a person bought and paid, with the receipt of each payment. */
export function UserPayments({
  enrolments,
  payments,
  transfers,
}: {
  enrolments: EnrolmentSummary[];
  payments: PaymentSummary[];
  transfers: TransferSummary[];
}) {
  return (
    <TitledSection headingId="payments-heading" heading="Enrolments and payments" className="mt-10">
      {enrolments.length === 0 && payments.length === 0 && transfers.length === 0 ? (
        <p className="mt-3 text-slate-700">No enrolments or payments yet.</p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm text-slate-800" data-testid="user-payments">
          {enrolments.map((enrolment) => (
            <li key={enrolment.id} className="rounded-lg border border-slate-200 bg-white p-3">
              <span className="font-semibold text-ink">{planName(enrolment.plan_id)}</span>:
              enrolment {enrolment.status}, {enrolment.installments_paid} of{' '}
              {enrolment.installments_total} paid, by {enrolment.source}, since{' '}
              <time dateTime={enrolment.created_at}>{formatDateTimeUtc(enrolment.created_at)}</time>
            </li>
          ))}
          {payments.map((payment) => (
            <li key={payment.id} className="rounded-lg border border-slate-200 bg-white p-3">
              Payment of{' '}
              <span className="font-semibold text-ink">
                {formatMinorUnits(payment.amount, payment.currency)}
              </span>{' '}
              through {payment.provider}, {payment.status}, on{' '}
              <time dateTime={payment.created_at}>{formatDateTimeUtc(payment.created_at)}</time>
              {payment.discount && <>, with code {payment.discount}</>}
              <ReceiptLink kind="payment" id={payment.id} />
            </li>
          ))}
          {transfers.map((transfer) => (
            <li key={transfer.id} className="rounded-lg border border-slate-200 bg-white p-3">
              Bank transfer of{' '}
              <span className="font-semibold text-ink">
                {formatMinorUnits(transfer.amount, transfer.currency)}
              </span>{' '}
              for {planName(transfer.plan_id)}, {transfer.status}, submitted on{' '}
              <time dateTime={transfer.created_at}>{formatDateTimeUtc(transfer.created_at)}</time>
              {transfer.status === 'approved' && <ReceiptLink kind="transfer" id={transfer.id} />}
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

/** A paid payment's or an approved transfer's PDF, downloaded (not opened in the page). */
function ReceiptLink({ kind, id }: { kind: ReceiptKind; id: string }) {
  return (
    <>
      {' '}
      <a
        href={receiptHref(kind, id)}
        download
        className="ml-2 font-semibold text-brand-700 underline"
      >
        Download receipt
      </a>
    </>
  );
}
