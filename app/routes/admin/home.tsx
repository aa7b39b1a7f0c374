import { parseUserSearch } from '~/features/admin/user-search';
import { searchUsers } from '~/features/admin/user-search.server';
import { UserList } from '~/features/admin/user-list';
import { useRefreshing } from '~/features/admin/use-live-collection';
import { requireAdmin } from '~/features/auth/guards.server';
import { requireServices } from '~/lib/load-context';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const search = parseUserSearch(new URL(request.url).searchParams);
  const result = await searchUsers(requireServices(context).services.database.db, search);
  return { q: search.q, result };
}

export default function AdminHomePage({ loaderData }: Route.ComponentProps) {
  const loading = useRefreshing();
  return <UserList result={loaderData.result} q={loaderData.q} loading={loading} />;
}
