import type { ReactNode } from 'react';
import { plural } from '~/lib/format';
import { Link } from 'react-router';
import { DataTable, EmptyList, ListCount, dataCells, dataRowClass } from '~/ui/list/data-table';
import { DateTime, PersonCell, StatusBadge } from '~/ui/list/list-cells';
import { Pagination } from '~/ui/list/pagination';
import type { QueuedTransfer, TransferQueue } from './transfer-queue.server';
import { TRANSFER_STATUS } from './transfer-status';
import { PageTitle } from '~/ui/page-title';

const COLUMNS = ['Submitted', 'Student', 'Plan', 'Amount', 'Transfer date', 'Status'] as const;

/** "3 hours", "2 days": how long a transfer has waited, or waited before its decision. */
export function age(from: string, to: string | null, now: number): string {
  const minutes = Math.max(
    0,
    Math.round(((to ? Date.parse(to) : now) - Date.parse(from)) / 60_000),
  );
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return plural(hours, 'hour');
  return `${Math.round(hours / 24)} days`;
}

function Row({ transfer, now }: { transfer: QueuedTransfer; now: number }) {
  const status = TRANSFER_STATUS[transfer.status];
  const waited = age(transfer.createdAt, transfer.decidedAt, now);
  return (
    <tr className={dataRowClass(transfer.status === 'pending' ? 'bg-amber-50/40' : '')}>
      {dataCells(COLUMNS, [
        <span key="submitted" className="flex flex-col">
          <DateTime value={transfer.createdAt} />
          <span className="text-slate-600 sm:whitespace-nowrap">
            {transfer.status === 'pending' ? `waiting ${waited}` : `decided after ${waited}`}
          </span>
        </span>,
        <PersonCell
          key="student"
          person={{ id: transfer.userId, name: transfer.name, email: transfer.email }}
        />,
        transfer.planName,
        <span key="amount" className="flex flex-col whitespace-nowrap">
          {transfer.amount}
          {!transfer.amountMatches && (
            <span className="font-semibold text-red-800">
              expected {transfer.expectedAmount ?? 'unknown'}
            </span>
          )}
        </span>,
        transfer.transferDate,
        // The way to the transfer's page sits under its status: one column less to fit.
        <span key="status" className="flex flex-col items-start gap-1">
          <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
          <Link
            to={`/admin/transfers/${encodeURIComponent(transfer.id)}`}
            className="font-semibold whitespace-nowrap text-brand-700 underline"
          >
            {transfer.status === 'pending' ? 'Review' : 'View'}
            <span className="sr-only">
              {' '}
              the transfer of {transfer.amount} from {transfer.name}
            </span>
          </Link>
        </span>,
      ])}
    </tr>
  );
}

/** `/admin/transfers`: the transfers waiting for a decision, oldest first, then the decided. */
export function TransferQueueView({
  queue,
  loading,
  now,
  children,
}: {
  queue: TransferQueue;
  loading: boolean;
  /** The loader's clock, so server and browser render the same ages. */
  now: number;
  /** The admin's own settings for the queue, under its introduction. */
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="transfers-heading">
      <PageTitle id="transfers-heading">Bank transfers</PageTitle>
      <p className="mt-2 text-slate-700">
        Transfers students reported with a receipt: those waiting for review first, the longest
        waiting at the top, then those already decided. We promise an answer within 24 hours.
      </p>
      {children}
      <ListCount testId="transfer-count" loading={loading}>
        {queue.pending} waiting for review, {queue.total} in all
      </ListCount>
      {queue.transfers.length === 0 ? (
        <EmptyList>No transfer has been submitted yet.</EmptyList>
      ) : (
        <DataTable columns={COLUMNS} label="Bank transfers" minWidthClass="sm:min-w-[48rem]">
          {queue.transfers.map((transfer) => (
            <Row key={transfer.id} transfer={transfer} now={now} />
          ))}
        </DataTable>
      )}
      <Pagination
        page={queue.page}
        pageCount={queue.pageCount}
        to={(page) => (page > 1 ? `/admin/transfers?page=${page}` : '/admin/transfers')}
      />
    </section>
  );
}
