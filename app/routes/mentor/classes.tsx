import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireReviewer } from '~/features/auth/guards.server';
import { ClassesOverviewView } from '~/features/live-classes/classes-overview-view';
import { cohortsWithClassesFor } from '~/features/live-classes/staff-classes.server';
import { requireServices } from '~/load-context';
import type { Route } from './+types/classes';

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requireReviewer(context);
  const { services } = requireServices(context);
  return {
    cohorts: await cohortsWithClassesFor(services.database.db, viewer),
    timeZone: services.env.ACADEMY_TIME_ZONE,
  };
}

export default function MentorClassesPage({ loaderData }: Route.ComponentProps) {
  return <ClassesOverviewView {...loaderData} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
