import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireReviewer } from '~/features/auth/guards.server';
import { CohortRostersView } from '~/features/mentors/cohort-rosters-view';
import { cohortRostersFor } from '~/features/mentors/mentor-area.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/cohorts';

export async function loader({ context }: Route.LoaderArgs) {
  const reviewer = await requireReviewer(context);
  const { db } = requireServerContext(context);
  return { cohorts: await cohortRostersFor(db, reviewer) };
}

export default function MentorCohortsPage({ loaderData }: Route.ComponentProps) {
  return <CohortRostersView cohorts={loaderData.cohorts} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
