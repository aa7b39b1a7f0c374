import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireReviewer } from '~/features/auth/guards.server';
import { ReviewQueueView } from '~/features/mentors/review-queue-view';
import { waitingReviewsFor } from '~/features/projects/submissions.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/reviews';

export async function loader({ context }: Route.LoaderArgs) {
  const reviewer = await requireReviewer(context);
  const { db } = requireServerContext(context);
  return { reviews: await waitingReviewsFor(db, reviewer.id) };
}

export default function MentorReviewsPage({ loaderData }: Route.ComponentProps) {
  return <ReviewQueueView reviews={loaderData.reviews} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
