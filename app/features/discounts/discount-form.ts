/** Discount codes' words, intents and shapes, shared by the admin page, /enroll and the server. */
import { formatMinorUnits, plural } from '~/lib/format';

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

/**
 * The characters of a suggested code (decision 062): capitals and digits without the ones
 * read or typed for another (0 and O, 1, I and L), so a code read aloud or from a poster is
 * typed right. 31 characters, about 5 bits each.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The length of a suggested code: 31^10 ≈ 8 × 10^14 codes, about 50 bits. */
export const SUGGESTED_CODE_LENGTH = 10;

/**
 * Fewer letters and digits than this and the admin form warns that a code can be guessed
 * (decision 062): under the limits on trying codes, 8 random characters of the alphabet
 * (about 40 bits) stay out of reach for years; a word and a year do not.
 */
export const GUESSABLE_BELOW = 8;

/** Whether a code is short enough that the admin form warns it can be guessed. */
export function isGuessableCode(code: string): boolean {
  return code.replace(/-/g, '').trim().length < GUESSABLE_BELOW;
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
  guessable: `A code of fewer than ${GUESSABLE_BELOW} letters and digits can be guessed: anyone who tries it gets its discount. The suggested code cannot.`,
  created: (code: string) => `Code ${code} created`,
  deactivated: (code: string) => `Code ${code} deactivated: it is no longer accepted`,
  notFound: 'There is no such code.',
  alreadyInactive: 'This code was deactivated already.',
} as const;

/**
 * Why a code was not accepted. An unknown, expired, deactivated or other-plan code is one
 * refusal, so trying codes tells nobody which exist (decision 062); a code whose uses are all
 * taken may say so, as only a signed-in person is answered.
 */
export type CodeRefusal = 'not-usable' | 'used-up';

export const CODE_REFUSALS: Record<CodeRefusal, string> = {
  'not-usable': "This code can't be used for this plan",
  'used-up': 'This code has been used up.',
};

/** A visitor's code is not looked at: Pay Now carries it through the sign-in. */
export const CODE_SIGN_IN = 'Sign in to use a code: Pay Now asks you to, and keeps your code.';

/** Past the limits on trying codes (429, with Retry-After). */
export function tooManyCodes(retryAfterSeconds: number): string {
  return `You have tried too many codes. Try again in ${plural(Math.ceil(retryAfterSeconds / 60), 'minute')}.`;
}

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

/**
 * What /enroll's "Have a code?" form answers for one plan. `signIn`: a visitor's code, not
 * looked at, which Pay Now carries through the sign-in.
 */
export type CodeAnswer =
  | { codeFor: string; typed: string; quote: CodeQuote; error?: undefined; signIn?: undefined }
  | { codeFor: string; typed: string; quote?: undefined; error: string; signIn?: true };

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
