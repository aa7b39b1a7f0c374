import { data } from 'react-router';
import { listUserChanges, USER_STATUS_ERRORS } from '~/features/admin/user-status.server';
import { saveUserStatus } from '~/features/admin/save-user-status.server';
import { parseUserSearch, userSearchQuery } from '~/features/admin/user-search';
import { UserDetailsView } from '~/features/admin/user-details-view';
import { useLiveCollection } from '~/features/admin/use-live-collection';
import { requireAdmin } from '~/features/auth/guards.server';
import { requireServices } from '~/lib/load-context';
import type { Route } from './+types/user-details';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { db } = requireServices(context).services.database;
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'access', 'cohort'])
    .where('id', '=', params.id)
    .executeTakeFirst();
  if (!user) throw data(USER_STATUS_ERRORS.notFound, { status: 404 });
  const backTo = `/admin/home${userSearchQuery(parseUserSearch(new URL(request.url).searchParams))}`;
  return { user, changes: await listUserChanges(db, user.id), backTo };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context);
  return saveUserStatus(request, requireServices(context), admin, params.id);
}

export default function UserDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  useLiveCollection('users');
  return <UserDetailsView {...loaderData} error={actionData?.error} />;
}
