import { Check, MessageSquareWarning } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import { formatDateTimeUtc } from '~/lib/format';
import { BackLink } from '~/ui/back-link';
import { Fact } from '~/ui/fact';
import { fieldClass, labelClass, type FormErrors } from '~/ui/form';
import { IntentButton } from '~/ui/intent-button';
import { DateTime, StatusBadge } from '~/ui/list/list-cells';
import { TitledPanel } from '~/ui/titled-panel';
import { APPROVE, FEEDBACK_MAX, REQUEST_CHANGES } from './project-forms';
import { PlainText, RevisionCard, SUBMISSION_STATUS, SubmittedLink } from './submission-history';
import type { SubmissionRecord } from './submissions.server';
import { PageTitle } from '~/ui/page-title';
import { StudentLink } from '~/features/mentors/student-link';

/** The review page: one revision, its earlier ones with their feedback, and the verdict form. */
export function ReviewView({
  submission,
  student,
  otherRevisions,
  errors,
}: {
  submission: SubmissionRecord;
  student: { id: string; name: string };
  otherRevisions: SubmissionRecord[];
  errors?: FormErrors;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const status = SUBMISSION_STATUS[submission.status];
  const earlier = otherRevisions.filter((revision) => revision.revision < submission.revision);
  const feedbackError = errors?.fieldErrors.feedback;
  return (
    <article aria-labelledby="review-heading" className="max-w-3xl">
      <BackLink to="/mentor">Back to Reviews</BackLink>
      <PageTitle id="review-heading" className="mt-4">
        {submission.projectTitle}
      </PageTitle>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-700">
        <span>
          Revision {submission.revision} by <StudentLink id={student.id} name={student.name} />,
          sent{' '}
          <time dateTime={submission.submittedAt}>{formatDateTimeUtc(submission.submittedAt)}</time>
        </span>
        <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
      </p>

      <TitledPanel
        tone="white"
        className="mt-6"
        headingId="links-heading"
        heading="What the student sent"
      >
        <dl className="mt-3 grid gap-3">
          <Fact label="Repository" className="">
            <SubmittedLink href={submission.repositoryUrl}>
              {submission.repositoryUrl}
            </SubmittedLink>
          </Fact>
          <Fact label="Live site" className="">
            {submission.liveUrl ? (
              <SubmittedLink href={submission.liveUrl}>{submission.liveUrl}</SubmittedLink>
            ) : (
              'Not given'
            )}
          </Fact>
          <Fact label="Note to the mentor" className="">
            {submission.note ? (
              <PlainText text={submission.note} className="text-ink" />
            ) : (
              'No note'
            )}
          </Fact>
        </dl>
      </TitledPanel>

      {/* Above the form and the verdict: a 409 comes back with the verdict that won. */}
      {errors?.formError && (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 px-3 py-2 font-semibold text-red-800">
          {errors.formError}
        </p>
      )}
      {submission.review ? (
        <section aria-labelledby="verdict-heading" className="mt-6">
          <h2 id="verdict-heading" className="text-lg font-bold text-ink">
            Review
          </h2>
          <div className="mt-2 rounded-xl border border-slate-200 bg-slate-50 p-4">
            <p>
              {SUBMISSION_STATUS[submission.review.verdict].label} by{' '}
              {submission.review.reviewerName}, <DateTime value={submission.review.reviewedAt} />
            </p>
            {submission.review.feedback && (
              <PlainText text={submission.review.feedback} className="mt-1 text-slate-800" />
            )}
          </div>
        </section>
      ) : (
        <TitledPanel
          as={Form}
          method="post"
          tone="white"
          className="mt-6"
          headingId="verdict-form-heading"
          heading="Your review"
        >
          <label htmlFor="feedback" className={`mt-4 ${labelClass}`}>
            Feedback
          </label>
          <p id="feedback-hint" className="text-sm text-slate-700">
            Optional to approve, required to request changes. Plain text; line breaks are kept.
          </p>
          <textarea
            id="feedback"
            name="feedback"
            rows={6}
            maxLength={FEEDBACK_MAX}
            defaultValue={errors?.values.feedback ?? ''}
            aria-invalid={feedbackError ? true : undefined}
            aria-describedby={feedbackError ? 'feedback-hint feedback-error' : 'feedback-hint'}
            className={fieldClass}
          />
          {feedbackError && (
            <p id="feedback-error" className="mt-1 text-sm font-semibold text-red-800">
              {feedbackError}
            </p>
          )}
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <IntentButton intent={APPROVE} icon={Check} variant="primary" disabled={busy}>
              Approve
            </IntentButton>
            <IntentButton
              intent={REQUEST_CHANGES}
              icon={MessageSquareWarning}
              variant="secondary"
              disabled={busy}
            >
              Request changes
            </IntentButton>
          </div>
        </TitledPanel>
      )}

      <section aria-labelledby="earlier-heading" className="mt-8">
        <h2 id="earlier-heading" className="text-lg font-bold text-ink">
          Earlier revisions
        </h2>
        {earlier.length === 0 ? (
          <p className="mt-2 text-slate-700">This is the first revision.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-3">
            {earlier.map((revision) => (
              <li key={revision.id}>
                <RevisionCard record={revision} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
