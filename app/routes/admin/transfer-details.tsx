import { data } from 'react-router';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireAdmin } from '~/features/auth/guards.server';
import { listCohorts } from '~/features/cohorts/cohorts.server';
import { submitTransferDecision } from '~/features/transfers/decide-transfer.server';
import { TRANSFER_DECISION_MESSAGES } from '~/features/transfers/transfer-decision';
import { findTransferForReview } from '~/features/transfers/transfer-queue.server';
import { TransferReviewView } from '~/features/transfers/transfer-review-view';
import { requireServices } from '~/lib/load-context';
import type { Route } from './+types/transfer-details';

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { db } = requireServices(context).services.database;
  const [transfer, cohorts] = await Promise.all([
    findTransferForReview(db, params.id),
    listCohorts(db, { openOnly: true }),
  ]);
  if (!transfer) throw data(TRANSFER_DECISION_MESSAGES.notFound, { status: 404 });
  // The next cohort to start comes first, so it is the default (issue 15).
  const today = new Date().toISOString().slice(0, 10);
  const upcoming = cohorts.filter((cohort) => cohort.start_date && cohort.start_date > today);
  const ordered = [...upcoming, ...cohorts.filter((cohort) => !upcoming.includes(cohort))];
  return {
    transfer,
    cohorts: ordered.map((cohort) => ({ value: cohort.id, label: cohort.name })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context);
  return submitTransferDecision(request, requireServices(context), admin, params.id);
}

export default function TransferDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <TransferReviewView {...loaderData} error={actionData?.error} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
