import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireReviewer } from '~/features/auth/guards.server';
import { ClassesOverviewView } from '~/features/live-classes/classes-overview-view';
import { cohortsWithClassesFor } from '~/features/live-classes/staff-classes.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/classes';

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await requireReviewer(context);
  const ctx = requireServerContext(context);
  return {
    cohorts: await cohortsWithClassesFor(ctx.db, viewer),
    timeZone: ctx.env.ACADEMY_TIME_ZONE,
  };
}

export default function MentorClassesPage({ loaderData }: Route.ComponentProps) {
  return <ClassesOverviewView {...loaderData} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
