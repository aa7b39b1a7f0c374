import { z } from 'zod';

/** SPEC §9: ten users a page. */
export const USERS_PAGE_SIZE = 10;
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

/**
 * `?q=&page=` of the admin list. Bad values fall back instead of failing: a hand-edited URL
 * still shows a list.
 */
export const userSearchSchema = z.object({ q: searchTextSchema, page: pageNumberSchema });
export type UserSearch = z.infer<typeof userSearchSchema>;

export function parseUserSearch(params: URLSearchParams): UserSearch {
  return userSearchSchema.parse({ q: params.get('q') ?? '', page: params.get('page') ?? 1 });
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

/** The query string for a search and page, leaving out defaults. */
export function userSearchQuery({ q, page }: UserSearch): string {
  return queryString({ q, page: pageParam(page) });
}
