import { useState } from 'react';
import { Form, Link } from 'react-router';
import { FieldError, FormAlert, invalidFieldProps } from '~/ui/field-error';
import { fieldClass, labelClass, type FormErrors } from '~/ui/form';
import { TitledSection } from '~/ui/titled-section';
import { formatDayUtc, plural } from '~/lib/format';
import {
  EXTEND_DAYS_MAX,
  OVERDUE_INTENTS,
  OVERDUE_REASON_MAX,
  type OverduePage,
  type OverdueRow,
} from './overdue';
import { Pagination } from '~/ui/list/pagination';
import { PROVIDER_LABELS } from './payment-search';
import { IntentButton } from '~/ui/intent-button';

type Intent = (typeof OVERDUE_INTENTS)[keyof typeof OVERDUE_INTENTS];

/** The refused form's errors when they are this row's form's, else nothing. */
function errorsOf(errors: FormErrors | undefined, enrolmentId: string, intent: Intent) {
  return errors?.values.enrolmentId === enrolmentId && errors.values.intent === intent
    ? errors
    : undefined;
}

function ReasonField({ id, errors }: { id: string; errors?: FormErrors }) {
  const error = errors?.fieldErrors.reason;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Reason
      </label>
      <input
        id={id}
        name="reason"
        type="text"
        required
        maxLength={OVERDUE_REASON_MAX}
        defaultValue={errors?.values.reason ?? ''}
        className={fieldClass}
        {...invalidFieldProps(id, error)}
      />
      <FieldError fieldId={id} message={error} />
    </div>
  );
}

/** Extend the grace period by a number of days, or waive the installment: each with a reason. */
function OverdueActions({ row, errors }: { row: OverdueRow; errors?: FormErrors }) {
  const extend = errorsOf(errors, row.enrolmentId, OVERDUE_INTENTS.extend);
  const waive = errorsOf(errors, row.enrolmentId, OVERDUE_INTENTS.waive);
  const prefix = `overdue-${row.enrolmentId}`;
  const daysError = extend?.fieldErrors.days;
  // Opened by a refusal, and kept open until the admin closes it: a live refresh of the list
  // (another admin, a webhook) reloads without the refusal, and must not close a form being
  // corrected.
  const refusal = extend ?? waive;
  const [open, setOpen] = useState(refusal !== undefined);
  const [shownRefusal, setShownRefusal] = useState(refusal);
  if (refusal && refusal !== shownRefusal) {
    setShownRefusal(refusal);
    setOpen(true);
  }
  return (
    <details className="mt-3" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-semibold text-brand-700">
        Extend or waive
      </summary>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <Form
          method="post"
          className="grid content-start gap-3"
          aria-label="Extend the grace period"
        >
          <input type="hidden" name="enrolmentId" value={row.enrolmentId} />
          <FormAlert message={extend?.formError} className="text-sm" />
          <div>
            <label htmlFor={`${prefix}-days`} className={labelClass}>
              Extra days before the pause
            </label>
            <input
              id={`${prefix}-days`}
              name="days"
              type="number"
              inputMode="numeric"
              min={1}
              max={EXTEND_DAYS_MAX}
              required
              defaultValue={extend?.values.days ?? '7'}
              className={fieldClass}
              {...invalidFieldProps(`${prefix}-days`, daysError)}
            />
            <FieldError fieldId={`${prefix}-days`} message={daysError} />
          </div>
          <ReasonField id={`${prefix}-extend-reason`} errors={extend} />
          <IntentButton
            intent={OVERDUE_INTENTS.extend}
            variant="secondary"
            className="justify-self-start"
          >
            Extend the grace period
          </IntentButton>
        </Form>
        <Form method="post" className="grid content-start gap-3" aria-label="Waive the installment">
          <input type="hidden" name="enrolmentId" value={row.enrolmentId} />
          <FormAlert message={waive?.formError} className="text-sm" />
          <p className="text-sm text-slate-700">
            Counts installment {row.installment} as paid without a payment; access comes back at
            once.
          </p>
          <ReasonField id={`${prefix}-waive-reason`} errors={waive} />
          <IntentButton
            intent={OVERDUE_INTENTS.waive}
            variant="secondary"
            className="justify-self-start"
          >
            Waive installment {row.installment}
          </IntentButton>
        </Form>
      </div>
    </details>
  );
}

function pauseText(row: OverdueRow): string {
  if (!row.pauseOn) return 'Access never pauses';
  const on = formatDayUtc(row.pauseOn, 'long');
  return row.paused ? `Access paused on ${on}` : `Access pauses on ${on}`;
}

/** Who keeps a paused student's course open, when, and why (decision 063). */
function keptOpenText({ name, at, reason }: NonNullable<OverdueRow['keptOpenBy']>): string {
  return `Kept open by ${name}'s grant on ${formatDayUtc(at, 'long')}${reason ? `: ${reason}` : ''}`;
}

/**
 * `/admin/payments?status=overdue` (decision 053): every overdue installment plan, the
 * longest overdue first, with how many days, when access pauses, and the admin's two ways
 * to help (a longer grace period, or the installment waived).
 */
export function OverdueList({
  overdue: { rows, total, page, pageCount },
  pageHref,
  errors,
}: {
  overdue: OverduePage;
  /** The address of another page of the list. */
  pageHref: (page: number) => string;
  errors?: FormErrors;
}) {
  return (
    <TitledSection
      headingId="overdue-heading"
      heading={`Overdue installments (${total})`}
      className="mt-8"
    >
      {rows.length === 0 ? (
        <p className="mt-2 text-slate-700">No installment is overdue.</p>
      ) : (
        <ul className="mt-4 grid gap-4" data-testid="overdue-list">
          {rows.map((row) => (
            <li
              key={row.enrolmentId}
              className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="font-bold text-ink">
                  <Link
                    to={`/admin/user-details/${encodeURIComponent(row.userId)}`}
                    className="underline"
                  >
                    {row.name}
                  </Link>{' '}
                  <span className="font-normal break-all text-slate-700">{row.email}</span>
                </p>
                <p
                  className={`rounded-full px-3 py-1 text-sm font-semibold ${
                    row.paused ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'
                  }`}
                >
                  {plural(row.daysOverdue, 'day')} overdue
                </p>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {row.planName} · installment {row.installment} of {row.installments} ·{' '}
                {PROVIDER_LABELS[row.provider]} · failed on {formatDayUtc(row.overdueSince, 'long')}{' '}
                · {pauseText(row)}
              </p>
              {row.keptOpenBy && (
                <p className="mt-1 text-sm font-semibold text-ink">
                  {keptOpenText(row.keptOpenBy)}
                </p>
              )}
              <OverdueActions row={row} errors={errors} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} to={pageHref} />
    </TitledSection>
  );
}
