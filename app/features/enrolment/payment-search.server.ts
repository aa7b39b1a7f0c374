import { sql, type Kysely } from 'kysely';
import type { Database, PaymentProviderName, Timestamp } from '~/db/schema';
import { pageOf } from '~/features/admin/page-window';
import { USERS_PAGE_SIZE } from '~/features/admin/user-search';
import { containsText } from '~/features/admin/user-search.server';
import {
  ATTENTION_LIMIT,
  PAYMENT_STATUSES,
  type PaymentListStatus,
  type PaymentSearch,
} from './payment-search';

/** One order on `/admin/payments`, with its buyer, its enrolment's progress and its status. */
export interface PaymentRow {
  orderId: string;
  createdAt: Timestamp;
  planId: string;
  provider: PaymentProviderName;
  /** Per payment, in minor units. */
  amount: number;
  currency: string;
  installments: number;
  installmentsPaid: number;
  status: PaymentListStatus;
  buyer: { id: string; name: string; email: string };
}

export interface PaymentPage {
  rows: PaymentRow[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * An order's status for the admin, from its enrolment first (what the buyer has), then the
 * order (decision 016). A charge refunded before its payment event arrived leaves the order
 * pending with no enrolment: refunded. An order the buyer cancelled before paying, or an
 * enrolment cancelled, is `cancelled`, which the page does not list.
 */
const orderStatus = sql<PaymentListStatus | 'cancelled'>`case
  when e.status = 'active' then 'paid'
  when e.status is not null then e.status
  when o.status = 'paid' then 'paid'
  when exists (
    select 1 from payments as p where p.order_id = o.id and p.status = 'refunded'
  ) then 'refunded'
  else o.status
end`;

/** The orders a search and its filters match, with their buyer and enrolment. */
function matchingOrders(db: Kysely<Database>, search: PaymentSearch) {
  let query = db
    .selectFrom('orders as o')
    .innerJoin('users', 'users.id', 'o.user_id')
    .leftJoin('enrolments as e', 'e.order_id', 'o.id')
    .where(orderStatus, 'in', search.status ? [search.status] : [...PAYMENT_STATUSES]);
  if (search.provider) query = query.where('o.provider', '=', search.provider);
  // users is the one table here with a name, an e-mail or a search key.
  if (search.q) query = query.where(containsText(db, search.q));
  return query;
}

/**
 * `/admin/payments`: one row per order (but those cancelled before paying), newest first,
 * a page of the user list's size at a time, with the exact number of matches: the buyer's
 * name or e-mail contains the search text (as on the user list), the status and provider
 * are the filters'. A page past the end shows the last page.
 */
export async function searchPayments(
  db: Kysely<Database>,
  search: PaymentSearch,
): Promise<PaymentPage> {
  const { count } = await matchingOrders(db, search)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const { page, pageCount, offset } = pageOf(total, search.page, USERS_PAGE_SIZE);
  if (total === 0) return { rows: [], total, page, pageCount };
  const found = await matchingOrders(db, search)
    .select([
      'o.id',
      'o.created_at',
      'o.plan_id',
      'o.provider',
      'o.amount',
      'o.currency',
      'o.installments',
      'e.installments_paid',
      'users.id as user_id',
      'users.name',
      'users.email',
      orderStatus.as('status'),
    ])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(USERS_PAGE_SIZE)
    .offset(offset)
    .execute();
  const rows = found.map((row) => ({
    orderId: row.id,
    createdAt: row.created_at,
    planId: row.plan_id,
    provider: row.provider,
    amount: row.amount,
    currency: row.currency,
    installments: row.installments,
    installmentsPaid: row.installments_paid ?? 0,
    // The filter above lets only the listed statuses through.
    status: row.status as PaymentListStatus,
    buyer: { id: row.user_id, name: row.name, email: row.email },
  }));
  return { rows, total, page, pageCount };
}

/** What an event that granted nothing and needs a person can have come to. */
const ATTENTION_OUTCOMES = [
  'mismatch',
  'unknown-order',
  'unverified',
  'access-withheld',
  'duplicate-purchase',
] as const;
type AttentionOutcome = (typeof ATTENTION_OUTCOMES)[number];

export interface AttentionEvent {
  provider: PaymentProviderName;
  eventId: string;
  type: string;
  orderId: string | null;
  outcome: AttentionOutcome;
  note: string | null;
  receivedAt: Timestamp;
  /** The order's buyer, when the event named an order of that provider. */
  buyer: { id: string; name: string; email: string } | null;
}

/**
 * Webhook events that granted nothing and need a person (issue 14): an amount or currency
 * that did not match the order, a payment on an order already paid in full (`mismatch`),
 * an order that is not ours (`unknown-order`), a charge the provider's API would not
 * confirm (`unverified`), a payment from someone an admin had revoked (`access-withheld`),
 * or a second purchase of a track the buyer had paid for (`duplicate-purchase`). The newest first, at most
 * `ATTENTION_LIMIT`, and whether older ones were left out.
 */
export async function listPaymentsNeedingAttention(
  db: Kysely<Database>,
): Promise<{ events: AttentionEvent[]; more: boolean }> {
  const found = await db
    .selectFrom('payment_events as pe')
    .leftJoin('orders as o', (join) =>
      join.onRef('o.id', '=', 'pe.order_id').onRef('o.provider', '=', 'pe.provider'),
    )
    .leftJoin('users', 'users.id', 'o.user_id')
    .select([
      'pe.provider',
      'pe.event_id',
      'pe.type',
      'pe.order_id',
      'pe.outcome',
      'pe.note',
      'pe.received_at',
      'users.id as user_id',
      'users.name',
      'users.email',
    ])
    .where('pe.outcome', 'in', ATTENTION_OUTCOMES)
    .orderBy('pe.received_at', 'desc')
    .orderBy('pe.event_id', 'desc')
    .limit(ATTENTION_LIMIT + 1)
    .execute();
  const events = found.slice(0, ATTENTION_LIMIT).map((event) => ({
    provider: event.provider,
    eventId: event.event_id,
    type: event.type,
    orderId: event.order_id,
    outcome: event.outcome as AttentionOutcome,
    note: event.note,
    receivedAt: event.received_at,
    buyer:
      event.user_id && event.name !== null && event.email !== null
        ? { id: event.user_id, name: event.name, email: event.email }
        : null,
  }));
  return { events, more: found.length > ATTENTION_LIMIT };
}
