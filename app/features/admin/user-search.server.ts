import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { isPostgres } from '~/db/database.server';
import {
  ENROLLED_STATUSES,
  NO_COHORT,
  SEARCH_GRAM_MAX_LENGTH,
  type Database,
  type User,
} from '~/db/schema';
import { NUMBERED_STEPS } from '~/features/progress/progress';
import { hasFilters, type TrackFilter, type UserFilters, type UserSearch } from './user-search';
import { LIST_PAGE_SIZE, pageOf } from '~/ui/list/page-window';

/**
 * A user as the admin list shows them, with their cohort's name, how many of the numbered
 * steps they completed and their track.
 */
export type ListedUser = Pick<
  User,
  'id' | 'name' | 'email' | 'access' | 'cohort' | 'created_at'
> & {
  /** The cohort's name ("Cohort 1"); `none` for no cohort, as SPEC's select names it. */
  cohortName: string;
  progress: number;
  track: TrackFilter;
};

export interface UserPage {
  users: ListedUser[];
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
  return newestPage(db, query, rare, offset);
}

/**
 * The page of `query`'s users that starts at `offset`, newest first. `sorted`: the users are
 * read some other way than down the created_at index and sorted (SQLite's `+created_at`
 * keeps it off that index; PostgreSQL's planner weighs this itself).
 */
function newestPage(
  db: Kysely<Database>,
  query: SelectQueryBuilder<Database, 'users', object>,
  sorted: boolean,
  offset: number,
) {
  const newestFirst = sorted && !isPostgres(db) ? sql`+created_at` : sql.ref('created_at');
  return query
    .select(['id', 'name', 'email', 'access', 'cohort', 'created_at'])
    .orderBy(newestFirst, 'desc')
    .orderBy('id', 'desc')
    .limit(LIST_PAGE_SIZE)
    .offset(offset)
    .execute();
}

/**
 * Case-insensitive substring search on name or e-mail, newest first, one page at a time,
 * with the exact number of matches. A page past the end shows the last page. With an
 * access or cohort filter, see `searchFilteredUsers`.
 */
export async function searchUsers(db: Kysely<Database>, search: UserSearch): Promise<UserPage> {
  if (hasFilters(search)) return searchFilteredUsers(db, search);
  const { matches: total, everyone, length } = await countMatches(db, search.q);
  const { page, pageCount, offset } = pageOf(total, search.page, LIST_PAGE_SIZE);
  if (total === 0) return { users: [], total, page, pageCount, firstNumber: 1 };
  const expectedWalk = ((offset + LIST_PAGE_SIZE) * everyone) / total;
  const rare = expectedWalk > WALK_ROWS_LIMIT;
  const users = await withListColumns(db, await pageOfMatches(db, search.q, length, rare, offset));
  return { users, total, page, pageCount, firstNumber: offset + 1 };
}

// --- progress -------------------------------------------------------------------------------

/** The slugs of the eight numbered steps: only these count towards a user's progress. */
const NUMBERED_SLUGS: readonly string[] = NUMBERED_STEPS.map((step) => step.slug);

/**
 * `users` with how many of the numbered steps each completed, read for the whole page in one
 * grouped query (the step_completions primary key starts with user_id), their track, and
 * their cohort's name. The names are read for the page's ten users once the page is chosen
 * (the cohorts' primary key), so the search and its plans never touch `cohorts`.
 */
export async function withListColumns<Row extends { id: string; cohort: string }>(
  db: Kysely<Database>,
  users: Row[],
): Promise<(Row & Pick<ListedUser, 'cohortName' | 'progress' | 'track'>)[]> {
  if (users.length === 0) return [];
  const rows = await db
    .selectFrom('step_completions')
    .select((eb) => ['user_id', eb.fn.countAll<number | string>().as('done')])
    .where(
      'user_id',
      'in',
      users.map((user) => user.id),
    )
    .where('step', 'in', NUMBERED_SLUGS)
    .groupBy('user_id')
    .execute();
  const done = new Map(rows.map((row) => [row.user_id, Number(row.done)]));
  const tracks = await tracksOf(
    db,
    users.map((user) => user.id),
  );
  const cohortNames = await cohortNamesOf(
    db,
    users.map((user) => user.cohort),
  );
  return users.map((user) => ({
    ...user,
    cohortName: cohortNames.get(user.cohort) ?? user.cohort,
    progress: done.get(user.id) ?? 0,
    track: tracks.get(user.id) ?? 'none',
  }));
}

/** The names of `cohortIds` (`none` is no cohort's: it keeps its word). */
async function cohortNamesOf(
  db: Kysely<Database>,
  cohortIds: string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(cohortIds)].filter((id) => id !== NO_COHORT);
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('cohorts')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The track of each of `userIds` that holds an active (or overdue) enrolment. */
async function tracksOf(
  db: Kysely<Database>,
  userIds: string[],
): Promise<Map<string, TrackFilter>> {
  const rows = await db
    .selectFrom('enrolments')
    .select(['user_id', 'track'])
    .where('user_id', 'in', userIds)
    .where('status', 'in', ENROLLED_STATUSES)
    .execute();
  const tracks = new Map<string, TrackFilter>();
  // FullStack includes FrontEnd: a person with both is FullStack.
  for (const row of rows)
    if (tracks.get(row.user_id) !== 'fullstack') tracks.set(row.user_id, row.track);
  return tracks;
}

/** Whether the user holds an active enrolment (of the FullStack track, when `onlyFullstack`). */
export function enrolled(onlyFullstack: boolean) {
  return sql<SqlBool>`exists (select 1 from enrolments where enrolments.user_id = ${sql.ref('users.id')} and enrolments.status in (${sql.join(ENROLLED_STATUSES)})${onlyFullstack ? sql` and enrolments.track = 'fullstack'` : sql``})`;
}

/**
 * The users on a track (`track=`): an active FullStack enrolment; an active one and none of
 * them FullStack; none at all. Read through `enrolments_user_id` for each user a filter
 * keeps, or planned as a semi-join by PostgreSQL.
 */
export function onTrack(track: TrackFilter) {
  if (track === 'fullstack') return enrolled(true);
  if (track === 'none') return sql<SqlBool>`not ${enrolled(false)}`;
  return sql<SqlBool>`${enrolled(false)} and not ${enrolled(true)}`;
}

/**
 * The users who completed every numbered step. Each (user, step) is stored once (the primary
 * key), so eight of the eight slugs means all of them. SQLite works the subquery out once
 * into a temporary index and tests each user against it, or reads the users it names through
 * the primary key when that is cheaper; PostgreSQL plans it as a semi-join.
 */
function completedAll() {
  return sql<SqlBool>`${sql.ref('users.id')} in (select user_id from step_completions where step in (${sql.join(
    NUMBERED_SLUGS,
  )}) group by user_id having count(*) = ${sql.lit(NUMBERED_SLUGS.length)})`;
}

// --- access, cohort and progress filters ---------------------------------------------------

/**
 * Which index, if any, SQLite should read the filtered users through: `access` or `cohort`
 * (users_access, users_cohort) when that filter keeps few enough users, else `none`: the
 * table is scanned, or the created_at index walked. SQLite has no statistics here and would
 * take any index an equality offers, which for `access = 'none'` (most users) costs twice a
 * scan. PostgreSQL's planner weighs this itself from its statistics.
 */
export type FilterIndex = 'access' | 'cohort' | 'none';

/**
 * The filters as conditions. On SQLite, a filter whose column is not `index` is written
 * `+column`, which keeps SQLite off that column's index. `progress=complete` keeps the users
 * who completed all eight numbered steps (`completedAll`).
 */
export function filterConditions(
  db: Kysely<Database>,
  search: UserFilters,
  index: FilterIndex,
): Expression<SqlBool>[] {
  const postgres = isPostgres(db);
  const conditions: Expression<SqlBool>[] = [];
  for (const column of ['access', 'cohort'] as const) {
    const value = search[column];
    if (value === undefined) continue;
    const ref = postgres || index === column ? sql.ref(column) : sql`+${sql.ref(column)}`;
    conditions.push(sql<SqlBool>`${ref} = ${value}`);
  }
  if (search.progress === 'complete') conditions.push(completedAll());
  if (search.track) conditions.push(onTrack(search.track));
  return conditions;
}

/** How many users there are, kept by the database (migration 006). */
async function countEveryone(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('user_search_grams')
    .select('users')
    .where('gram', '=', '')
    .executeTakeFirst();
  return Number(row?.users ?? 0);
}

/**
 * The index SQLite should read a filtered search through: the filter keeping the fewest
 * users, if it keeps less than half of them (reading a user through an index costs SQLite
 * about twice reading it in a scan). Each filter's size is read from its index alone
 * (users_access and users_cohort cover the count), well under a millisecond to about two
 * at 100,000 users.
 */
async function chooseFilterIndex(
  db: Kysely<Database>,
  search: UserSearch,
  everyone: number,
): Promise<{ index: FilterIndex; size: number }> {
  let best: { index: FilterIndex; size: number } = { index: 'none', size: everyone / 2 };
  if (isPostgres(db)) return best;
  for (const column of ['access', 'cohort'] as const) {
    const value = search[column];
    if (value === undefined) continue;
    const { size } = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('size'))
      .where(column, '=', value)
      .executeTakeFirstOrThrow();
    if (Number(size) < best.size) best = { index: column, size: Number(size) };
  }
  return best;
}

/**
 * The users a search keeps (its text, access, cohort and progress), read as `index` says; the
 * export reads them too.
 */
export function matchingUsers(
  db: Kysely<Database>,
  search: UserFilters & Pick<UserSearch, 'q'>,
  index: FilterIndex,
) {
  let query = db.selectFrom('users');
  for (const condition of filterConditions(db, search, index)) query = query.where(condition);
  if (search.q !== '') query = query.where(containsText(db, search.q));
  return query;
}

/**
 * The search narrowed by access, cohort and progress. The count is exact and counts only users the
 * filters keep: SQLite reads them through the narrower filter's index when it keeps few,
 * else scans the table once (about 10 ms at 100,000 users); PostgreSQL plans it itself.
 * The page is chosen as for the plain search: walking the created_at index newest-first,
 * unless that walk would visit more rows than reading the matches as the count did (the
 * filter's users, or half a table's worth for a scan, which costs SQLite half as much a
 * row) and sorting them.
 */
export async function searchFilteredUsers(
  db: Kysely<Database>,
  search: UserSearch,
): Promise<UserPage> {
  const everyone = await countEveryone(db);
  const { index, size } = await chooseFilterIndex(db, search, everyone);
  const { count } = await matchingUsers(db, search, index)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const { page, pageCount, offset } = pageOf(total, search.page, LIST_PAGE_SIZE);
  if (total === 0) return { users: [], total, page, pageCount, firstNumber: 1 };
  const expectedWalk = ((offset + LIST_PAGE_SIZE) * everyone) / total;
  const rare = expectedWalk > Math.max(WALK_ROWS_LIMIT, size);
  const users = await withListColumns(
    db,
    await newestPage(db, matchingUsers(db, search, rare ? index : 'none'), rare, offset),
  );
  return { users, total, page, pageCount, firstNumber: offset + 1 };
}
