import { z } from 'zod';

/** SPEC §9: ten users a page. */
export const USERS_PAGE_SIZE = 10;
export const SEARCH_MAX_LENGTH = 100;

/**
 * `?q=&page=` of the admin list. Bad values fall back instead of failing: a hand-edited URL
 * still shows a list.
 */
export const userSearchSchema = z.object({
  q: z
    .string()
    .trim()
    // Control characters cannot be typed into the box; PostgreSQL's search key uses one.
    .transform((value) => [...value].filter((c) => c.charCodeAt(0) >= 0x20).join(''))
    .transform((value) => value.slice(0, SEARCH_MAX_LENGTH))
    .catch(''),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});
export type UserSearch = z.infer<typeof userSearchSchema>;

export function parseUserSearch(params: URLSearchParams): UserSearch {
  return userSearchSchema.parse({ q: params.get('q') ?? '', page: params.get('page') ?? 1 });
}

/** The query string for a search and page, leaving out defaults. */
export function userSearchQuery({ q, page }: UserSearch): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}
