import { Search } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { ACCESS_LEVELS } from '~/db/schema';
import { NUMBERED_STEPS } from '~/features/progress/progress';
import { formatDateTimeUtc, plural } from '~/lib/format';
import { buttonClass } from '~/ui/button';
import { labelClass } from '~/ui/form';
import { SelectField } from '~/ui/select-field';
import { DataTable, EmptyList, dataCells, dataRowClass } from '~/ui/list/data-table';
import { ListCountWithExport } from './list-count-export';
import { Pagination } from '~/ui/list/pagination';
import {
  SEARCH_MAX_LENGTH,
  userExportHref,
  userSearchQuery,
  TRACK_FILTERS,
  type ProgressFilter,
  type TrackFilter,
  type UserSearch,
} from './user-search';
import type { UserPage } from './user-search.server';
import { PageTitle } from '~/ui/page-title';

const SEARCH_DEBOUNCE_MS = 300;
/**
 * SPEC §2's columns, in order, then how many numbered steps each user completed
 * and when they joined.
 */
const COLUMNS = [
  's/n',
  'Username',
  'Email',
  'Cohort',
  'Access',
  'Track',
  'Progress',
  'Joined',
] as const;
const JOINED_COLUMN = COLUMNS.indexOf('Joined');

const SELECT =
  'mt-1 block h-10 w-full rounded-full border border-slate-300 bg-white pr-8 pl-4 text-sm';

export interface CohortChoice {
  value: string;
  label: string;
}

/** The day a stored timestamp falls on, for people: `22 Nov 2026` (UTC). */
function formatDay(timestamp: string): string {
  return formatDateTimeUtc(timestamp).split(', ')[0]!;
}

function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  onChange,
  widthClass = 'sm:w-40',
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly CohortChoice[];
  onChange: (value: string) => void;
  /** The field's width from sm up: wide enough for its longest choice. */
  widthClass?: string;
}) {
  return (
    <div className={`min-w-0 ${widthClass}`}>
      <SelectField
        id={id}
        name={name}
        label={label}
        options={options}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={SELECT}
      >
        <option value="">All</option>
      </SelectField>
    </div>
  );
}

const ACCESS_CHOICES = ACCESS_LEVELS.map((access) => ({ value: access, label: access }));
/** An access level to keep, or '' for all of them. */
type AccessChoice = NonNullable<UserSearch['access']> | '';
const PROGRESS_CHOICES = [{ value: 'complete', label: 'Completed all' }] as const;
/** `complete` for the users who completed every numbered step, or '' for everyone. */
type ProgressChoice = ProgressFilter | '';
/** The track of a user's active enrolment, or '' for everyone. */
const TRACK_LABELS: Record<TrackFilter, string> = {
  frontend: 'FrontEnd',
  fullstack: 'FullStack',
  none: 'none',
};
const TRACK_CHOICES = TRACK_FILTERS.map((track) => ({ value: track, label: TRACK_LABELS[track] }));
type TrackChoice = TrackFilter | '';

interface FilterChoices {
  access: AccessChoice;
  cohort: string;
  progress: ProgressChoice;
  track: TrackChoice;
}

/** The filters' selects, in the form's order; the cohorts' choices are the loader's. */
const FILTER_SELECTS: {
  name: keyof FilterChoices;
  label: string;
  options?: readonly CohortChoice[];
  widthClass?: string;
}[] = [
  { name: 'access', label: 'Access', options: ACCESS_CHOICES },
  { name: 'cohort', label: 'Cohort' },
  { name: 'progress', label: 'Progress', options: PROGRESS_CHOICES, widthClass: 'sm:w-44' },
  { name: 'track', label: 'Track', options: TRACK_CHOICES },
];

/** What the form's fields hold right now, as the URL would carry it. */
function readChoices(form: HTMLFormElement): FilterChoices & { q: string } {
  const fields = new FormData(form);
  const field = (name: string) => String(fields.get(name) ?? '');
  return {
    q: field('q'),
    access: field('access') as AccessChoice,
    cohort: field('cohort'),
    progress: field('progress') as ProgressChoice,
    track: field('track') as TrackChoice,
  };
}

/**
 * The search box and the Access, Cohort and Progress filters: a GET form whose fields are the
 * URL's (`?q=&access=&cohort=&progress=`), so it works without JavaScript and until the
 * scripts have run (Enter in the box, or the Apply button, shown until hydration). With
 * JavaScript the text is searched as it is typed and a filter applies as soon as it is
 * chosen; every change starts again at page 1.
 */
function UserFilters({ search, cohorts }: { search: UserSearch; cohorts: CohortChoice[] }) {
  const navigate = useNavigate();
  const [text, setText] = useState(search.q);
  const [access, setAccess] = useState<AccessChoice>(search.access ?? '');
  const [cohort, setCohort] = useState(search.cohort ?? '');
  const [progress, setProgress] = useState<ProgressChoice>(search.progress ?? '');
  const [track, setTrack] = useState<TrackChoice>(search.track ?? '');
  const filters: FilterChoices = { access, cohort, progress, track };
  // The first search of a typing session adds a history entry; the keys after it replace it.
  const pushed = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const adopted = useRef(false);
  useEffect(() => setText(search.q), [search.q]);
  useEffect(() => setAccess(search.access ?? ''), [search.access]);
  useEffect(() => setCohort(search.cohort ?? ''), [search.cohort]);
  useEffect(() => setProgress(search.progress ?? ''), [search.progress]);
  useEffect(() => setTrack(search.track ?? ''), [search.track]);

  const show = useCallback(
    (next: FilterChoices & { q: string }, replace: boolean) =>
      navigate(
        `/admin/home${userSearchQuery({
          q: next.q.trim(),
          access: next.access || undefined,
          cohort: next.cohort || undefined,
          progress: next.progress || undefined,
          track: next.track || undefined,
          page: 1,
        })}`,
        { replace, preventScrollReset: true },
      ),
    [navigate],
  );

  // Hydration leaves the fields as the admin set them while the scripts loaded: take those
  // choices over and apply them, instead of letting the next render put back the URL's.
  useEffect(() => {
    if (adopted.current || !formRef.current) return;
    adopted.current = true;
    const chosen = readChoices(formRef.current);
    setText(chosen.q);
    setAccess(chosen.access);
    setCohort(chosen.cohort);
    setProgress(chosen.progress);
    setTrack(chosen.track);
    const same =
      chosen.q.trim() === search.q &&
      chosen.access === (search.access ?? '') &&
      chosen.cohort === (search.cohort ?? '') &&
      chosen.progress === (search.progress ?? '') &&
      chosen.track === (search.track ?? '');
    if (same) return;
    void show(chosen, false);
    // The typing debounce may ask for the same list again: let it replace this entry.
    pushed.current = true;
  }, [search, show]);

  useEffect(() => {
    if (text.trim() === search.q) return;
    const timer = setTimeout(() => {
      void show({ q: text, access, cohort, progress, track }, pushed.current);
      pushed.current = true;
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search.q, access, cohort, progress, track, show]);

  const choose = (next: FilterChoices) => {
    setAccess(next.access);
    setCohort(next.cohort);
    setProgress(next.progress);
    setTrack(next.track);
    pushed.current = false;
    void show({ q: text, ...next }, false);
  };

  return (
    <Form
      ref={formRef}
      method="get"
      action="/admin/home"
      role="search"
      aria-label="Search and filter users"
      className="mt-6 grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap"
      onSubmit={(event) => {
        event.preventDefault();
        pushed.current = false;
        void show({ q: text, ...filters }, false);
      }}
    >
      <div className="col-span-2 min-w-0 sm:w-sm sm:max-w-full">
        <label htmlFor="user-search" className={labelClass}>
          Search users
        </label>
        <div className="relative mt-1">
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
            className="h-10 w-full rounded-full border border-slate-300 bg-white pr-4 pl-9 text-sm"
          />
        </div>
      </div>
      {FILTER_SELECTS.map(({ name, label, options, widthClass }) => (
        <FilterSelect
          key={name}
          id={`user-${name}`}
          name={name}
          label={label}
          value={filters[name]}
          options={options ?? cohorts}
          widthClass={widthClass}
          onChange={(value) => choose({ ...filters, [name]: value })}
        />
      ))}
      {/* Until the app has hydrated a choice applies when sent; after, at once. */}
      <button
        type="submit"
        className={buttonClass('secondary', 'col-span-2 h-10 [[data-hydrated=true]_&]:hidden')}
      >
        Apply
      </button>
    </Form>
  );
}

/** SPEC §2's List of Users: search, filters, count, table, pagination, and the CSV export. */
export function UserList({
  search,
  cohorts,
  result,
  loading,
}: {
  search: UserSearch;
  cohorts: CohortChoice[];
  result: UserPage;
  loading: boolean;
}) {
  const navigate = useNavigate();
  const back = userSearchQuery({ ...search, page: result.page });
  return (
    <section aria-labelledby="users-heading">
      <PageTitle id="users-heading">List of Users</PageTitle>
      <p className="mt-2 text-slate-700">Click on a user to change the role.</p>
      <UserFilters search={search} cohorts={cohorts} />
      <ListCountWithExport
        testId="user-count"
        loading={loading}
        exportHref={result.total > 0 ? userExportHref(search) : undefined}
      >
        {plural(result.total, 'user')}
      </ListCountWithExport>
      {result.users.length === 0 ? (
        <EmptyList>No User found</EmptyList>
      ) : (
        <DataTable columns={COLUMNS} minWidthClass="sm:min-w-[46rem]">
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
                    user.cohortName,
                    user.access,
                    TRACK_LABELS[user.track],
                    `${user.progress}/${NUMBERED_STEPS.length}`,
                    <time key="joined" dateTime={user.created_at}>
                      {formatDay(user.created_at)}
                    </time>,
                  ],
                  (column) =>
                    column === 2
                      ? 'break-all'
                      : column === JOINED_COLUMN
                        ? 'whitespace-nowrap'
                        : '',
                )}
              </tr>
            );
          })}
        </DataTable>
      )}
      <Pagination
        page={result.page}
        pageCount={result.pageCount}
        to={(page) => `/admin/home${userSearchQuery({ ...search, page })}`}
      />
    </section>
  );
}
