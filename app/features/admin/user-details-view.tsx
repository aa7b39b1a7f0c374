import { ArrowLeft, CheckCircle2, Circle } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { User } from '~/db/schema';
import { formatDateTimeUtc, formatDayUtc } from '~/lib/format';
import { FieldError, invalidFieldProps } from '~/ui/field-error';
import { formErrorMessages, type FormErrors } from '~/ui/form';
import { IntentButton } from '~/ui/intent-button';
import { notify } from '~/ui/toasts';
import type { CohortOption } from '~/features/cohorts/cohorts.server';
import { NUMBERED_STEPS } from '~/features/progress/progress';
import {
  ACCESS_OPTIONS,
  KEEP_ADMIN_OPTION,
  USER_STATUS_INTENT,
  type PaidEnrolment,
} from './user-status-form';
import type { TimelineEntry } from './user-timeline';
import { TitledSection } from '~/ui/titled-section';
import { Fact } from '~/ui/fact';
import { PageTitle } from '~/ui/page-title';

const KIND_LABELS: Record<TimelineEntry['kind'], string> = {
  account: 'Account',
  change: 'Access',
  invitation: 'Invitation',
  enrolment: 'Enrolment',
  payment: 'Payment',
  transfer: 'Transfer',
  email: 'E-mail',
  certificate: 'Certificate',
  mentor: 'Mentor',
  project: 'Project',
  quiz: 'Quiz',
};

/** Which of the 8 numbered steps the student marked complete, and when. */
function ProgressSection({ completedSteps }: { completedSteps: CompletedStep[] }) {
  const completedAt = new Map(completedSteps.map((step) => [step.step, step.completed_at]));
  const done = NUMBERED_STEPS.filter((step) => completedAt.has(step.slug)).length;
  return (
    <TitledSection headingId="progress-heading" heading="Progress" className="mt-10">
      <p className="mt-1 text-sm text-slate-700" data-testid="progress-summary">
        {`${done} of ${NUMBERED_STEPS.length} steps completed`}
      </p>
      <ol className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {NUMBERED_STEPS.map((step) => {
          const at = completedAt.get(step.slug);
          return (
            <li
              key={step.slug}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2.5 text-sm"
            >
              <span className="flex items-center gap-2 font-semibold text-ink">
                {at ? (
                  <CheckCircle2 aria-hidden="true" className="h-5 w-5 text-emerald-700" />
                ) : (
                  <Circle aria-hidden="true" className="h-5 w-5 text-slate-400" />
                )}
                Step {step.number}: {step.label}
              </span>
              {at ? (
                <span className="text-slate-800">
                  Completed <time dateTime={at}>{formatDateTimeUtc(at)}</time>
                </span>
              ) : (
                <span className="text-slate-700">Not complete</span>
              )}
            </li>
          );
        })}
      </ol>
    </TitledSection>
  );
}

export interface CompletedStep {
  step: string;
  completed_at: string;
}

/**
 * One select of Update User Status. It starts from the user's own value (decision 073), so a
 * change of one field leaves the other as it is; SPEC §5's placeholder stays the disabled
 * first option.
 */
function StatusSelect({
  name,
  label,
  options,
  value,
  onChange,
  error,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  /** What the select starts at: the user's current value, or what a refused form sent. */
  value: string;
  onChange?: (value: string) => void;
  error?: string;
}) {
  return (
    <div>
      <label htmlFor={`status-${name}`} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        id={`status-${name}`}
        name={name}
        required
        defaultValue={value}
        onChange={onChange && ((event) => onChange(event.target.value))}
        className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        {...invalidFieldProps(`status-${name}`, error)}
      >
        <option value="" disabled>
          -- Choose one --
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError fieldId={`status-${name}`} message={error} />
    </div>
  );
}

/**
 * A change the form asks a reason for, with what the admin should know first: taking away
 * access a student paid for (recorded and e-mailed to them), or opening the course to a
 * student whose installment plan is paused (shown on the Overdue view; decision 063).
 */
function ReasonWarning({
  children,
  hint,
  reasonRequired,
  error,
}: {
  children: ReactNode;
  /** When the reason is required, e.g. "Required when Access is none." */
  hint: string;
  reasonRequired: boolean;
  error?: string;
}) {
  return (
    <>
      <div
        role="note"
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:col-span-2"
      >
        {children}
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="status-reason" className="block text-sm font-semibold text-ink">
          Reason
        </label>
        <p id="status-reason-hint" className="text-sm text-slate-700">
          {hint}
        </p>
        <textarea
          id="status-reason"
          name="reason"
          rows={3}
          maxLength={1000}
          required={reasonRequired}
          aria-describedby="status-reason-hint"
          className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          {...invalidFieldProps('status-reason', error, 'status-reason-hint')}
        />
        <FieldError fieldId="status-reason" message={error} />
      </div>
    </>
  );
}

export function UserDetailsView({
  user,
  paidEnrolment,
  pausedPlan,
  cohorts,
  timeline,
  backTo,
  errors,
  completedSteps,
  certificate,
  liveClasses,
  children,
}: {
  user: Pick<User, 'id' | 'name' | 'email' | 'access' | 'cohort'>;
  /** The student's active paid enrolment, while they hold access (the form warns). */
  paidEnrolment?: PaidEnrolment;
  /** The installment plan whose unpaid installment paused the student's access. */
  pausedPlan?: string;
  /** Every cohort the user may be placed in, `none` first. */
  cohorts: CohortOption[];
  /** The person's whole history, newest first. */
  timeline: TimelineEntry[];
  backTo: string;
  /** A refusal of Update User Status, or of a Retry on an e-mail (which has no field). */
  errors?: FormErrors;
  /** The numbered steps the student completed, with when. */
  completedSteps: CompletedStep[];
  /** The Certificate section (features/certificates), after Progress. */
  certificate?: ReactNode;
  /** The Live classes section (features/live-classes): attendance and missed classes. */
  liveClasses?: ReactNode;
  /** More of the person's history, from other features (their e-mails). */
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting';
  // The form starts from the user's access and cohort (or what a refused form sent), and
  // starts again from them when another admin changes them while the page is open.
  const startAccess = errors?.values.access ?? user.access;
  const startCohort = errors?.values.cohort ?? user.cohort;
  const record = `${user.access}:${user.cohort}`;
  const [accessChoice, setAccessChoice] = useState(startAccess);
  const [shownRecord, setShownRecord] = useState(record);
  if (shownRecord !== record) {
    setShownRecord(record);
    setAccessChoice(user.access);
  }
  const warnsOfPayment = paidEnrolment !== undefined && user.access !== 'none';
  const warnsOfPause = pausedPlan !== undefined && user.access === 'none';
  const asksReason = warnsOfPayment || warnsOfPause;
  const { access, cohort, reason, ...unshown } = errors?.fieldErrors ?? {};
  const reasonError = asksReason ? reason : undefined;
  // The messages of fields not in this form (a Retry's e-mail id) join the form's own.
  const formMessages = formErrorMessages(
    errors && {
      ...errors,
      fieldErrors: { ...unshown, reason: asksReason ? undefined : reason },
    },
  );
  const summary = formErrorMessages(errors).join(' ');
  useEffect(() => {
    if (summary) notify('error', summary);
  }, [summary]);

  const fields = [
    ['Username', user.name],
    ['Email', user.email],
    ['Access', user.access],
    // The cohort's name, as the list shows it; the select below lists the user's own.
    ['Cohort', cohorts.find((option) => option.value === user.cohort)?.label ?? user.cohort],
    ['User ID', user.id],
  ] as const;

  return (
    <div className="max-w-3xl">
      <Link
        to={backTo}
        className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to List of Users
      </Link>
      <PageTitle className="mt-4">User Details</PageTitle>
      <dl className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:grid-cols-2">
        {fields.map(([label, value]) => (
          <Fact key={label} label={label} className="font-semibold break-all text-ink">
            {value}
          </Fact>
        ))}
      </dl>

      <TitledSection headingId="status-heading" heading="Update User Status" className="mt-10">
        <Form
          key={record}
          method="post"
          className="mt-4 grid gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:grid-cols-2"
        >
          <StatusSelect
            name="access"
            label="Access"
            options={
              user.access === 'admin' ? [...ACCESS_OPTIONS, KEEP_ADMIN_OPTION] : ACCESS_OPTIONS
            }
            value={startAccess}
            onChange={setAccessChoice}
            error={access}
          />
          <StatusSelect
            name="cohort"
            label="Cohort"
            options={cohorts}
            value={startCohort}
            error={cohort}
          />
          {paidEnrolment && warnsOfPayment && (
            <ReasonWarning
              hint="Required when Access is none."
              reasonRequired={accessChoice === 'none'}
              error={reasonError}
            >
              <p className="font-semibold">
                This student has an active paid enrolment: {paidEnrolment.planName}, paid{' '}
                {formatDayUtc(paidEnrolment.paidAt)}
              </p>
              <p className="mt-1">
                Setting access to none takes a reason: it is recorded in the history and e-mailed to
                the student.
              </p>
            </ReasonWarning>
          )}
          {warnsOfPause && (
            <ReasonWarning
              hint="Required when Access is Level 1 - FED."
              reasonRequired={accessChoice === 'level-1'}
              error={reasonError}
            >
              <p className="font-semibold">
                Access paused: {pausedPlan} has an unpaid installment.
              </p>
              <p className="mt-1">
                Setting Level 1 - FED keeps the course open while it is overdue, and takes a reason
                (for example, keep access while overdue): it is shown on the Overdue view.
              </p>
            </ReasonWarning>
          )}
          {formMessages.length > 0 && (
            <p role="alert" className="text-sm font-semibold text-red-700 sm:col-span-2">
              {formMessages.join(' ')}
            </p>
          )}
          <div className="sm:col-span-2">
            <IntentButton intent={USER_STATUS_INTENT} variant="primary" busy={saving}>
              Save changes
            </IntentButton>
          </div>
        </Form>
      </TitledSection>

      <ProgressSection completedSteps={completedSteps} />
      {certificate}
      {liveClasses}

      <TitledSection headingId="history-heading" heading="History" className="mt-10">
        <p className="mt-1 text-sm text-slate-700">
          Everything that happened to this account, newest first.
        </p>
        <ol className="mt-3 space-y-2" data-testid="change-history">
          {timeline.map((entry, index) => (
            <li
              key={`${entry.at}:${index}`}
              className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-800"
            >
              <span className="w-24 shrink-0 font-semibold text-brand-800">
                {KIND_LABELS[entry.kind]}
              </span>
              <span className="min-w-0">
                <time dateTime={entry.at} className="font-semibold">
                  {formatDateTimeUtc(entry.at)}
                </time>
                : {entry.text}
              </span>
            </li>
          ))}
        </ol>
      </TitledSection>
      {children}
    </div>
  );
}
