import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireAdmin } from '~/features/auth/guards.server';
import { submitCohort } from '~/features/cohorts/cohort-form.server';
import { CohortsView } from '~/features/cohorts/cohorts-view';
import { countCohortMembers, listCohorts } from '~/features/cohorts/cohorts.server';
import { requireServices } from '~/lib/load-context';
import type { Route } from './+types/cohorts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { db } = requireServices(context).services.database;
  const [cohorts, members] = await Promise.all([listCohorts(db), countCohortMembers(db)]);
  const editId = new URL(request.url).searchParams.get('edit');
  return {
    cohorts,
    members: Object.fromEntries(members),
    editing: cohorts.find((cohort) => cohort.id === editId),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context);
  return submitCohort(request, requireServices(context), admin);
}

export default function AdminCohortsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CohortsView {...loaderData} error={actionData?.error} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
