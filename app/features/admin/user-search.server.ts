import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { SEARCH_GRAM_MAX_LENGTH, type Database, type User } from '~/db/schema';
import { pageOf } from './page-window';
import { USERS_PAGE_SIZE, type UserSearch } from './user-search';

export interface UserPage {
  users: Pick<User, 'id' | 'name' | 'email' | 'access' | 'cohort' | 'created_at'>[];
  total: number;
  page: number;
  pageCount: number;
  /** The s/n of the first row on this page. */
  firstNumber: number;
}

/**
 * How many rows a newest-first walk of the created_at index may be expected to visit before
 * a cheaper plan is worth it: past this, the matches are rare enough to fetch them all
 * through the trigram index (or, for one or two characters, a scan) and sort them.
 */
const WALK_ROWS_LIMIT = 2_000;

function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** `%`, `_` and `\` typed by the admin match themselves. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Users whose name or e-mail contains `text`, regardless of case. PostgreSQL matches its
 * stored, lower-cased `search_key` (migration 005), which its trigram index serves. SQLite's
 * LIKE already ignores the case of ASCII letters, the same folding as its lower() in the
 * `search_key` that migration 006 counts, so it tests the bare columns and spares every
 * scanned row a lower().
 */
export function containsText(db: Kysely<Database>, text: string) {
  const pattern = likePattern(text);
  if (isPostgres(db)) return sql<boolean>`search_key like lower(${pattern}) escape '\\'`;
  return sql<boolean>`(name like ${pattern} escape '\\' or email like ${pattern} escape '\\')`;
}

/** SQLite FTS5: the lower-cased text as one phrase, which its trigram index matches as a substring. */
function sqliteTrigramPhrase(text: string) {
  return sql<string>`'"' || replace(lower(${text}), '"', '""') || '"'`;
}

/**
 * The exact number of users matching `text`, of all users, and the length of the lowered
 * text (what the trigram indexes go by). Up to three characters both counts
 * are kept by the database (migration 006); a longer text is counted through the trigram
 * index, which reads only the users holding its trigrams.
 */
export async function countMatches(
  db: Kysely<Database>,
  text: string,
): Promise<{ matches: number; everyone: number; length: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('user_search_grams')
        .select('users')
        .where('gram', '=', sql<string>`lower(${text})`)
        .as('matches'),
      eb.selectFrom('user_search_grams').select('users').where('gram', '=', '').as('everyone'),
      sql<number>`length(lower(${text}))`.as('length'),
    ])
    .executeTakeFirstOrThrow();
  const everyone = Number(row.everyone ?? 0);
  const length = Number(row.length);
  if (length <= SEARCH_GRAM_MAX_LENGTH) {
    return { matches: Number(row.matches ?? 0), everyone, length };
  }
  const counted = isPostgres(db)
    ? sql<{ count: string }>`select count(*) as count from users where ${containsText(db, text)}`
    : sql<{
        count: number;
      }>`select count(*) as count from users_fts where users_fts match ${sqliteTrigramPhrase(text)}`;
  const { rows } = await counted.execute(db);
  return { matches: Number(rows[0]?.count ?? 0), everyone, length };
}

/**
 * One page of matches, newest first. Common matches come from walking the created_at index
 * and testing each row, which stops after a page's worth. Rare ones would make that walk
 * visit most of the table, so they are fetched whole and sorted instead (SQLite's
 * `+created_at` keeps it off the index; PostgreSQL's planner weighs this itself).
 */
function pageOfMatches(
  db: Kysely<Database>,
  text: string,
  length: number,
  rare: boolean,
  offset: number,
) {
  let query = db.selectFrom('users');
  if (text !== '') {
    query =
      rare && !isPostgres(db) && length >= 3
        ? query.where(
            'id',
            'in',
            sql<string>`(select user_id from users_fts where users_fts match ${sqliteTrigramPhrase(text)})`,
          )
        : query.where(containsText(db, text));
  }
  const newestFirst = rare && !isPostgres(db) ? sql`+created_at` : sql.ref('created_at');
  return query
    .select(['id', 'name', 'email', 'access', 'cohort', 'created_at'])
    .orderBy(newestFirst, 'desc')
    .orderBy('id', 'desc')
    .limit(USERS_PAGE_SIZE)
    .offset(offset)
    .execute();
}

/**
 * Case-insensitive substring search on name or e-mail, newest first, one page at a time,
 * with the exact number of matches. A page past the end shows the last page.
 */
export async function searchUsers(db: Kysely<Database>, search: UserSearch): Promise<UserPage> {
  const { matches: total, everyone, length } = await countMatches(db, search.q);
  const { page, pageCount, offset } = pageOf(total, search.page, USERS_PAGE_SIZE);
  if (total === 0) return { users: [], total, page, pageCount, firstNumber: 1 };
  const expectedWalk = ((offset + USERS_PAGE_SIZE) * everyone) / total;
  const rare = expectedWalk > WALK_ROWS_LIMIT;
  const users = await pageOfMatches(db, search.q, length, rare, offset);
  return { users, total, page, pageCount, firstNumber: offset + 1 };
}
