import { parseUserSearch, withKnownCohort } from '~/features/admin/user-search';
import { searchUsers } from '~/features/admin/user-search.server';
import { UserList } from '~/features/admin/user-list';
import { useRefreshing } from '~/features/admin/use-live-collection';
import { requireAdmin } from '~/features/auth/guards.server';
import { cohortOptions } from '~/features/cohorts/cohorts.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { db } = requireServerContext(context);
  const cohorts = await cohortOptions(db, { forFilter: true });
  const search = withKnownCohort(parseUserSearch(new URL(request.url).searchParams), cohorts);
  const result = await searchUsers(db, search);
  return { search, cohorts, result };
}

export default function AdminHomePage({ loaderData }: Route.ComponentProps) {
  const loading = useRefreshing();
  return <UserList {...loaderData} loading={loading} />;
}
