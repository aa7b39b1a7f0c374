import { planName } from '~/content/plans';
import { formatDateTimeUtc, formatMinorUnits } from '~/lib/format';
import type { EnrolmentSummary, PaymentSummary } from './user-payments.server';
import { TitledSection } from '~/ui/titled-section';

/** The admin's view of what a person bought and paid. */
export function UserPayments({
  enrolments,
  payments,
}: {
  enrolments: EnrolmentSummary[];
  payments: PaymentSummary[];
}) {
  return (
    <TitledSection headingId="payments-heading" heading="Enrolments and payments" className="mt-10">
      {enrolments.length === 0 && payments.length === 0 ? (
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
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
