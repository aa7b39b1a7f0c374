import type { ReactNode } from 'react';
import { Spinner } from './spinner';

/** The main column of a staff area (admin, mentor): it says so while the next page loads. */
export function AreaMain({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <div className="relative min-w-0 flex-1 px-4 py-8 md:px-10" aria-busy={loading}>
      {loading && (
        <div
          role="status"
          className="absolute top-4 right-4 flex items-center gap-2 text-sm text-brand-800"
        >
          <Spinner className="h-5 w-5" />
          <span>Loading…</span>
        </div>
      )}
      {children}
    </div>
  );
}

/** How many things wait for someone, beside a menu entry. */
export function WaitingCount({ count, testId }: { count: number; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className="ml-auto rounded-full bg-amber-400 px-2 text-xs font-bold text-ink"
    >
      {count}
      <span className="sr-only"> waiting for review</span>
    </span>
  );
}
