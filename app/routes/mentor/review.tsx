import { data } from 'react-router';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { deny, requireReviewer } from '~/features/auth/guards.server';
import { ReviewView } from '~/features/projects/review-view';
import { APPROVE, PROJECT_MESSAGES, reviewProjectSchema } from '~/features/projects/project-forms';
import { reviewSubmission, submissionForReview } from '~/features/projects/submissions.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { parseForm, refuseForm } from '~/lib/form.server';
import { requireServerContext } from '~/load-context';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import type { Route } from './+types/review';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

export async function loader({ params, context }: Route.LoaderArgs) {
  const reviewer = await requireReviewer(context);
  const { db } = requireServerContext(context);
  const found = await submissionForReview(db, reviewer.id, params.id);
  if (found.outcome === 'not-found') throw data(PROJECT_MESSAGES.notFound, { status: 404 });
  if (found.outcome === 'forbidden') deny('mentor', reviewer);
  return found;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const reviewer = await requireReviewer(context);
  const ctx = requireServerContext(context);
  const form = await parseForm(request, reviewProjectSchema);
  if (!form.ok) return refuseForm(form.errors);
  const result = await reviewSubmission(ctx.db, {
    submissionId: params.id,
    reviewer,
    verdict: form.data.intent === APPROVE ? 'approved' : 'changes-requested',
    feedback: form.data.feedback,
  });
  switch (result.outcome) {
    case 'reviewed':
      // The reviewers' queues (and their header counts) follow it live.
      ctx.changeEvents.publish({
        collection: 'submissions',
        id: result.submission.user_id,
      });
      // The student's e-mail was committed with the review: send it now, not at the next poll.
      ctx.mail.wakeWorker();
      return redirectWithFlash(ctx, '/mentor', {
        type: 'success',
        message:
          result.submission.status === 'approved'
            ? PROJECT_MESSAGES.approved
            : PROJECT_MESSAGES.changesRequested,
      });
    case 'already-reviewed':
      return refuseForm(
        { formError: PROJECT_MESSAGES.alreadyReviewed(result.reviewerName), fieldErrors: {} },
        409,
      );
    case 'feedback-required':
      return refuseForm({ fieldErrors: { feedback: PROJECT_MESSAGES.feedbackRequired } });
    case 'forbidden':
      return deny('mentor', reviewer);
    case 'not-found':
      throw data(PROJECT_MESSAGES.notFound, { status: 404 });
  }
}

export default function MentorReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ReviewView {...loaderData} errors={useActionDataThroughRefreshes(actionData)} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
