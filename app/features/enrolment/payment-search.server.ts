import { sql, type Kysely } from 'kysely';
import { planName } from '~/content/plans';
import { describeDiscount } from '~/features/discounts/discount-form';
import { nowTimestamp, type Database, type PaymentProviderName, type Timestamp } from '~/db/schema';
import { keysetCsvStream } from '~/features/admin/csv-export.server';
import { LIST_PAGE_SIZE, pageOf } from '~/ui/list/page-window';
import { containsText } from '~/features/admin/user-search.server';
import {
  ATTENTION_LIMIT,
  PAYMENT_STATUSES,
  PROVIDER_LABELS,
  type LedgerProvider,
  type PaymentListStatus,
  type PaymentSearch,
} from './payment-search';
import { DAY_MS } from '~/lib/days';

/** What a ledger row is: an order (card payments) or a bank transfer an admin approved. */
export type LedgerKind = 'order' | 'transfer';

/**
 * One row on `/admin/payments`: an order with its buyer, its enrolment's progress and its
 * status, or an approved bank transfer (decision 040).
 */
export interface PaymentRow {
  kind: LedgerKind;
  /** The order's or the transfer's id. */
  id: string;
  createdAt: Timestamp;
  planId: string;
  provider: LedgerProvider;
  /** Per payment, in minor units. */
  amount: number;
  currency: string;
  installments: number;
  installmentsPaid: number;
  /** Money received on the row, net of refunds, in minor units. */
  received: number;
  status: PaymentListStatus;
  buyer: { id: string; name: string; email: string };
  /** The discount code of an order and what it took off: `LAGOS20 ($80 off)`. */
  discount: string | null;
}

export interface PaymentPage {
  rows: PaymentRow[];
  total: number;
  counts: { orders: number; transfers: number };
  page: number;
  pageCount: number;
}

/** What a currency's rows received, net of refunds, in minor units. */
export interface CurrencyTotal {
  currency: string;
  received: number;
}

/**
 * An order's status for the admin, from its enrolment first (what the buyer has), then the
 * order (decision 016). A charge refunded before its payment event arrived leaves the order
 * pending with no enrolment: refunded. An order the buyer cancelled before paying is
 * `cancelled`, which the page does not list. A cancelled enrolment (its holder deleted the
 * account) ended the access, not the money: the order's own status stands, so its payments
 * stay in the rows and the totals (decision 070).
 */
const orderStatus = sql<PaymentListStatus | 'cancelled'>`case
  when e.status = 'active' then 'paid'
  when e.status is not null and e.status <> 'cancelled' then e.status
  when o.status = 'paid' then 'paid'
  when exists (
    select 1 from payments as p where p.order_id = o.id and p.status = 'refunded'
  ) then 'refunded'
  else o.status
end`;

/** The period's bounds on a row's creation: from the start of `from` to the end of `to` (UTC). */
function periodBounds({ from, to }: PaymentSearch) {
  const dayAfter = (day: string) => nowTimestamp(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS));
  return { start: from && `${from}T00:00:00.000Z`, end: to && dayAfter(to) };
}

/** The orders a search and its filters match (none when it asks for bank transfers only). */
function matchingOrders(db: Kysely<Database>, search: PaymentSearch) {
  const { start, end } = periodBounds(search);
  let query = db
    .selectFrom('orders as o')
    .innerJoin('users', 'users.id', 'o.user_id')
    .leftJoin('enrolments as e', 'e.order_id', 'o.id')
    .where(orderStatus, 'in', search.status ? [search.status] : [...PAYMENT_STATUSES]);
  if (search.provider === 'transfer') query = query.where(sql.lit(false));
  else if (search.provider) query = query.where('o.provider', '=', search.provider);
  if (start) query = query.where('o.created_at', '>=', start);
  if (end) query = query.where('o.created_at', '<', end);
  // users is the one table here with a name, an e-mail or a search key.
  if (search.q) query = query.where(containsText(db, search.q));
  return query.select([
    sql<LedgerKind>`'order'`.as('kind'),
    'o.id as id',
    'o.created_at as created_at',
    'o.plan_id as plan_id',
    sql<LedgerProvider>`o.provider`.as('provider'),
    'o.amount as amount',
    'o.currency as currency',
    'o.installments as installments',
    sql<number>`coalesce(e.installments_paid, 0)`.as('installments_paid'),
    sql<number | string>`(
      select coalesce(sum(p.amount - p.refunded_amount), 0) from payments as p where p.order_id = o.id
    )`.as('received'),
    orderStatus.as('status'),
    sql<string | null>`(select d.code from discount_codes as d where d.id = o.discount_code_id)`.as(
      'discount_code',
    ),
    'o.discount_amount as discount_amount',
    'users.id as user_id',
    'users.name as name',
    'users.email as email',
  ]);
}

/**
 * The approved bank transfers a search matches: each is paid in full (the admin matched
 * the money), under the provider `transfer`; pending and rejected ones are no money.
 */
function matchingTransfers(db: Kysely<Database>, search: PaymentSearch) {
  const { start, end } = periodBounds(search);
  let query = db
    .selectFrom('bank_transfers as t')
    .innerJoin('users', 'users.id', 't.user_id')
    .where('t.status', '=', 'approved');
  if (start) query = query.where('t.created_at', '>=', start);
  if (end) query = query.where('t.created_at', '<', end);
  if (search.q) query = query.where(containsText(db, search.q));
  return query.select([
    sql<LedgerKind>`'transfer'`.as('kind'),
    't.id as id',
    't.created_at as created_at',
    't.plan_id as plan_id',
    sql<LedgerProvider>`'transfer'`.as('provider'),
    't.amount as amount',
    't.currency as currency',
    sql<number>`1`.as('installments'),
    sql<number>`1`.as('installments_paid'),
    sql<number | string>`t.amount`.as('received'),
    sql<PaymentListStatus | 'cancelled'>`'paid'`.as('status'),
    sql<string | null>`null`.as('discount_code'),
    sql<number>`0`.as('discount_amount'),
    'users.id as user_id',
    'users.name as name',
    'users.email as email',
  ]);
}

/** The ledger a search matches: its orders and, unless the filters rule them out, its transfers. */
function ledger(db: Kysely<Database>, search: PaymentSearch) {
  const orders = matchingOrders(db, search);
  const withTransfers =
    (!search.provider || search.provider === 'transfer') &&
    (!search.status || search.status === 'paid');
  return db.selectFrom(
    (withTransfers ? orders.unionAll(matchingTransfers(db, search)) : orders).as('ledger'),
  );
}

type LedgerEntry = Awaited<ReturnType<ReturnType<typeof matchingOrders>['execute']>>[number];

/** Newest first by creation, then by id: the list's order, and the export's keyset. */
function newestFirst(db: Kysely<Database>, search: PaymentSearch) {
  return ledger(db, search)
    .selectAll()
    .orderBy('ledger.created_at', 'desc')
    .orderBy('ledger.id', 'desc');
}

function toRow(entry: LedgerEntry): PaymentRow {
  return {
    kind: entry.kind,
    id: entry.id,
    createdAt: entry.created_at,
    planId: entry.plan_id,
    provider: entry.provider,
    amount: entry.amount,
    currency: entry.currency,
    installments: entry.installments,
    installmentsPaid: Number(entry.installments_paid),
    received: Number(entry.received),
    // The filter above lets only the listed statuses through.
    status: entry.status as PaymentListStatus,
    buyer: { id: entry.user_id, name: entry.name, email: entry.email },
    discount: entry.discount_code
      ? describeDiscount(entry.discount_code, {
          discount_amount: Number(entry.discount_amount),
          currency: entry.currency,
          installments: entry.installments,
        })
      : null,
  };
}

/**
 * `/admin/payments`: one row per order (but those cancelled before paying) and per approved
 * bank transfer, newest first, a page of the user list's size at a time, with the exact
 * number of each: the buyer's name or e-mail contains the search text (as on the user
 * list), the status, provider and period are the filters'. A page past the end shows the
 * last page.
 */
export async function searchPayments(
  db: Kysely<Database>,
  search: PaymentSearch,
): Promise<PaymentPage> {
  const counted = await ledger(db, search)
    .select((eb) => ['ledger.kind', eb.fn.countAll<number | string>().as('count')])
    .groupBy('ledger.kind')
    .execute();
  const counts = { orders: 0, transfers: 0 };
  for (const { kind, count } of counted)
    counts[kind === 'order' ? 'orders' : 'transfers'] = Number(count);
  const total = counts.orders + counts.transfers;
  const { page, pageCount, offset } = pageOf(total, search.page, LIST_PAGE_SIZE);
  if (total === 0) return { rows: [], total, counts, page, pageCount };
  const found = await newestFirst(db, search).limit(LIST_PAGE_SIZE).offset(offset).execute();
  return { rows: found.map(toRow), total, counts, page, pageCount };
}

/**
 * The money the search's rows received, per currency, net of refunds (a card payment's
 * amount less what was refunded of it; an approved transfer's amount), by currency code.
 * A currency whose rows received nothing is there with 0.
 */
export async function paymentTotals(
  db: Kysely<Database>,
  search: PaymentSearch,
): Promise<CurrencyTotal[]> {
  const found = await ledger(db, search)
    .select((eb) => [
      'ledger.currency',
      eb.fn.sum<number | string>('ledger.received').as('received'),
    ])
    .groupBy('ledger.currency')
    .orderBy('ledger.currency')
    .execute();
  return found.map(({ currency, received }) => ({ currency, received: Number(received) }));
}

export const LEDGER_COLUMNS = [
  'date',
  'reference',
  'buyer',
  'email',
  'plan',
  'provider',
  'amount',
  'currency',
  'installments paid',
  'received',
  'status',
] as const;

/** Minor units as a spreadsheet reads a number: `40000` → `400.00`. */
const decimal = (minor: number) => (minor / 100).toFixed(2);

function ledgerRecord(row: PaymentRow): string[] {
  return [
    row.createdAt,
    row.id,
    row.buyer.name,
    row.buyer.email,
    planName(row.planId),
    PROVIDER_LABELS[row.provider],
    decimal(row.amount),
    row.currency,
    `${row.installmentsPaid} of ${row.installments}`,
    decimal(row.received),
    row.status,
  ];
}

interface LedgerCursor {
  createdAt: Timestamp;
  id: string;
}

/** The next `size` rows of the search's ledger after `cursor`, in the list's order. */
async function readLedgerBatch(
  db: Kysely<Database>,
  search: PaymentSearch,
  cursor: LedgerCursor | undefined,
  size: number,
): Promise<PaymentRow[]> {
  let query = newestFirst(db, search);
  if (cursor) {
    query = query.where((eb) =>
      eb.or([
        eb('ledger.created_at', '<', cursor.createdAt),
        eb.and([eb('ledger.created_at', '=', cursor.createdAt), eb('ledger.id', '<', cursor.id)]),
      ]),
    );
  }
  return (await query.limit(size).execute()).map(toRow);
}

/** The search's whole ledger (every page) as CSV, like the user list's export. */
export function ledgerExportStream(
  db: Kysely<Database>,
  search: PaymentSearch,
  batchSize?: number,
): ReadableStream<Uint8Array> {
  return keysetCsvStream({
    header: LEDGER_COLUMNS,
    readBatch: (cursor: LedgerCursor | undefined, size: number) =>
      readLedgerBatch(db, search, cursor, size),
    record: ledgerRecord,
    cursorOf: (row) => ({ createdAt: row.createdAt, id: row.id }),
    batchSize,
  });
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
 * Webhook events that granted nothing and need a person: an amount or currency
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
