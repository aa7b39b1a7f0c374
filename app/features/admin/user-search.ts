import { z } from '~/lib/zod';
import { ACCESS_LEVELS } from '~/db/schema';

export const SEARCH_MAX_LENGTH = 100;

/** The search text of an admin list: trimmed, printable, at most 100 characters, else ''. */
export const searchTextSchema = z
  .string()
  .trim()
  // Control characters cannot be typed into the box; PostgreSQL's search key uses one.
  .transform((value) => [...value].filter((c) => c.charCodeAt(0) >= 0x20).join(''))
  .transform((value) => value.slice(0, SEARCH_MAX_LENGTH))
  .catch('');

/** The page number of an admin list; anything else is page 1. */
export const pageNumberSchema = z.coerce.number().int().min(1).max(1_000_000).catch(1);

/** A cohort's id as the URL carries it (`none` or a cohort's id); anything else is no filter. */
export const cohortFilterSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,79}$/)
  .optional()
  .catch(undefined);

/** The Progress filter's values: `complete`, the users who completed all eight numbered steps. */
export const PROGRESS_FILTERS = ['complete'] as const;
export type ProgressFilter = (typeof PROGRESS_FILTERS)[number];

/**
 * The Track filter's values (decision 047): `fullstack`, an active FullStack enrolment;
 * `frontend`, an active enrolment and none of them FullStack; `none`, no active enrolment.
 */
export const TRACK_FILTERS = ['frontend', 'fullstack', 'none'] as const;
export type TrackFilter = (typeof TRACK_FILTERS)[number];

/**
 * `?q=&access=&cohort=&progress=&track=&page=` of the admin list. Bad values fall back instead of failing
 * (an unknown access or cohort means all of them): a hand-edited URL still shows a list.
 * Whether the cohort exists is checked where the cohorts are read (`withKnownCohort`).
 */
export const userSearchSchema = z.object({
  q: searchTextSchema,
  access: z.enum(ACCESS_LEVELS).optional().catch(undefined),
  cohort: cohortFilterSchema,
  progress: z.enum(PROGRESS_FILTERS).optional().catch(undefined),
  track: z.enum(TRACK_FILTERS).optional().catch(undefined),
  page: pageNumberSchema,
});
export type UserSearch = z.infer<typeof userSearchSchema>;

export function parseUserSearch(params: URLSearchParams): UserSearch {
  return userSearchSchema.parse({
    q: params.get('q') ?? '',
    access: params.get('access') || undefined,
    cohort: params.get('cohort') || undefined,
    progress: params.get('progress') || undefined,
    track: params.get('track') || undefined,
    page: params.get('page') ?? 1,
  });
}

/**
 * The search with its cohort filter kept only if it names one of `cohorts` (`none` or a
 * cohort's id, as `cohortOptions` lists them): an unknown cohort means all of them.
 */
export function withKnownCohort<Search extends Pick<UserSearch, 'cohort'>>(
  search: Search,
  cohorts: readonly { value: string }[],
): Search {
  const known = cohorts.some((option) => option.value === search.cohort);
  return known ? search : { ...search, cohort: undefined };
}

/** The filters of a search: what narrows the list besides its text. */
export type UserFilters = Pick<UserSearch, 'access' | 'cohort' | 'progress' | 'track'>;

/** Whether a search narrows the list by access, cohort, progress or track. */
export function hasFilters(search: UserFilters): boolean {
  return (
    search.access !== undefined ||
    search.cohort !== undefined ||
    search.progress !== undefined ||
    search.track !== undefined
  );
}

/** `?name=value&…` of the values given, leaving out empty ones; '' when none is left. */
export function queryString(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The value of `page` in a list's URL: none for the first page. */
export function pageParam(page: number): string | undefined {
  return page > 1 ? String(page) : undefined;
}

/** `/admin/users.csv` with a search's text and filters: the whole filtered list, as CSV. */
export function userExportHref({ q, access, cohort, progress, track }: Omit<UserSearch, 'page'>) {
  return `/admin/users.csv${queryString({ q, access, cohort, progress, track })}`;
}

/** The query string for a search, its filters and page, leaving out defaults. */
export function userSearchQuery({ page, ...search }: UserSearch): string {
  return queryString({ ...search, page: pageParam(page) });
}
