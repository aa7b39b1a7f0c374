/** Discount codes' words, intents and shapes, shared by the admin page, /enroll and the server. */
import { formatMinorUnits } from '~/lib/format';

export const DISCOUNT_INTENTS = {
  create: 'create-code',
  deactivate: 'deactivate-code',
} as const;

/** The intent of /enroll's "Have a code?" form (its other form, the transfer, is multipart). */
export const APPLY_CODE_INTENT = 'apply-code';

export type DiscountField =
  'code' | 'kind' | 'percentOff' | 'amountOff' | 'plans' | 'maxUses' | 'expiresOn' | 'note';

/** Letters, digits and dashes; matched whatever the case. */
export const CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;

/** The form of a code it is stored and matched in. */
export function normaliseCode(typed: string): string {
  return typed.trim().toUpperCase();
}

export const DISCOUNT_MESSAGES = {
  code: 'Use 3 to 32 letters, digits and dashes.',
  codeTaken: 'There is a code with that name already (codes ignore case).',
  kind: 'Choose percent off or an amount off.',
  percentOff: 'Enter a whole percent from 1 to 100.',
  amountOff: 'Enter a whole number of US dollars, at least 1.',
  amountOverPrice: (price: string) =>
    `An amount off cannot be more than a payment of the plans chosen (${price}).`,
  plans: 'Choose at least one plan.',
  maxUses: 'Leave empty for no limit, or enter a whole number of uses, at least 1.',
  expiresOn: 'Choose a day from today on, or leave it empty.',
  note: 'Keep the note under 200 characters.',
  created: (code: string) => `Code ${code} created`,
  deactivated: (code: string) => `Code ${code} deactivated: it is no longer accepted`,
  notFound: 'There is no such code.',
  alreadyInactive: 'This code was deactivated already.',
} as const;

/** Why a code was not accepted on /enroll. */
export type CodeRefusal = 'unknown' | 'expired' | 'used-up' | 'deactivated' | 'other-plan';

export const CODE_REFUSALS: Record<CodeRefusal, string> = {
  unknown: 'There is no such code. Check how it is spelled.',
  expired: 'This code has expired.',
  'used-up': 'This code has been used up.',
  deactivated: 'This code is no longer accepted.',
  'other-plan': 'This code is not for this plan.',
};

/** A code accepted for a plan: what one payment costs with it (formatted for reading). */
export interface CodeQuote {
  code: string;
  planId: string;
  /** Per payment, as the plan lists it: `$400`. */
  listPrice: string;
  amountOff: string;
  newPrice: string;
  /** A 100 % code: a scholarship, nothing to pay. */
  free: boolean;
}

/** What /enroll's "Have a code?" form answers for one plan. */
export type CodeAnswer =
  | { codeFor: string; typed: string; quote: CodeQuote; error?: undefined }
  | { codeFor: string; typed: string; quote?: undefined; error: string };

export type CodeState = 'active' | 'expired' | 'used up' | 'deactivated';

/** A code as the admin list shows it. */
export interface DiscountListed {
  id: string;
  code: string;
  /** "20%" or "$50". */
  off: string;
  planNames: string[];
  uses: number;
  maxUses: number | null;
  /** Per currency, e.g. "$80" or "$80 + ₦120,000"; "—" when nothing yet. */
  givenUp: string;
  expiresOn: string | null;
  note: string | null;
  state: CodeState;
}

/** A code and what it took off each payment, as orders, receipts and lists show it: `LAGOS20 ($80 off)`. */
export function describeDiscount(
  code: string,
  order: { discount_amount: number; currency: string; installments: number },
): string {
  const each = order.installments > 1 ? ' each payment' : '';
  return `${code} (${formatMinorUnits(order.discount_amount, order.currency)} off${each})`;
}
