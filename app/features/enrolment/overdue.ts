import { z } from '~/lib/zod';
import { wholeNumber } from '~/lib/form-fields';
import { pageNumberSchema, pageParam, queryString } from '~/features/admin/user-search';
import { paymentSearchQuery, type LedgerProvider, type PaymentSearch } from './payment-search';

/**
 * Installments that chase themselves (decision 053): what the browser and the
 * e-mails share with the server.
 */

/**
 * Where every "Update your payment" link goes: this site's page, which asks the provider
 * for its own (Stripe's billing portal session, Paystack's manage link) when it is opened.
 * Theirs expire within minutes or hours; an e-mail may be read days later.
 */
export const UPDATE_PAYMENT_PATH = '/account/update-payment';
export const UPDATE_PAYMENT_LABEL = 'Update your payment';

/** Days after the failure when a reminder goes out (the first e-mail goes at once). */
export const REMINDER_DAYS = [3, 7] as const;
export type ReminderDay = (typeof REMINDER_DAYS)[number];

/** The admin's buttons on an overdue enrolment of `/admin/payments?status=overdue`. */
export const OVERDUE_INTENTS = {
  extend: 'extend-grace',
  waive: 'waive-installment',
} as const;

export const EXTEND_DAYS_MAX = 60;
export const OVERDUE_REASON_MAX = 500;

export const OVERDUE_MESSAGES = {
  days: `Give a whole number of days from 1 to ${EXTEND_DAYS_MAX}.`,
  reason: 'Give a reason: it is kept with the change.',
  reasonTooLong: `Keep the reason to ${OVERDUE_REASON_MAX} characters.`,
  extended: (name: string, day: string) => `${name}'s access now pauses on ${day} if still unpaid.`,
  waived: (name: string) => `The installment of ${name} is waived; their enrolment is active.`,
} as const;

const enrolmentId = z.string().min(1).max(100);
const reason = z
  .string()
  .trim()
  .min(1, OVERDUE_MESSAGES.reason)
  .max(OVERDUE_REASON_MAX, OVERDUE_MESSAGES.reasonTooLong);

/** The admin's two forms on an overdue enrolment, told apart by their button's `intent`. */
export const overdueFormSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal(OVERDUE_INTENTS.extend),
    enrolmentId,
    days: wholeNumber(OVERDUE_MESSAGES.days, 1, EXTEND_DAYS_MAX).pipe(z.number()),
    reason,
  }),
  z.object({ intent: z.literal(OVERDUE_INTENTS.waive), enrolmentId, reason }),
]);

/** An overdue enrolment as the admin's Overdue view lists it. */
export interface OverdueRow {
  enrolmentId: string;
  userId: string;
  name: string;
  email: string;
  planName: string;
  provider: LedgerProvider;
  /** Which installment is missing, e.g. 2 of 3. */
  installment: number;
  installments: number;
  overdueSince: string;
  daysOverdue: number;
  /** When access pauses (or paused); null: never (OVERDUE_GRACE_DAYS=0, no extension). */
  pauseOn: string | null;
  paused: boolean;
  /** Paused, but an admin's grant given during the pause keeps the course open (decision 063). */
  keptOpenBy: { name: string; at: string; reason: string | null } | null;
}

/** A page of the Overdue view, with the count of every overdue enrolment. */
export interface OverduePage {
  rows: OverdueRow[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * The Overdue view's page in the URL of `/admin/payments?status=overdue`: not `page`, which
 * pages the ledger above it on the same address.
 */
export const OVERDUE_PAGE_PARAM = 'overduePage';

export function parseOverduePage(params: URLSearchParams): number {
  return pageNumberSchema.parse(params.get(OVERDUE_PAGE_PARAM) ?? 1);
}

/** The address of a page of the Overdue view, keeping the ledger's search and page. */
export function overduePageHref(search: PaymentSearch, page: number): string {
  const ledger = Object.fromEntries(new URLSearchParams(paymentSearchQuery(search)));
  return `/admin/payments${queryString({ ...ledger, [OVERDUE_PAGE_PARAM]: pageParam(page) })}`;
}
