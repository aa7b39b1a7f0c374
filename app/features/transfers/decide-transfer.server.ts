import { data } from 'react-router';
import { z } from 'zod';
import { NO_COHORT } from '~/db/schema';
import { isOpenCohort } from '~/features/cohorts/cohorts.server';
import type { Viewer } from '~/features/auth/viewer';
import { redirectWithFlash } from '~/lib/flash.server';
import type { RequestContext } from '~/lib/load-context';
import { FORM_UNREADABLE, readForm } from '~/lib/form.server';
import { decideTransfer } from './bank-transfers.server';
import { TRANSFER_DECISION_MESSAGES } from './transfer-decision';

const decisionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('approve'),
    cohort: z
      .string()
      .max(60)
      .refine((cohort) => cohort !== NO_COHORT, TRANSFER_DECISION_MESSAGES.cohort),
    // Only for an amount other than the plan's: the box ticked and why it is accepted.
    confirmAmount: z.literal('on').optional(),
    note: z.string().trim().max(1000, TRANSFER_DECISION_MESSAGES.amountMismatch).optional(),
  }),
  z.object({
    intent: z.literal('reject'),
    reason: z
      .string()
      .trim()
      .min(3, TRANSFER_DECISION_MESSAGES.reason)
      .max(1000, TRANSFER_DECISION_MESSAGES.reason),
  }),
]);

export interface TransferDecisionError {
  error: string;
}

/**
 * Approve (with a cohort) or Reject (with a reason) on a transfer's page. Only a pending
 * transfer can be decided, once: a second admin gets 409 and sees who decided it. An
 * amount other than the plan's is approved only when the admin confirms it with a note.
 */
export async function submitTransferDecision(
  request: Request,
  context: RequestContext,
  admin: Viewer,
  transferId: string,
) {
  const form = await readForm(request);
  if (!form) return data<TransferDecisionError>({ error: FORM_UNREADABLE }, { status: 400 });
  const parsed = decisionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? TRANSFER_DECISION_MESSAGES.intent;
    return data<TransferDecisionError>(
      { error: message.startsWith('Invalid') ? TRANSFER_DECISION_MESSAGES.intent : message },
      { status: 400 },
    );
  }
  if (
    parsed.data.intent === 'approve' &&
    !(await isOpenCohort(context.services.database.db, parsed.data.cohort))
  ) {
    return data<TransferDecisionError>(
      { error: TRANSFER_DECISION_MESSAGES.cohort },
      { status: 400 },
    );
  }
  const { data: fields } = parsed;
  const decision =
    fields.intent === 'approve'
      ? ({
          kind: 'approve',
          cohort: fields.cohort,
          mismatchNote:
            fields.confirmAmount && (fields.note?.length ?? 0) >= 3 ? fields.note : undefined,
        } as const)
      : ({ kind: 'reject', reason: fields.reason } as const);
  const result = await decideTransfer(
    context.services.database.db,
    transferId,
    { id: admin.id, name: admin.name },
    decision,
  );
  if (result.outcome === 'not-found') {
    throw data(TRANSFER_DECISION_MESSAGES.notFound, { status: 404 });
  }
  if (result.outcome === 'amount-unconfirmed') {
    return data<TransferDecisionError>(
      { error: TRANSFER_DECISION_MESSAGES.amountMismatch },
      { status: 400 },
    );
  }
  if (result.outcome === 'already-decided') {
    const { status, decided_by_name } = result.transfer;
    return data<TransferDecisionError>(
      {
        error: `This transfer was already ${status} by ${decided_by_name ?? 'another admin'}. Nothing was changed.`,
      },
      { status: 409 },
    );
  }
  context.log.info(
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
  context.services.email.wakeWorker();
  context.services.changeEvents.publish({ collection: 'transfers', id: transferId });
  context.services.changeEvents.publish({ collection: 'users', id: result.transfer.user_id });
  return redirectWithFlash(context, '/admin/transfers', {
    type: 'success',
    message:
      decision.kind === 'approve'
        ? TRANSFER_DECISION_MESSAGES.approved
        : TRANSFER_DECISION_MESSAGES.rejected,
  });
}
