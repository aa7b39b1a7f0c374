import { Download } from 'lucide-react';
import { Form, Link } from 'react-router';
import { findCourseStep } from '~/content/course-steps';
import type { LiveSession } from '~/db/schema';
import { BackLink } from '~/ui/back-link';
import { buttonClass } from '~/ui/button';
import { Fact } from '~/ui/fact';
import { FieldError, invalidFieldProps, FormAlert } from '~/ui/field-error';
import { fieldClass, labelClass, type FormErrors } from '~/ui/form';
import { StatusBadge } from '~/ui/list/list-cells';
import { IntentButton } from '~/ui/intent-button';
import { ConfirmQuestion } from '~/ui/confirm-question';
import { formatAttendanceRate, type AttendanceRate } from './attendance';
import type { AttendanceRow } from './attendance.server';
import { AttendanceTable } from './attendance-table';
import { ClassForm } from './class-form';
import { classEnd, formatClassTime, wallTimeIn } from './class-times';
import { CANCEL_CLASS, CLASS_MESSAGES, SAVE_CLASS, SAVE_RECORDING } from './live-class-form';
import { TitledSection } from '~/ui/titled-section';
import { PageTitle } from '~/ui/page-title';
import { LINK_MAX } from '~/lib/form-fields';
import { classPagePath, cohortClassesPath } from './class-paths';

/** Why a class shows no attendance rate (`attendanceRateOf` gives none). */
function noRateReason({ cancelled, started }: { cancelled: boolean; started: boolean }) {
  if (cancelled) return 'No attendance is taken for a cancelled class.';
  if (!started) return 'The attendance rate shows once the class has started.';
  return 'No student to count yet.';
}

/** Cancel, in two steps that work without JavaScript: a link to the question, then the button. */
function CancelClass({ confirming, title }: { confirming: boolean; title: string }) {
  return (
    <TitledSection headingId="cancel-heading" heading="Cancel the class" className="mt-10">
      {confirming ? (
        <ConfirmQuestion
          id="cancel-question"
          intent={CANCEL_CLASS}
          confirm="Yes, cancel the class"
          question={`Cancel “${title}”? It stays on the schedule marked cancelled, its students are told and their calendars remove it. It cannot be undone.`}
        />
      ) : (
        <p className="mt-2 text-slate-700">
          Its students are told and their calendars remove it.{' '}
          <Link to="?cancel=confirm" className="font-semibold text-red-800 underline">
            Cancel this class…
          </Link>
        </p>
      )}
    </TitledSection>
  );
}

/** The recording's link, once the class has ended. */
function RecordingForm({
  session,
  ended,
  errors,
}: {
  session: LiveSession;
  ended: boolean;
  errors?: FormErrors<string>;
}) {
  const message = errors?.fieldErrors.recordingUrl ?? errors?.formError;
  return (
    <TitledSection headingId="recording-heading" heading="Recording link" className="mt-10">
      {ended ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <div className="min-w-0 grow basis-72">
            <label htmlFor="class-recordingUrl" className={labelClass}>
              Link to the recording (https://)
            </label>
            <input
              id="class-recordingUrl"
              name="recordingUrl"
              type="url"
              required
              maxLength={LINK_MAX}
              defaultValue={errors?.values.recordingUrl ?? session.recording_url ?? ''}
              className={fieldClass}
              {...invalidFieldProps('class-recordingUrl', message)}
            />
            <FieldError fieldId="class-recordingUrl" message={message} />
          </div>
          <IntentButton intent={SAVE_RECORDING} variant="secondary">
            Save recording link
          </IntentButton>
        </Form>
      ) : (
        <p className="mt-2 text-slate-700">{CLASS_MESSAGES.notEnded}</p>
      )}
    </TitledSection>
  );
}

/**
 * `/mentor/live/:sessionId`: a class as its staff run it: its details, Edit (every field,
 * in the academy's zone), Cancel, the recording once it has ended, and its attendance.
 */
export function LiveClassView({
  session,
  cohortName,
  timeZone,
  now,
  confirmingCancel,
  attendance,
  rate,
  errors,
}: {
  session: LiveSession;
  cohortName: string;
  timeZone: string;
  /** The loader's clock. */
  now: string;
  confirmingCancel: boolean;
  attendance: AttendanceRow[];
  rate: AttendanceRate | null;
  errors?: FormErrors<string>;
}) {
  const cancelled = session.status === 'cancelled';
  const ended = classEnd(session).getTime() <= Date.parse(now);
  const started = Date.parse(session.starts_at) <= Date.parse(now);
  const intent = errors?.values.intent;
  const errorsOf = (of: string) => (intent === of ? errors : undefined);
  // A refused mark or cancel (a tampered form, a class cancelled meanwhile) has no field.
  const otherError =
    intent !== SAVE_CLASS && intent !== SAVE_RECORDING ? errors?.formError : undefined;
  const wall = wallTimeIn(session.starts_at, timeZone);
  const step = findCourseStep(session.step ?? undefined);
  const details = [
    ['When', formatClassTime(session.starts_at, timeZone)],
    ['Length', `${session.duration_minutes} minutes`],
    ['Cohort', cohortName],
    ['Course step', step ? `Step ${step.number}: ${step.label}` : 'None'],
  ] as const;
  return (
    <div className="max-w-4xl">
      <BackLink to={cohortClassesPath(session.cohort_id)}>Live classes of {cohortName}</BackLink>
      <PageTitle className="mt-4 flex flex-wrap items-center gap-3">
        {session.title}
        {cancelled && <StatusBadge tone="bad">Cancelled</StatusBadge>}
      </PageTitle>
      {session.description && (
        <p className="mt-2 whitespace-pre-line text-slate-700">{session.description}</p>
      )}
      <dl className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6">
        {details.map(([label, value]) => (
          <Fact key={label} label={label}>
            {value}
          </Fact>
        ))}
        <div className="sm:col-span-2">
          <dt className="text-sm text-slate-700">Join link</dt>
          <dd className="font-semibold break-all">
            <a
              href={session.join_url}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {session.join_url}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </dd>
        </div>
      </dl>
      <FormAlert message={otherError} className="mt-4" />
      <section aria-labelledby="attendance-heading" className="mt-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="attendance-heading" className="text-xl font-bold text-ink">
            Attendance
          </h2>
          <a
            href={`${classPagePath(session.id)}/attendance.csv`}
            download
            className={buttonClass('secondary')}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Export CSV
          </a>
        </div>
        <p className="mt-2 font-semibold text-ink" data-testid="attendance-rate">
          {rate ? formatAttendanceRate(rate) : noRateReason({ cancelled, started })}
        </p>
        <AttendanceTable rows={attendance} timeZone={timeZone} canMark={!cancelled} />
      </section>
      {!cancelled && (
        <RecordingForm session={session} ended={ended} errors={errorsOf(SAVE_RECORDING)} />
      )}
      {cancelled ? (
        <p className="mt-6 text-slate-700">{CLASS_MESSAGES.cancelled}</p>
      ) : (
        <>
          <ClassForm
            mode="edit"
            timeZone={timeZone}
            values={{
              title: session.title,
              description: session.description,
              date: wall.date,
              time: wall.time,
              durationMinutes: String(session.duration_minutes),
              joinUrl: session.join_url,
              step: session.step ?? '',
            }}
            errors={errorsOf(SAVE_CLASS)}
            formKey={`edit-${session.sequence}`}
          />
          <CancelClass confirming={confirmingCancel} title={session.title} />
        </>
      )}
    </div>
  );
}
