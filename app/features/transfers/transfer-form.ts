/** The "I have made a transfer" form: its fields, limits and messages, for page and server. */

import type { Plan } from '~/content/plans';
import { formatNaira } from '~/lib/format';

export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
/** The whole form: the receipt and a few short fields around it. */
export const TRANSFER_FORM_MAX_BYTES = RECEIPT_MAX_BYTES + 64 * 1024;
export const RECEIPT_ACCEPT =
  'image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf';

export const TRANSFER_FIELDS = ['plan', 'amount', 'transferDate', 'reference', 'receipt'] as const;
export type TransferField = (typeof TRANSFER_FIELDS)[number];

export const TRANSFER_SUBMITTED = 'Transfer submitted. We will confirm it within 24 hours.';

export const TRANSFER_MESSAGES = {
  plan: 'Choose the plan you paid for.',
  amount: 'Enter the amount you sent in naira, in figures, for example 600000.',
  transferDate: 'Enter the day you made the transfer: today or earlier, within the last year.',
  reference: 'Enter the transfer reference or the sender’s name (up to 140 characters).',
  receipt: 'Attach the receipt: a JPEG, PNG, WebP or PDF file.',
  receiptType: 'The receipt must be a JPEG, PNG, WebP or PDF file; this file is none of them.',
  receiptUnreadable: 'The receipt image could not be read. Please attach another copy.',
  receiptTooLarge: 'The receipt is larger than 5 MB. Please attach a smaller file.',
  signIn: 'Sign in to submit a transfer.',
} as const;

/**
 * What one transfer for a plan should be, from `plans` (the one source of prices): an
 * installment plan's first monthly payment. `₦225,000, the first of 3 monthly payments`.
 */
export function expectedTransfer(plan: Plan): string {
  const amount = formatNaira(plan.amountNaira);
  return plan.payments > 1 ? `${amount}, the first of ${plan.payments} monthly payments` : amount;
}

/**
 * How a transfer's amount differs from what its plan expects, in naira, or null when it
 * matches: `₦25,000 short of the ₦225,000 expected`, `₦5,000 more than the ₦225,000
 * expected`. The form asks it as the amount is typed; the pending transfer keeps saying it.
 */
export function transferMismatch(sentNaira: number, expectedNaira: number): string | null {
  const difference = sentNaira - expectedNaira;
  if (difference === 0) return null;
  const expected = `the ${formatNaira(expectedNaira)} expected`;
  return difference < 0
    ? `${formatNaira(-difference)} short of ${expected}`
    : `${formatNaira(difference)} more than ${expected}`;
}

/** What the student's own pending transfer says of a mismatch (decision 072). */
export function mismatchNotice(mismatch: string): string {
  return `${mismatch}. The amount is checked before your transfer is confirmed.`;
}
