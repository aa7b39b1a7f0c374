import type { LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';

export interface AreaNavEntry {
  to: string;
  label: string;
  Icon: LucideIcon;
  /**
   * Where else the entry stays marked: paths that start so (a review page, a student's
   * page). Without it, NavLink's rule: the entry's page and the pages below it.
   */
  under?: readonly string[];
  /** How many things wait behind the entry, shown beside it when there are any. */
  waiting?: number | null;
  waitingTestId?: string;
}

/** The side menu of a staff area (admin, mentor), beside its `AreaMain`. */
export function AreaNav({ area, entries }: { area: string; entries: readonly AreaNavEntry[] }) {
  const { pathname } = useLocation();
  return (
    <aside
      aria-label={area}
      className="border-b border-slate-200 bg-slate-50 md:w-56 md:shrink-0 md:border-r md:border-b-0"
    >
      <nav aria-label={`${area} menu`} className="px-4 py-4">
        <ul className="flex flex-wrap gap-1 md:flex-col md:flex-nowrap">
          {entries.map((entry) => {
            const { to, label, Icon, waiting, waitingTestId } = entry;
            const current = isCurrent(pathname, entry);
            return (
              <li key={to}>
                <Link
                  to={to}
                  aria-current={current ? 'page' : undefined}
                  className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${
                    current
                      ? 'bg-brand-600 font-semibold text-white'
                      : 'text-slate-800 hover:bg-slate-200'
                  }`}
                >
                  <Icon aria-hidden="true" className="h-4 w-4" />
                  {label}
                  {waiting != null && waiting > 0 && (
                    <WaitingCount count={waiting} testId={waitingTestId} />
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}

function isCurrent(pathname: string, { to, under }: AreaNavEntry): boolean {
  if (under) return pathname === to || under.some((start) => pathname.startsWith(start));
  // NavLink's rule, which the admin menu was built on: letter case does not count.
  const path = pathname.toLowerCase();
  return path === to || path.startsWith(`${to}/`);
}

/** How many things wait for someone, beside a menu entry. */
function WaitingCount({ count, testId }: { count: number; testId?: string }) {
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
