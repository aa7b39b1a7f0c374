import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireAdmin } from '~/features/auth/guards.server';
import { cohortOptions } from '~/features/cohorts/cohorts.server';
import { submitInvitations } from '~/features/invitations/invite-form.server';
import { InvitationsView } from '~/features/invitations/invitations-view';
import { listPendingInvitations } from '~/features/invitations/invitations.server';
import { requireServices } from '~/lib/load-context';
import type { Route } from './+types/invitations';

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { db } = requireServices(context).services.database;
  const [invitations, cohorts] = await Promise.all([listPendingInvitations(db), cohortOptions(db)]);
  return { invitations, cohorts };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context);
  return submitInvitations(request, requireServices(context), admin);
}

export default function AdminInvitationsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <InvitationsView {...loaderData} result={actionData} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
