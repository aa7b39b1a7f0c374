import { useRefreshing } from '~/features/admin/use-live-collection';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireAdmin } from '~/features/auth/guards.server';
import { pageNumberSchema } from '~/features/admin/user-search';
import { TransferQueueView } from '~/features/transfers/transfer-queue-view';
import { listTransferQueue } from '~/features/transfers/transfer-queue.server';
import { requireServices } from '~/lib/load-context';
import type { Route } from './+types/transfers';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const page = pageNumberSchema.parse(new URL(request.url).searchParams.get('page') ?? 1);
  const queue = await listTransferQueue(requireServices(context).services.database.db, page);
  return { queue, now: Date.now() };
}

export default function AdminTransfersPage({ loaderData }: Route.ComponentProps) {
  const loading = useRefreshing();
  return <TransferQueueView {...loaderData} loading={loading} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
