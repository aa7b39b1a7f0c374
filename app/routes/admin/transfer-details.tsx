import { data } from 'react-router';
import { z } from '~/lib/zod';
import { NO_COHORT } from '~/db/schema';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireAdmin } from '~/features/auth/guards.server';
import { isOpenCohort, listCohorts } from '~/features/cohorts/cohorts.server';
import { decideTransfer } from '~/features/transfers/bank-transfers.server';
import {
  TRANSFER_DECISION_INTENTS,
  TRANSFER_DECISION_MESSAGES,
} from '~/features/transfers/transfer-decision';
import { findTransferForReview } from '~/features/transfers/transfer-queue.server';
import { TransferReviewView } from '~/features/transfers/transfer-review-view';
import { redirectWithFlash } from '~/lib/flash.server';
import { parseForm, refuseForm } from '~/lib/form.server';
import { requireServerContext } from '~/load-context';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import { utcDay } from '~/lib/days';
import type { Route } from './+types/transfer-details';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

const decisionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({
      intent: z.literal(TRANSFER_DECISION_INTENTS.approve),
      cohort: z
        .string({ error: TRANSFER_DECISION_MESSAGES.cohort })
        .max(60, TRANSFER_DECISION_MESSAGES.cohort)
        .refine((cohort) => cohort !== NO_COHORT, TRANSFER_DECISION_MESSAGES.cohort),
      // Only for an amount other than the plan's: the box ticked and why it is accepted.
      confirmAmount: z.literal('on').optional(),
      note: z.string().trim().max(1000, TRANSFER_DECISION_MESSAGES.amountMismatch).optional(),
    }),
    z.object({
      intent: z.literal(TRANSFER_DECISION_INTENTS.reject),
      reason: z
        .string({ error: TRANSFER_DECISION_MESSAGES.reason })
        .trim()
        .min(3, TRANSFER_DECISION_MESSAGES.reason)
        .max(1000, TRANSFER_DECISION_MESSAGES.reason),
    }),
  ],
  { error: TRANSFER_DECISION_MESSAGES.intent },
);

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { db } = requireServerContext(context);
  const [transfer, cohorts] = await Promise.all([
    findTransferForReview(db, params.id),
    listCohorts(db, { openOnly: true }),
  ]);
  if (!transfer) throw data(TRANSFER_DECISION_MESSAGES.notFound, { status: 404 });
  // The next cohort to start comes first, so it is the default (decision 018).
  const today = utcDay();
  const upcoming = cohorts.filter((cohort) => cohort.start_date && cohort.start_date > today);
  const ordered = [...upcoming, ...cohorts.filter((cohort) => !upcoming.includes(cohort))];
  return {
    transfer,
    cohorts: ordered.map((cohort) => ({ value: cohort.id, label: cohort.name })),
  };
}

/**
 * Approve (with a cohort) or Reject (with a reason). Only a pending transfer can be decided,
 * once: a second admin gets 409 and sees who decided it. An amount other than the plan's is
 * approved only when the admin confirms it with a note.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const admin = await requireAdmin(ctx);
  const parsed = await parseForm(request, decisionSchema);
  if (!parsed.ok) return refuseForm(parsed.errors);
  const { data: fields } = parsed;
  const { db } = ctx;
  if (
    fields.intent === TRANSFER_DECISION_INTENTS.approve &&
    !(await isOpenCohort(db, fields.cohort))
  ) {
    return refuseForm({ fieldErrors: { cohort: TRANSFER_DECISION_MESSAGES.cohort } });
  }
  const decision =
    fields.intent === TRANSFER_DECISION_INTENTS.approve
      ? ({
          kind: 'approve',
          cohort: fields.cohort,
          mismatchNote:
            fields.confirmAmount && (fields.note?.length ?? 0) >= 3 ? fields.note : undefined,
        } as const)
      : ({ kind: 'reject', reason: fields.reason } as const);
  const transferId = params.id;
  const result = await decideTransfer(db, transferId, { id: admin.id, name: admin.name }, decision);
  if (result.outcome === 'not-found') {
    throw data(TRANSFER_DECISION_MESSAGES.notFound, { status: 404 });
  }
  if (result.outcome === 'amount-unconfirmed') {
    return refuseForm({ formError: TRANSFER_DECISION_MESSAGES.amountMismatch, fieldErrors: {} });
  }
  if (result.outcome === 'plan-paid') {
    return refuseForm({ formError: TRANSFER_DECISION_MESSAGES.planPaid, fieldErrors: {} }, 409);
  }
  if (result.outcome === 'already-decided') {
    const { status, decided_by_name } = result.transfer;
    const by = decided_by_name ?? 'another admin';
    const formError = `This transfer was already ${status} by ${by}. Nothing was changed.`;
    return refuseForm({ formError, fieldErrors: {} }, 409);
  }
  ctx.log.info(
    {
      event: 'transfer-decided',
      transferId,
      decision: decision.kind,
      by: admin.id,
      // An amount other than the plan's, approved: the admin's reason, also on the transfer.
      ...(result.transfer.status === 'approved' &&
        result.transfer.reason && { amountNote: result.transfer.reason }),
    },
    'audit',
  );
  ctx.mail.wakeWorker();
  ctx.changeEvents.publish({ collection: 'transfers', id: transferId });
  ctx.changeEvents.publish({ collection: 'users', id: result.transfer.user_id });
  return redirectWithFlash(ctx, '/admin/transfers', {
    type: 'success',
    message:
      decision.kind === 'approve'
        ? TRANSFER_DECISION_MESSAGES.approved
        : TRANSFER_DECISION_MESSAGES.rejected,
  });
}

export default function TransferDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <TransferReviewView {...loaderData} errors={useActionDataThroughRefreshes(actionData)} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
