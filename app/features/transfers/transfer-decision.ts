/** The words of an admin's decision on a transfer, for the page and its action. */
export const TRANSFER_DECISION_MESSAGES = {
  cohort: 'Choose the cohort the student joins.',
  reason: 'Give the reason for rejecting the transfer (the student reads it).',
  intent: 'Choose Approve or Reject.',
  amountMismatch:
    'The amount sent is not the plan’s amount: to approve it, tick the confirmation and write a note (at least 3 characters) saying why.',
  planPaid:
    'This student’s plan is paid in full already, so this transfer pays nothing more. If it was reported twice, reject it with a reason.',
  notFound: 'No such transfer',
  approved: 'Transfer approved: the course is unlocked and the student has been e-mailed.',
  rejected: 'Transfer rejected: the student has been e-mailed the reason.',
} as const;

/** The two buttons of a pending transfer's page. */
export const TRANSFER_DECISION_INTENTS = { approve: 'approve', reject: 'reject' } as const;

/** The fields of the Approve and Reject forms, which a refusal may name. */
export type TransferDecisionField = 'cohort' | 'note' | 'reason';

/**
 * What approving a pending transfer would do (decision 074): open the student's plan, pay
 * the next installment of their open plan (they stay in their cohort), or nothing, their
 * plan being paid in full already (refused).
 */
export type TransferPays =
  | { kind: 'first' }
  | { kind: 'installment'; installment: number; of: number }
  | { kind: 'plan-paid' };
