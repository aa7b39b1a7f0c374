import { Search } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Form } from 'react-router';
import { planName } from '~/content/plans';
import { DataTable, EmptyList, dataCells, dataRowClass } from '~/ui/list/data-table';
import type { BadgeTone } from '~/ui/list/list-cells';
import { ListCountWithExport } from '~/features/admin/list-count-export';
import { DateTime, PersonCell, StatusBadge } from '~/ui/list/list-cells';
import { Pagination } from '~/ui/list/pagination';
import { SEARCH_MAX_LENGTH } from '~/features/admin/user-search';
import { buttonClass } from '~/ui/button';
import { labelClass } from '~/ui/form';
import { formatMinorUnits, plural } from '~/lib/format';
import {
  ATTENTION_LIMIT,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PROVIDER_LABELS,
  paymentExportHref,
  paymentSearchQuery,
  type LedgerProvider,
  type PaymentListStatus,
  type PaymentSearch,
} from './payment-search';
import type {
  AttentionEvent,
  CurrencyTotal,
  PaymentPage,
  PaymentRow,
} from './payment-search.server';
import { TitledSection } from '~/ui/titled-section';
import { PageTitle } from '~/ui/page-title';

const COLUMNS = ['Date', 'Buyer', 'Plan', 'Provider', 'Amount', 'Status'] as const;
const ATTENTION_COLUMNS = ['Received', 'Provider', 'Event', 'Order', 'Note'] as const;

const FIELD = 'mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm';

const STATUS_TONES: Record<PaymentListStatus, BadgeTone> = {
  paid: 'good',
  pending: 'neutral',
  overdue: 'warning',
  refunded: 'muted',
  failed: 'bad',
};

/** One filter of the form: `all` (value '') first, then each of `values`. */
function FilterSelect<Value extends string>({
  name,
  label,
  all,
  value,
  values,
  labels,
}: {
  name: string;
  label: string;
  all: string;
  value: Value | undefined;
  values: readonly Value[];
  labels?: Record<Value, string>;
}) {
  return (
    <div>
      <label htmlFor={`payment-${name}`} className={labelClass}>
        {label}
      </label>
      <select id={`payment-${name}`} name={name} defaultValue={value ?? ''} className={FIELD}>
        <option value="">{all}</option>
        {values.map((option) => (
          <option key={option} value={option}>
            {labels?.[option] ?? option}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One end of the period: a day, both ends included. */
function DayField({ name, label, value }: { name: 'from' | 'to'; label: string; value?: string }) {
  return (
    <div>
      <label htmlFor={`payment-${name}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`payment-${name}`}
        name={name}
        type="date"
        defaultValue={value ?? ''}
        className={FIELD}
      />
    </div>
  );
}

/**
 * The search and the filters (a period of days, status, provider), a plain GET form: its
 * fields are the URL's, and leaving out `page` starts a changed search on page 1. Keyed by
 * the search, so that after Back or Forward the fields show the search of the list on screen.
 */
function PaymentFilters({ search }: { search: PaymentSearch }) {
  return (
    <Form
      key={paymentSearchQuery({ ...search, page: 1 })}
      method="get"
      action="/admin/payments"
      role="search"
      aria-label="Search payments"
      className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
    >
      <div className="sm:col-span-2">
        <label htmlFor="payment-search" className={labelClass}>
          Name or e-mail
        </label>
        <input
          id="payment-search"
          name="q"
          type="search"
          defaultValue={search.q}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Search by name or email"
          autoComplete="off"
          className={FIELD}
        />
      </div>
      <DayField name="from" label="From" value={search.from} />
      <DayField name="to" label="To" value={search.to} />
      <FilterSelect
        name="status"
        label="Status"
        all="All statuses"
        value={search.status}
        values={PAYMENT_STATUSES}
      />
      <FilterSelect
        name="provider"
        label="Provider"
        all="All providers"
        value={search.provider}
        values={PAYMENT_PROVIDERS}
        labels={PROVIDER_LABELS}
      />
      <button
        type="submit"
        className={buttonClass('primary', 'sm:col-span-2 lg:col-span-1 lg:col-start-4')}
      >
        <Search aria-hidden="true" className="h-4 w-4" />
        Search
      </button>
    </Form>
  );
}

function ProviderName({ provider }: { provider: LedgerProvider }) {
  return <span className="sm:whitespace-nowrap">{PROVIDER_LABELS[provider]}</span>;
}

/** `checkout.session.completed` may wrap after each dot, and nowhere else. */
function breakAfterDots(text: string) {
  return text.split('.').map((part, index, parts) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <>
          .<wbr />
        </>
      )}
    </Fragment>
  ));
}

function Amount({ row }: { row: PaymentRow }) {
  const amount = formatMinorUnits(row.amount, row.currency);
  if (row.installments <= 1) return <>{amount}</>;
  return (
    <span className="flex flex-col">
      <span>
        {amount} × {row.installments}
      </span>
      <span className="text-slate-600">
        {row.installmentsPaid} of {row.installments} paid
      </span>
    </span>
  );
}

function OrderTable({ rows }: { rows: PaymentRow[] }) {
  return (
    <DataTable columns={COLUMNS} label="Orders and payments" minWidthClass="sm:min-w-[48rem]">
      {rows.map((row) => (
        <tr key={`${row.kind}:${row.id}`} className={dataRowClass()}>
          {dataCells(COLUMNS, [
            <DateTime key="date" value={row.createdAt} />,
            <PersonCell key="buyer" person={row.buyer} />,
            <span key="plan">
              {planName(row.planId)}
              {row.discount && <span className="block text-slate-600">Code {row.discount}</span>}
            </span>,
            <ProviderName key="provider" provider={row.provider} />,
            <Amount key="amount" row={row} />,
            <StatusBadge key="status" tone={STATUS_TONES[row.status]}>
              {row.status}
            </StatusBadge>,
          ])}
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * Webhook events that granted nothing (a wrong amount or currency, an order we do not
 * know, an unconfirmed charge, a payer whose access was revoked): money may have moved
 * without access, so an admin looks at each.
 */
function NeedsAttention({ events, more }: { events: AttentionEvent[]; more: boolean }) {
  return (
    <TitledSection headingId="attention-heading" heading="Needs attention" className="mt-12">
      <p className="mt-2 text-sm text-slate-700">
        Payment events that need a person: an amount or currency that does not match its order, a
        payment on an order already paid, an order we do not know, a charge the provider would not
        confirm, a payment from someone whose access an admin revoked, or a second purchase of a
        track someone already paid for. Check each one in the provider’s dashboard
        {more ? `; the ${ATTENTION_LIMIT} most recent are shown` : ''}.
      </p>
      {events.length === 0 ? (
        <EmptyList>Nothing needs attention.</EmptyList>
      ) : (
        <DataTable
          columns={ATTENTION_COLUMNS}
          label="Payment events that need attention"
          minWidthClass="sm:min-w-[48rem]"
        >
          {events.map((event) => (
            <tr key={`${event.provider}:${event.eventId}`} className={dataRowClass()}>
              {dataCells(ATTENTION_COLUMNS, [
                <DateTime key="received" value={event.receivedAt} />,
                <ProviderName key="provider" provider={event.provider} />,
                <span key="event" className="flex flex-col">
                  <span>{breakAfterDots(event.type)}</span>
                  <span className="text-slate-600">{event.outcome}</span>
                </span>,
                <span key="order" className="flex min-w-0 flex-col">
                  <span className="break-all">{event.orderId ?? '(none named)'}</span>
                  {event.buyer && <PersonCell person={event.buyer} />}
                </span>,
                event.note,
              ])}
            </tr>
          ))}
        </DataTable>
      )}
    </TitledSection>
  );
}

/** `3 orders`, `1 order and 2 bank transfers`, `1 bank transfer`. */
function countText({ orders, transfers }: PaymentPage['counts']): string {
  const ordersText = plural(orders, 'order', 'orders');
  if (transfers === 0) return ordersText;
  const transfersText = plural(transfers, 'bank transfer', 'bank transfers');
  return orders === 0 ? transfersText : `${ordersText} and ${transfersText}`;
}

/** The money the matched rows (every page) received, per currency, net of refunds. */
function Totals({ totals }: { totals: CurrencyTotal[] }) {
  return (
    <section
      aria-labelledby="totals-heading"
      className="mt-4 rounded-xl border border-slate-200 bg-white px-4 py-3"
    >
      <h2 id="totals-heading" className="text-sm font-semibold text-slate-800">
        Received, net of refunds
      </h2>
      <p className="text-xs text-slate-600">
        Card payments less refunds, and approved bank transfers, on every page of this list.
      </p>
      <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-lg font-bold text-ink">
        {totals.map((total) => (
          <li key={total.currency}>{formatMinorUnits(total.received, total.currency)}</li>
        ))}
      </ul>
    </section>
  );
}

/** `/admin/payments`: the ledger of orders and approved transfers, and what needs a look. */
export function PaymentList({
  search,
  result,
  totals,
  attention,
  loading,
  children,
}: {
  search: PaymentSearch;
  result: PaymentPage;
  totals: CurrencyTotal[];
  attention: { events: AttentionEvent[]; more: boolean };
  loading: boolean;
  /** What a filter adds under the filters (the Overdue filter's list, decision 053). */
  children?: ReactNode;
}) {
  return (
    <div>
      <section aria-labelledby="payments-heading">
        <PageTitle id="payments-heading">Payments</PageTitle>
        <p className="mt-2 text-slate-700">
          Orders with their payments and enrolment, and approved bank transfers, newest first (an
          order cancelled before paying is left out). Click a name to see the person.
        </p>
        <PaymentFilters search={search} />
        {children}
        <ListCountWithExport
          testId="payment-count"
          loading={loading}
          exportHref={result.total > 0 ? paymentExportHref(search) : undefined}
        >
          {countText(result.counts)}
        </ListCountWithExport>
        {totals.length > 0 && <Totals totals={totals} />}
        {result.rows.length === 0 ? (
          <EmptyList>No payment found</EmptyList>
        ) : (
          <OrderTable rows={result.rows} />
        )}
        <Pagination
          page={result.page}
          pageCount={result.pageCount}
          to={(page) => `/admin/payments${paymentSearchQuery({ ...search, page })}`}
        />
      </section>
      <NeedsAttention {...attention} />
    </div>
  );
}
