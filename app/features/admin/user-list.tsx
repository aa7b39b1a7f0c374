import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { DataTable, EmptyList, ListCount, dataCells, dataRowClass } from './data-table';
import { Pagination } from './pagination';
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
      <ListCount testId="user-count" loading={loading}>
        {result.total} {result.total === 1 ? 'user' : 'users'}
      </ListCount>
      {result.users.length === 0 ? (
        <EmptyList>No User found</EmptyList>
      ) : (
        <DataTable columns={COLUMNS} minWidthClass="sm:min-w-[36rem]">
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
                className={dataRowClass('cursor-pointer hover:bg-brand-50')}
              >
                {dataCells(
                  COLUMNS,
                  [
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
                  ],
                  (column) => (column === 2 ? 'break-all' : ''),
                )}
              </tr>
            );
          })}
        </DataTable>
      )}
      <Pagination
        page={result.page}
        pageCount={result.pageCount}
        to={(page) => `/admin/home${userSearchQuery({ q, page })}`}
      />
    </section>
  );
}
