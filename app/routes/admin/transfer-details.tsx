import { data } from 'react-router';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireAdmin } from '~/features/auth/guards.server';
import { submitTransferDecision } from '~/features/transfers/decide-transfer.server';
import { TRANSFER_DECISION_MESSAGES } from '~/features/transfers/transfer-decision';
import { findTransferForReview } from '~/features/transfers/transfer-queue.server';
import { TransferReviewView } from '~/features/transfers/transfer-review-view';
import { requireServices } from '~/lib/load-context';
import type { Route } from './+types/transfer-details';

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const transfer = await findTransferForReview(
    requireServices(context).services.database.db,
    params.id,
  );
  if (!transfer) throw data(TRANSFER_DECISION_MESSAGES.notFound, { status: 404 });
  return { transfer };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context);
  return submitTransferDecision(request, requireServices(context), admin, params.id);
}

export default function TransferDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <TransferReviewView transfer={loaderData.transfer} error={actionData?.error} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
