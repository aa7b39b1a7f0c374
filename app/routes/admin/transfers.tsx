import { z } from '~/lib/zod';
import { useRefreshing } from '~/features/admin/use-live-collection';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireAdmin } from '~/features/auth/guards.server';
import { pageNumberSchema } from '~/features/admin/user-search';
import { setTransferAlerts } from '~/features/transfers/bank-transfers.server';
import { TransferQueueView } from '~/features/transfers/transfer-queue-view';
import { listTransferQueue } from '~/features/transfers/transfer-queue.server';
import {
  TRANSFER_ALERT_MESSAGES,
  TransferAlertsForm,
} from '~/features/transfers/transfer-alerts-form';
import { redirectWithFlash } from '~/lib/flash.server';
import { FORM_UNREADABLE } from '~/lib/form-fields';
import { parseForm, refuseForm } from '~/lib/form.server';
import { requireServerContext } from '~/load-context';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import type { Route } from './+types/transfers';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

/**
 * The checkbox's hidden "0", then its "1" when ticked: the last value sent is the choice.
 * No one types it, so anything else is a form that could not be read.
 */
const alertsSchema = z.object({
  alerts: z
    .union([z.string(), z.array(z.string())])
    .transform((sent) => (Array.isArray(sent) ? sent.at(-1) : sent))
    .pipe(z.enum(['0', '1'])),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const ctx = requireServerContext(context);
  const page = pageNumberSchema.parse(new URL(request.url).searchParams.get('page') ?? 1);
  const queue = await listTransferQueue(ctx.db, page);
  // The session already holds the admin's row, their choice of transfer e-mails with it.
  const { user } = await ctx.session();
  return { queue, alerts: user?.transfer_alerts === 1, now: Date.now() };
}

/**
 * The signed-in admin turns the e-mail about each submitted transfer on or off for
 * themselves. Anything else is refused and changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const admin = await requireAdmin(ctx);
  const parsed = await parseForm(request, alertsSchema);
  if (!parsed.ok) return refuseForm({ formError: FORM_UNREADABLE, fieldErrors: {} });
  const on = parsed.data.alerts === '1';
  await setTransferAlerts(ctx.db, admin.id, on);
  ctx.log.info({ event: 'transfer-alerts', by: admin.id, on }, 'audit');
  return redirectWithFlash(ctx, '/admin/transfers', {
    type: 'success',
    message: on ? TRANSFER_ALERT_MESSAGES.on : TRANSFER_ALERT_MESSAGES.off,
  });
}

export default function AdminTransfersPage({
  loaderData,
  actionData: answered,
}: Route.ComponentProps) {
  const actionData = useActionDataThroughRefreshes(answered);
  const loading = useRefreshing();
  const { alerts, ...queue } = loaderData;
  return (
    <TransferQueueView {...queue} loading={loading}>
      <TransferAlertsForm on={alerts} error={actionData?.formError} />
    </TransferQueueView>
  );
}

export const ErrorBoundary = GuardedRouteBoundary;
