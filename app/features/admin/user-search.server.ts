import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database, User } from '~/db/schema';
import { USERS_PAGE_SIZE, type UserSearch } from './user-search';

export interface UserPage {
  users: Pick<User, 'id' | 'name' | 'email' | 'access' | 'cohort' | 'created_at'>[];
  total: number;
  page: number;
  pageCount: number;
  /** The s/n of the first row on this page. */
  firstNumber: number;
}

/** `%`, `_` and `\` typed by the admin match themselves. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Walking the created_at index newest-first finds a page of common matches after a few
 * rows, but visits the whole table (row by row) for rare ones. When the page lies past a
 * quarter of the expected walk, SQLite is told to scan and sort instead: `+created_at`
 * keeps it off the index, and its top-N sort is cheap. PostgreSQL plans this itself.
 */
function newestFirstKey(db: Kysely<Database>, fractionWalked: number) {
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  return sqlite && fractionWalked > 0.25 ? sql`+created_at` : sql.ref('created_at');
}

/**
 * Users whose name or e-mail contains `text`, regardless of case (all users for '').
 * PostgreSQL matches its stored, lower-cased `search_key` (migration 005), which one trigram
 * index serves. SQLite's LIKE is already case-insensitive (for ASCII letters), so it matches
 * the bare columns: calling lower() on every row would double the cost of its scan.
 */
export function matchingUsers(db: Kysely<Database>, text: string) {
  if (text === '') return db.selectFrom('users');
  const pattern = sql<string>`${likePattern(text)} escape '\\'`;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return db.selectFrom('users').where(sql.ref('search_key'), 'like', pattern);
  }
  return db
    .selectFrom('users')
    .where((eb) => eb.or([eb('name', 'like', pattern), eb('email', 'like', pattern)]));
}

/**
 * Case-insensitive substring search on name or e-mail, newest first, one page at a time.
 * A page past the end shows the last page.
 */
export async function searchUsers(db: Kysely<Database>, search: UserSearch): Promise<UserPage> {
  const base = matchingUsers(db, search.q);
  const { count } = await base
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const page = Math.min(search.page, pageCount);
  if (total === 0) return { users: [], total, page, pageCount, firstNumber: 1 };
  const offset = (page - 1) * USERS_PAGE_SIZE;
  const users = await base
    .select(['id', 'name', 'email', 'access', 'cohort', 'created_at'])
    .orderBy(newestFirstKey(db, (offset + USERS_PAGE_SIZE) / total), 'desc')
    .orderBy('id', 'desc')
    .limit(USERS_PAGE_SIZE)
    .offset(offset)
    .execute();
  return { users, total, page, pageCount, firstNumber: offset + 1 };
}
