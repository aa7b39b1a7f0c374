import { z } from '~/lib/zod';
import { isCalendarDay } from '~/lib/days';
import type { PaymentProviderName } from '~/db/schema';
import {
  pageNumberSchema,
  pageParam,
  queryString,
  searchTextSchema,
} from '~/features/admin/user-search';

/**
 * What an order on `/admin/payments` is, for the admin (decision 016): `paid` (its
 * enrolment is active), `pending` (no payment yet), `overdue` (an installment failed),
 * `refunded`, `failed` (the first payment did not go through).
 */
export const PAYMENT_STATUSES = ['paid', 'pending', 'overdue', 'refunded', 'failed'] as const;
export type PaymentListStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Where the money of a ledger row came through: a card provider's order, or a bank
 * transfer an admin approved (decision 040).
 */
export const PAYMENT_PROVIDERS = [
  'stripe',
  'paystack',
  'local',
  'transfer',
] as const satisfies readonly (PaymentProviderName | 'transfer')[];
export type LedgerProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PROVIDER_LABELS: Record<LedgerProvider, string> = {
  stripe: 'Stripe',
  paystack: 'Paystack',
  local: 'Local (test)',
  transfer: 'Bank transfer',
};

/** How many of the newest payment events needing an admin the page shows. */
export const ATTENTION_LIMIT = 20;

/** A day of the period, `YYYY-MM-DD` (UTC, as the list shows dates); anything else is no bound. */
const daySchema = z.string().refine(isCalendarDay).optional().catch(undefined);

/**
 * `?q=&status=&provider=&from=&to=&page=` of `/admin/payments`. As on the user list, a bad
 * value falls back (an unknown status or provider means all of them, a day that is not one
 * leaves that end of the period open) instead of failing.
 */
export const paymentSearchSchema = z.object({
  q: searchTextSchema,
  status: z.enum(PAYMENT_STATUSES).optional().catch(undefined),
  provider: z.enum(PAYMENT_PROVIDERS).optional().catch(undefined),
  from: daySchema,
  to: daySchema,
  page: pageNumberSchema,
});
export type PaymentSearch = z.infer<typeof paymentSearchSchema>;

export function parsePaymentSearch(params: URLSearchParams): PaymentSearch {
  return paymentSearchSchema.parse({
    q: params.get('q') ?? '',
    status: params.get('status') ?? undefined,
    provider: params.get('provider') ?? undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    page: params.get('page') ?? 1,
  });
}

/** The query string of a search, filters and page, leaving out defaults. */
export function paymentSearchQuery({ q, status, provider, from, to, page }: PaymentSearch): string {
  return queryString({ q, status, provider, from, to, page: pageParam(page) });
}

/** `/admin/payments.csv` of the search and its filters: every page of the ledger as filtered. */
export function paymentExportHref(search: PaymentSearch): string {
  return `/admin/payments.csv${paymentSearchQuery({ ...search, page: 1 })}`;
}
