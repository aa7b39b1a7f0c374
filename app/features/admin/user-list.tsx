import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { Spinner } from '~/ui/spinner';
import { pageWindow } from './page-window';
import { SEARCH_MAX_LENGTH, userSearchQuery } from './user-search';
import type { UserPage } from './user-search.server';

const SEARCH_DEBOUNCE_MS = 300;
/** SPEC §2's columns, in order. */
const COLUMNS = ['s/n', 'Username', 'Email', 'Cohort', 'Access'] as const;

function SearchBox({ q }: { q: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  // The first search of a typing session adds a history entry; the keys after it replace it.
  const pushed = useRef(false);
  useEffect(() => setText(q), [q]);

  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => {
      navigate(`/admin/home${userSearchQuery({ q: text.trim(), page: 1 })}`, {
        replace: pushed.current,
        preventScrollReset: true,
      });
      pushed.current = true;
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, navigate]);

  return (
    <Form method="get" action="/admin/home" role="search" className="mt-6 max-w-md">
      <label htmlFor="user-search" className="sr-only">
        Search users
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id="user-search"
          name="q"
          type="search"
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => {
            pushed.current = false;
          }}
          placeholder="Search by Username or Email"
          autoComplete="off"
          className="w-full rounded-full border border-slate-300 bg-white py-2 pr-4 pl-9 text-sm"
        />
      </div>
    </Form>
  );
}

const PAGE_LINK =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-full px-3 text-sm font-semibold';
const OTHER_PAGE = `${PAGE_LINK} border border-slate-300 text-slate-800 hover:bg-slate-100`;

/**
 * SPEC §2's pagination numbers, shown when the results exceed one page: a window of them
 * (first, last, the current page's neighbours) with Previous and Next, every one a link.
 */
function Pagination({ page, pageCount, q }: { page: number; pageCount: number; q: string }) {
  if (pageCount <= 1) return null;
  const to = (number: number) => `/admin/home${userSearchQuery({ q, page: number })}`;
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

/** SPEC §2's List of Users: search, count, table, pagination. */
export function UserList({
  result,
  q,
  loading,
}: {
  result: UserPage;
  q: string;
  loading: boolean;
}) {
  const navigate = useNavigate();
  const back = userSearchQuery({ q, page: result.page });
  return (
    <section aria-labelledby="users-heading">
      <h1 id="users-heading" className="text-3xl font-extrabold text-ink">
        List of Users
      </h1>
      <p className="mt-2 text-slate-700">Click on a user to change the role.</p>
      <SearchBox q={q} />
      <p
        className="mt-4 flex items-center gap-2 text-sm font-medium text-slate-800"
        aria-live="polite"
      >
        <span data-testid="user-count">
          {result.total} {result.total === 1 ? 'user' : 'users'}
        </span>
        {loading && <Spinner className="h-4 w-4" />}
      </p>
      {result.users.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          No User found
        </p>
      ) : (
        // Below the sm breakpoint each row is a card of labelled lines (the labels come
        // from data-label), so all five columns are on screen without scrolling sideways.
        <div className="mt-4 rounded-xl border border-slate-200 sm:overflow-x-auto">
          <table className="w-full text-left text-sm max-sm:block sm:min-w-[36rem]">
            <thead className="bg-slate-100 text-slate-800 max-sm:sr-only">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-4 py-3">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {result.users.map((user, index) => {
                const href = `/admin/user-details/${encodeURIComponent(user.id)}${back}`;
                return (
                  <tr
                    key={user.id}
                    // The whole row is clickable for the mouse; the name link serves keyboards.
                    onClick={(event) => {
                      if ((event.target as HTMLElement).closest('a')) return;
                      navigate(href);
                    }}
                    className="cursor-pointer border-t border-slate-200 first:border-t-0 hover:bg-brand-50 max-sm:block max-sm:py-2"
                  >
                    {[
                      result.firstNumber + index,
                      <Link
                        key="name"
                        to={href}
                        className="font-semibold text-brand-700 hover:underline"
                      >
                        {user.name}
                      </Link>,
                      user.email,
                      user.cohort,
                      user.access,
                    ].map((value, column) => (
                      <td
                        key={COLUMNS[column]}
                        data-label={COLUMNS[column]}
                        className={`px-4 py-3 text-slate-700 max-sm:flex max-sm:gap-3 max-sm:py-1 max-sm:before:w-20 max-sm:before:shrink-0 max-sm:before:font-medium max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] ${column === 2 ? 'break-all' : ''}`}
                      >
                        {value}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={result.page} pageCount={result.pageCount} q={q} />
    </section>
  );
}
