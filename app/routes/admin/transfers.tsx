import { useRefreshing } from '~/features/admin/use-live-collection';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireAdmin } from '~/features/auth/guards.server';
import { pageNumberSchema } from '~/features/admin/user-search';
import { TransferQueueView } from '~/features/transfers/transfer-queue-view';
import { listTransferQueue } from '~/features/transfers/transfer-queue.server';
import { TransferAlertsForm } from '~/features/transfers/transfer-alerts-form';
import { saveTransferAlerts } from '~/features/transfers/transfer-alerts.server';
import { requireServices } from '~/lib/load-context';
import type { Route } from './+types/transfers';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const services = requireServices(context);
  const page = pageNumberSchema.parse(new URL(request.url).searchParams.get('page') ?? 1);
  const queue = await listTransferQueue(services.services.database.db, page);
  // The session already holds the admin's row, their choice of transfer e-mails with it.
  const { user } = await services.session();
  return { queue, alerts: user?.transfer_alerts === 1, now: Date.now() };
}

/** The admin's choice of an e-mail per submitted transfer. */
export function action({ request, context }: Route.ActionArgs) {
  return saveTransferAlerts(request, requireServices(context));
}

export default function AdminTransfersPage({ loaderData }: Route.ComponentProps) {
  const loading = useRefreshing();
  const { alerts, ...queue } = loaderData;
  return (
    <TransferQueueView {...queue} loading={loading}>
      <TransferAlertsForm on={alerts} />
    </TransferQueueView>
  );
}

export const ErrorBoundary = GuardedRouteBoundary;
