import { CreditCard, Download, Wallet } from 'lucide-react';
import { planName } from '~/content/plans';
import { PAY_BY_TRANSFER, REPORT_TRANSFER_PATH } from '~/features/transfers/pay-by-transfer';
import { receiptHref } from '~/features/receipts/receipt-links';
import { formatDayUtc, formatMinorUnits } from '~/lib/format';
import { buttonClass } from '~/ui/button';
import { StatusBadge, type BadgeTone } from '~/ui/list/list-cells';
import { TitledPanel } from '~/ui/titled-panel';
import type { EnrolmentStanding, Installment, OverdueInstallment } from './enrolment-standing';
import { UPDATE_PAYMENT_LABEL, UPDATE_PAYMENT_PATH } from './overdue';

const STATUS_TONES: Record<Installment['status'], BadgeTone> = {
  paid: 'good',
  waived: 'neutral',
  refunded: 'neutral',
  due: 'warning',
  overdue: 'bad',
};

/** "14 Nov": the short day the paused sentence names. */
function shortDay(timestamp: string): string {
  return formatDayUtc(timestamp).replace(/ \d{4}$/, '');
}

/** The paused sentence, in the shape the course home shows it. */
export function pausedSentence(overdue: OverdueInstallment, currency: string): string {
  const amount = formatMinorUnits(overdue.amount, currency);
  return `Access paused: installment ${overdue.installment} of ${overdue.of} (${amount}) is overdue since ${shortDay(overdue.since)}`;
}

/** How an overdue installment is paid: our Update your payment page, or the bank's details. */
function PayOverdue({ standing }: { standing: EnrolmentStanding }) {
  if (standing.provider === 'transfer') {
    return (
      <p className="mt-3 text-sm">
        {PAY_BY_TRANSFER.send}{' '}
        <span className="font-mono font-semibold">{PAY_BY_TRANSFER.accountNumber}</span>,{' '}
        {PAY_BY_TRANSFER.report}{' '}
        <a href={REPORT_TRANSFER_PATH} className="font-semibold underline">
          {PAY_BY_TRANSFER.link}
        </a>
        .
      </p>
    );
  }
  return (
    <a href={UPDATE_PAYMENT_PATH} className={buttonClass('primary', 'mt-3')}>
      <CreditCard aria-hidden="true" className="h-4 w-4" />
      {UPDATE_PAYMENT_LABEL}
    </a>
  );
}

/**
 * An overdue installment's notice: its amount, since when, the pause day (or paused), and the
 * way to pay. The panel's, and the paused student's Permission Denied page's (decision 075).
 */
export function OverdueNotice({
  standing,
  overdue,
}: {
  standing: EnrolmentStanding;
  overdue: OverdueInstallment;
}) {
  const amount = formatMinorUnits(overdue.amount, standing.currency);
  return (
    <div
      role="status"
      className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      {overdue.paused ? (
        <p className="font-bold">{pausedSentence(overdue, standing.currency)}</p>
      ) : (
        <p className="font-bold">
          Installment {overdue.installment} of {overdue.of} ({amount}) is overdue since{' '}
          {shortDay(overdue.since)}.
        </p>
      )}
      <p className="mt-1">
        {overdue.paused
          ? 'Pay it and the course opens again at once, with your progress kept.'
          : overdue.pausesOn
            ? `Pay ${amount} before ${formatDayUtc(overdue.pausesOn, 'long')}, or your access to the course pauses on that day until it is paid.`
            : `Pay ${amount} to keep your plan up to date.`}
      </p>
      <PayOverdue standing={standing} />
    </div>
  );
}

/**
 * "Your enrolment" (decision 068): the plan, its total, each installment's amount, due day and
 * state, what is left, and an overdue installment's amount, pause day and way to pay. The same
 * on the course home and on `/account`.
 */
export function EnrolmentPanel({ standing }: { standing: EnrolmentStanding }) {
  const money = (amount: number) => formatMinorUnits(amount, standing.currency);
  return (
    <TitledPanel
      tone="white"
      className="mt-8"
      headingId="enrolment-heading"
      headingClassName="flex items-center gap-2 text-xl font-bold text-ink"
      heading={
        <>
          <Wallet aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Your enrolment
        </>
      }
    >
      <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-ink">Plan</dt>
        <dd className="text-slate-800">{planName(standing.planId)}</dd>
        <dt className="font-semibold text-ink">In all</dt>
        <dd className="text-slate-800">{money(standing.total)}</dd>
        <dt className="font-semibold text-ink">Left to pay</dt>
        <dd className="text-slate-800">{money(standing.left)}</dd>
      </dl>
      {standing.overdue && <OverdueNotice standing={standing} overdue={standing.overdue} />}
      {/* Focusable and named: on a narrow phone the schedule may scroll sideways, and a
          scrolling box must be reachable by keyboard (axe: scrollable-region-focusable). */}
      <div
        role="region"
        aria-label="Payment schedule"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a box that scrolls must be reachable by keyboard
        tabIndex={0}
        className="mt-4 overflow-x-auto"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Payment schedule</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              <th scope="col" className="py-2 pr-2 sm:pr-3 font-semibold">
                {/* "#" on a phone, where the word would push the status out of sight. */}
                <span className="sr-only sm:not-sr-only">Installment</span>
                <span aria-hidden="true" className="sm:hidden">
                  #
                </span>
              </th>
              {['Amount', 'Due', 'Status'].map((column) => (
                <th key={column} scope="col" className="py-2 pr-2 font-semibold sm:pr-3">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {standing.installments.map((installment) => (
              <tr key={installment.number} className="border-b border-slate-100 align-top">
                <th
                  scope="row"
                  className="whitespace-nowrap py-2 pr-2 font-semibold text-ink sm:pr-3"
                >
                  {installment.number} of {standing.installments.length}
                </th>
                <td className="py-2 pr-2 sm:pr-3">{money(installment.amount)}</td>
                <td className="py-2 pr-2 sm:whitespace-nowrap sm:pr-3">
                  {installment.dueOn ? formatDayUtc(installment.dueOn) : 'At enrolment'}
                </td>
                <td className="py-2">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <StatusBadge tone={STATUS_TONES[installment.status]}>
                      {installment.status}
                    </StatusBadge>
                    {installment.receipt && (
                      <a
                        href={receiptHref(installment.receipt.kind, installment.receipt.id)}
                        className="inline-flex items-center gap-1 font-semibold text-brand-700 underline"
                      >
                        <Download aria-hidden="true" className="h-4 w-4" />
                        Receipt
                        <span className="sr-only"> of installment {installment.number}</span>
                      </a>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </TitledPanel>
  );
}
