import { z } from 'zod';
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

export const PAYMENT_PROVIDERS = [
  'stripe',
  'paystack',
  'local',
] as const satisfies readonly PaymentProviderName[];

export const PROVIDER_LABELS: Record<PaymentProviderName, string> = {
  stripe: 'Stripe',
  paystack: 'Paystack',
  local: 'Local (test)',
};

/** How many of the newest payment events needing an admin the page shows. */
export const ATTENTION_LIMIT = 20;

/**
 * `?q=&status=&provider=&page=` of `/admin/payments`. As on the user list, a bad value
 * falls back (an unknown status or provider means all of them) instead of failing.
 */
export const paymentSearchSchema = z.object({
  q: searchTextSchema,
  status: z.enum(PAYMENT_STATUSES).optional().catch(undefined),
  provider: z.enum(PAYMENT_PROVIDERS).optional().catch(undefined),
  page: pageNumberSchema,
});
export type PaymentSearch = z.infer<typeof paymentSearchSchema>;

export function parsePaymentSearch(params: URLSearchParams): PaymentSearch {
  return paymentSearchSchema.parse({
    q: params.get('q') ?? '',
    status: params.get('status') ?? undefined,
    provider: params.get('provider') ?? undefined,
    page: params.get('page') ?? 1,
  });
}

/** The query string of a search, filters and page, leaving out defaults. */
export function paymentSearchQuery({ q, status, provider, page }: PaymentSearch): string {
  return queryString({ q, status, provider, page: pageParam(page) });
}
