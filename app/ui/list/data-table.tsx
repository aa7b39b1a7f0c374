import type { ReactNode } from 'react';
import { Spinner } from '~/ui/spinner';

/**
 * The admin lists' table. Below the sm breakpoint each row is a card of labelled lines (the
 * labels come from each cell's data-label), so every column is on screen without scrolling
 * sideways; from sm up it is a plain table that scrolls sideways inside its frame when it
 * is wider than the page. `minWidthClass` is the table's least width from sm up.
 */
export function DataTable({
  columns,
  label,
  minWidthClass,
  children,
}: {
  columns: readonly string[];
  /** The table's accessible name, where no caption or heading names it. */
  label?: string;
  minWidthClass: string;
  children: ReactNode;
}) {
  return (
    <div className="mt-4 rounded-xl border border-slate-200 sm:overflow-x-auto">
      <table
        aria-label={label}
        className={`w-full text-left text-sm max-sm:block ${minWidthClass}`}
      >
        <thead className="bg-slate-100 text-slate-800 max-sm:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">{children}</tbody>
      </table>
    </div>
  );
}

/** A row of a DataTable; `extra` adds classes (a pointer, a hover colour). */
export function dataRowClass(extra = ''): string {
  return `border-t border-slate-200 first:border-t-0 max-sm:block max-sm:py-2 ${extra}`.trim();
}

/** A cell of a DataTable, labelled with its column's name on a phone. */
function DataCell({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td
      data-label={label}
      className={`px-4 py-3 text-slate-700 max-sm:flex max-sm:gap-3 max-sm:py-1 max-sm:before:w-20 max-sm:before:shrink-0 max-sm:before:font-medium max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] ${className}`}
    >
      {children}
    </td>
  );
}

/**
 * A row's cells, one a column in the order of `columns`; `classOf` adds classes to a
 * column's cell (by its index).
 */
export function dataCells(
  columns: readonly string[],
  values: readonly ReactNode[],
  classOf: (column: number) => string = () => '',
) {
  return values.map((value, column) => (
    <DataCell key={columns[column]} label={columns[column]!} className={classOf(column)}>
      {value}
    </DataCell>
  ));
}

/** How many rows a list found, announced as it changes, with a spinner while it refreshes. */
export function ListCount({
  testId,
  loading,
  children,
}: {
  testId: string;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <p
      className="mt-4 flex items-center gap-2 text-sm font-medium text-slate-800"
      aria-live="polite"
    >
      <span data-testid={testId}>{children}</span>
      {loading && <Spinner className="h-4 w-4" />}
    </p>
  );
}

/** What a list shows instead of its table when nothing matches. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
      {children}
    </p>
  );
}
