import { Link } from 'react-router';
import { pageWindow } from './page-window';

const PAGE_LINK =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-full px-3 text-sm font-semibold';
const OTHER_PAGE = `${PAGE_LINK} border border-slate-300 text-slate-800 hover:bg-slate-100`;

/**
 * SPEC §2's pagination numbers, shown when the results exceed one page: a window of them
 * (first, last, the current page's neighbours) with Previous and Next, every one a link to
 * `to(page)` (the list's URL with its search and that page).
 */
export function Pagination({
  page,
  pageCount,
  to,
}: {
  page: number;
  pageCount: number;
  to: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-6">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && (
          <li>
            <Link to={to(page - 1)} preventScrollReset className={OTHER_PAGE}>
              Previous
            </Link>
          </li>
        )}
        {pageWindow(page, pageCount).map((entry, index) =>
          entry === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={entry}>
              <Link
                to={to(entry)}
                aria-current={entry === page ? 'page' : undefined}
                aria-label={`Page ${entry}`}
                preventScrollReset
                className={entry === page ? `${PAGE_LINK} bg-brand-600 text-white` : OTHER_PAGE}
              >
                {entry}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={to(page + 1)} preventScrollReset className={OTHER_PAGE}>
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
