import { Award, BadgeCheck, XCircle } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { Certificate, Track } from '~/db/schema';
import { TRACK_NAMES } from '~/features/enrolment/tracks';
import { formatDateTimeUtc } from '~/lib/format';
import { buttonClass } from '~/ui/button';
import { FieldError, invalidFieldProps } from '~/ui/field-error';
import { formErrorMessages, type FormErrors } from '~/ui/form';
import { Spinner } from '~/ui/spinner';
import { TitledPanel } from '~/ui/titled-panel';
import { notify } from '~/ui/toasts';
import {
  CERTIFICATE_NAME_MAX,
  CERTIFICATE_TEXT_MAX,
  certificateNeedsNote,
  certificateRequirements,
  ISSUE_CERTIFICATE_INTENT,
  REVOKE_CERTIFICATE_INTENT,
  type CertificateField,
  type CourseProgress,
} from './certificate-form';
import { certificatePath, courseNameOf } from './certificate-links';

const FIELD =
  'mt-1 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-ink aria-[invalid=true]:border-red-700';

/** A refusal of a certificate form; its values say which form (`intent`). */
type CertificateErrors = FormErrors<CertificateField | 'intent'>;

/** A refusal's messages that no field shows: the form's own, the hidden certificate id's. */
function unshownMessages(errors: CertificateErrors | undefined): string[] {
  if (!errors) return [];
  const { track, name, note, reason, ...unshown } = errors.fieldErrors;
  return formErrorMessages({ ...errors, fieldErrors: unshown });
}

function FormMessage({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
      {messages.join(' ')}
    </p>
  );
}

/** The refusal, when it answers the form of `intent`. */
function refusalOf(errors: CertificateErrors | undefined, intent: string) {
  return errors?.values.intent === intent ? errors : undefined;
}

/** Whether `intent`'s form is being sent, and its refusal if the action refused it. */
function useCertificateAction(errors: CertificateErrors | undefined, intent: string) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return { busy, failed: refusalOf(errors, intent) };
}

/** A certificate action's form, named by its heading, that posts its `intent`. */
function CertificateActionForm({
  intent,
  headingId,
  heading,
  children,
}: {
  intent: string;
  headingId: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <TitledPanel
      as={Form}
      method="post"
      tone="grey"
      className="mt-4"
      headingId={headingId}
      heading={heading}
      headingLevel="h3"
    >
      <input type="hidden" name="intent" value={intent} />
      {children}
    </TitledPanel>
  );
}

/** `All 8 steps are complete. Projects approved: 7 of 7.`: one track's progress, in words. */
function progressText({ track, stepsDone, projectsApproved }: CourseProgress): string {
  const required = certificateRequirements(track);
  const steps =
    stepsDone >= required.steps
      ? `All ${required.steps} steps are complete.`
      : `${stepsDone} of ${required.steps} steps are complete.`;
  return `${steps} Projects approved: ${projectsApproved} of ${required.projects}.`;
}

/**
 * Which track's certificate (decision 070): only the tracks the student holds, FrontEnd
 * first and chosen by default, each with its own progress beside it, so the admin sees what
 * the chosen track's certificate rests on with or without JavaScript.
 */
function TrackChoice({
  tracks,
  chosen,
  onChoose,
  error,
}: {
  tracks: CourseProgress[];
  chosen: Track;
  onChoose: (track: Track) => void;
  error?: string;
}) {
  return (
    <fieldset className="mt-3 min-w-0" id="certificate-track">
      <legend className="text-sm font-semibold text-ink">Track</legend>
      <div className="mt-1 grid gap-2">
        {tracks.map((progress) => {
          const id = `certificate-track-${progress.track}`;
          return (
            <div key={progress.track} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                id={id}
                type="radio"
                name="track"
                value={progress.track}
                checked={chosen === progress.track}
                onChange={() => onChoose(progress.track)}
                aria-describedby={`${id}-progress`}
                className="mt-1"
              />
              <div>
                <label htmlFor={id} className="font-semibold text-ink">
                  {TRACK_NAMES[progress.track]}
                </label>
                <p id={`${id}-progress`} className="text-slate-700">
                  {progressText(progress)}
                </p>
              </div>
            </div>
          );
        })}
      </div>
      <FieldError fieldId="certificate-track" message={error} />
    </fieldset>
  );
}

function IssueForm({
  displayName,
  tracks,
  errors,
}: {
  displayName: string;
  tracks: CourseProgress[];
  errors?: CertificateErrors;
}) {
  const { busy, failed } = useCertificateAction(errors, ISSUE_CERTIFICATE_INTENT);
  const { track: trackError, name: nameError, note: noteError } = failed?.fieldErrors ?? {};
  const held = (track: unknown) => tracks.find((progress) => progress.track === track);
  const [chosen, choose] = useState<Track>(
    () => held(failed?.values.track)?.track ?? tracks[0]!.track,
  );
  const progress = held(chosen) ?? tracks[0]!;
  const complete = !certificateNeedsNote(progress);
  const trackName = TRACK_NAMES[progress.track];
  return (
    <CertificateActionForm
      intent={ISSUE_CERTIFICATE_INTENT}
      headingId="issue-certificate-heading"
      heading="Issue certificate"
    >
      <TrackChoice tracks={tracks} chosen={progress.track} onChoose={choose} error={trackError} />
      <p id="issue-certificate-progress" className="mt-3 text-sm text-slate-700">
        {complete
          ? `The ${trackName} certificate: every step is complete and every project approved.`
          : `The ${trackName} certificate: ${progressText(progress)} You can issue it now with a note saying why; the note is kept with it.`}
      </p>
      <label htmlFor="certificate-name" className="mt-4 block text-sm font-semibold text-ink">
        Name on the certificate
      </label>
      <input
        id="certificate-name"
        name="name"
        required
        maxLength={CERTIFICATE_NAME_MAX}
        defaultValue={failed?.values.name ?? displayName}
        autoComplete="off"
        className={FIELD}
        {...invalidFieldProps('certificate-name', nameError)}
      />
      <FieldError fieldId="certificate-name" message={nameError} />
      <CertificateTextArea
        id="certificate-note"
        name="note"
        label={complete ? 'Note (optional)' : 'Note (required)'}
        hintId="issue-certificate-progress"
        required={!complete}
        defaultValue={failed?.values.note}
        error={noteError}
      />
      <FormMessage messages={unshownMessages(failed)} />
      <button type="submit" disabled={busy} className={buttonClass('primary', 'mt-4')}>
        {busy ? <Spinner className="h-4 w-4" /> : <Award aria-hidden="true" className="h-4 w-4" />}
        Issue certificate
      </button>
    </CertificateActionForm>
  );
}

/** A certificate form's text box (the note, the reason), read with the form's hint. */
function CertificateTextArea({
  id,
  name,
  label,
  hintId,
  required,
  defaultValue = '',
  error,
}: {
  id: string;
  name: string;
  label: string;
  hintId: string;
  required: boolean;
  defaultValue?: string;
  error?: string;
}) {
  return (
    <>
      <label htmlFor={id} className="mt-4 block text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={3}
        maxLength={CERTIFICATE_TEXT_MAX}
        aria-required={required}
        aria-describedby={hintId}
        defaultValue={defaultValue}
        className={FIELD}
        {...invalidFieldProps(id, error, hintId)}
      />
      <FieldError fieldId={id} message={error} />
    </>
  );
}

function RevokeForm({
  certificate,
  errors,
}: {
  certificate: Certificate;
  errors?: CertificateErrors;
}) {
  const { busy, failed } = useCertificateAction(errors, REVOKE_CERTIFICATE_INTENT);
  const reasonError = failed?.fieldErrors.reason;
  return (
    <CertificateActionForm
      intent={REVOKE_CERTIFICATE_INTENT}
      headingId="revoke-certificate-heading"
      heading="Revoke"
    >
      <p id="revoke-certificate-hint" className="mt-1 text-sm text-slate-700">
        The public page will say Revoked with today’s date. The student sees the reason on their
        course page; the public page does not show it.
      </p>
      <input type="hidden" name="certificateId" value={certificate.id} />
      <CertificateTextArea
        id="revoke-reason"
        name="reason"
        label="Reason"
        hintId="revoke-certificate-hint"
        required
        defaultValue={failed?.values.reason}
        error={reasonError}
      />
      <FormMessage messages={unshownMessages(failed)} />
      <button type="submit" disabled={busy} className={buttonClass('secondary', 'mt-4')}>
        {busy ? (
          <Spinner className="h-4 w-4" />
        ) : (
          <XCircle aria-hidden="true" className="h-4 w-4" />
        )}
        Revoke
      </button>
    </CertificateActionForm>
  );
}

function CertificateFacts({ certificate }: { certificate: Certificate }) {
  const revoked = certificate.revoked_at !== null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span
          className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
            revoked ? 'bg-red-100 text-red-900' : 'bg-emerald-100 text-emerald-900'
          }`}
        >
          {revoked ? (
            <XCircle aria-hidden="true" className="h-3.5 w-3.5" />
          ) : (
            <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
          )}
          {revoked ? 'Revoked' : 'Valid'}
        </span>
        <Link
          to={certificatePath(certificate.id)}
          className="font-semibold break-all text-brand-700 underline"
        >
          {certificatePath(certificate.id)}
        </Link>
      </p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="text-slate-700">Name on it</dt>
        <dd className="font-semibold text-ink">{certificate.name}</dd>
        <dt className="text-slate-700">Course</dt>
        <dd>
          {courseNameOf(certificate.track)}
          {certificate.cohort_name ? `, ${certificate.cohort_name}` : ''}
        </dd>
        <dt className="text-slate-700">Issued</dt>
        <dd>
          <time dateTime={certificate.issued_at}>{formatDateTimeUtc(certificate.issued_at)}</time>{' '}
          by {certificate.issued_by_name}
        </dd>
        {certificate.note && (
          <>
            <dt className="text-slate-700">Note</dt>
            <dd className="break-words">{certificate.note}</dd>
          </>
        )}
        <dt className="text-slate-700">Search engines</dt>
        <dd>{certificate.listed ? 'Listed (the student chose so)' : 'Not listed'}</dd>
        {certificate.revoked_at && (
          <>
            <dt className="text-slate-700">Revoked</dt>
            <dd className="break-words">
              <time dateTime={certificate.revoked_at}>
                {formatDateTimeUtc(certificate.revoked_at)}
              </time>{' '}
              by {certificate.revoked_by_name ?? 'an admin'}: {certificate.revoked_reason}
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}

/**
 * The Certificate section of a user's admin page: the valid certificate with Revoke, or
 * Issue certificate of a track the student holds (a note is required before all of that
 * track's steps and projects: FrontEnd 8 and 7, FullStack 7 and 4); earlier, revoked ones
 * below.
 */
export function CertificateAdminSection({
  displayName,
  tracks,
  certificates,
  errors,
}: {
  displayName: string;
  /**
   * The tracks the student holds, FrontEnd first, each with its numbered steps completed and
   * projects approved: a note until all of the chosen track's are.
   */
  tracks: CourseProgress[];
  /** Every certificate of the student, newest first. */
  certificates: Certificate[];
  /** A refusal of Issue certificate or Revoke. */
  errors?: CertificateErrors;
}) {
  const summary = formErrorMessages(errors).join(' ');
  useEffect(() => {
    if (summary) notify('error', summary);
  }, [summary]);
  const valid = certificates.find((certificate) => certificate.revoked_at === null);
  const shownForm = valid ? REVOKE_CERTIFICATE_INTENT : ISSUE_CERTIFICATE_INTENT;
  const revoked = certificates.filter((certificate) => certificate.revoked_at !== null);
  return (
    <section
      aria-labelledby="certificate-heading"
      className="mt-10"
      data-testid="certificate-admin"
    >
      <h2 id="certificate-heading" className="text-xl font-bold text-ink">
        Certificate
      </h2>
      {/* A refusal about a form no longer on the page (another admin acted meanwhile). */}
      {errors?.values.intent !== shownForm && <FormMessage messages={formErrorMessages(errors)} />}
      {valid ? (
        <>
          <div className="mt-3">
            <CertificateFacts certificate={valid} />
          </div>
          <RevokeForm certificate={valid} errors={errors} />
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            {revoked.length > 0
              ? 'No valid certificate: the last one was revoked.'
              : 'No certificate issued yet.'}
          </p>
          <IssueForm displayName={displayName} tracks={tracks} errors={errors} />
        </>
      )}
      {revoked.length > 0 && (
        <>
          <h3 className="mt-6 text-base font-bold text-ink">Revoked certificates</h3>
          <ul className="mt-2 space-y-2">
            {revoked.map((certificate) => (
              <li key={certificate.id}>
                <CertificateFacts certificate={certificate} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
