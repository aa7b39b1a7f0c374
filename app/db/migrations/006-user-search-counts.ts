import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The admin list shows an exact count of the users matching its search. Counting matches
 * for one to three characters (`a`, `an`, `ada`, `%`) meant reading every user, since no
 * index serves a substring that short; at 100,000 users that took 20–50 ms.
 *
 * `user_search_grams` therefore keeps, for every string of up to three characters, how
 * many users' search keys contain it (the empty string counts every user). Triggers keep it
 * exact on every insert, update and delete, whoever writes, in the writing transaction.
 * Longer searches are counted through a trigram index: PostgreSQL's GIN index from
 * migration 005, and on SQLite an FTS5 trigram table added here.
 *
 * Both engines now hold a lower-cased `search_key` (name, a control character that search
 * text never contains, e-mail); SQLite's lower() folds ASCII letters only.
 */
/** A migration is history: its value stays here even if the app's ever changes. */
const SEARCH_GRAM_MAX_LENGTH = 3;

/** SQLite triggers cannot use recursive queries; a table of positions stands in for one. */
const SQLITE_MAX_KEY_LENGTH = 1024;

/** The distinct grams of one SQLite key expression (a column or `new.`/`old.` value). */
function sqliteGramsOf(key: string) {
  const k = sql.raw(key);
  return sql`
    select '' as gram
    union
    select substr(${k}, p.position, l.position)
    from search_key_positions p
    join search_key_positions l on l.position <= ${sql.lit(SEARCH_GRAM_MAX_LENGTH)}
    where p.position <= length(${k}) - l.position + 1
      and instr(substr(${k}, p.position, l.position), char(1)) = 0
  `;
}

function sqliteCountGrams(key: string, delta: 1 | -1) {
  return sql`
    insert into user_search_grams (gram, users)
    select gram, ${sql.lit(delta)} from (${sqliteGramsOf(key)}) where true
    on conflict (gram) do update set users = users + excluded.users
  `;
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users add column search_key text
      generated always as (lower(name) || char(1) || lower(email)) virtual
  `.execute(db);
  await sql`create table search_key_positions (position integer primary key)`.execute(db);
  await sql`
    insert into search_key_positions (position)
    with recursive n (position) as (
      select 1 union all select position + 1 from n where position < ${sql.lit(SQLITE_MAX_KEY_LENGTH)}
    )
    select position from n
  `.execute(db);
  await sql`
    create table user_search_grams (
      gram text primary key,
      users integer not null
    ) without rowid
  `.execute(db);
  await sql`
    insert into user_search_grams (gram, users)
    select gram, count(*) from (
      select distinct u.id, substr(u.search_key, p.position, l.position) as gram
      from users u
      join search_key_positions l on l.position <= ${sql.lit(SEARCH_GRAM_MAX_LENGTH)}
      join search_key_positions p on p.position <= length(u.search_key) - l.position + 1
      where instr(substr(u.search_key, p.position, l.position), char(1)) = 0
      union all
      select id, '' from users
    )
    group by gram
  `.execute(db);
  // The user id rides along unindexed: FTS5 rows are keyed by an integer, and a rowid of
  // `users` (which has a text key) may change on VACUUM.
  await sql`
    create virtual table users_fts using fts5(
      search_key, user_id unindexed, tokenize = 'trigram case_sensitive 1'
    )
  `.execute(db);
  await sql`insert into users_fts (search_key, user_id) select search_key, id from users`.execute(
    db,
  );
  await sql`
    create trigger users_search_after_insert after insert on users begin
      ${sqliteCountGrams('new.search_key', 1)};
      insert into users_fts (search_key, user_id) values (new.search_key, new.id);
    end
  `.execute(db);
  await sql`
    create trigger users_search_after_delete after delete on users begin
      ${sqliteCountGrams('old.search_key', -1)};
      delete from users_fts where user_id = old.id;
    end
  `.execute(db);
  await sql`
    create trigger users_search_after_update after update of name, email on users
    when old.search_key is not new.search_key begin
      ${sqliteCountGrams('old.search_key', -1)};
      ${sqliteCountGrams('new.search_key', 1)};
      delete from users_fts where user_id = old.id;
      insert into users_fts (search_key, user_id) values (new.search_key, new.id);
    end
  `.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // Longer searches probe the trigram index. With fastupdate on, each probe would also read
  // the index's pending list of recent inserts one by one (3–5 ms after 100,000 sign-ups,
  // until the next vacuum); sign-ups are rare enough to update the index directly.
  await sql`alter index users_search_key_trgm set (fastupdate = off)`.execute(db);
  await sql`select gin_clean_pending_list('users_search_key_trgm'::regclass)`.execute(db);
  await sql`
    create table user_search_grams (
      gram text collate "C" primary key,
      users integer not null
    )
  `.execute(db);
  await sql`
    create function user_search_grams_of(key text) returns setof text
    language sql immutable parallel safe as $$
      select ''
      union
      select substr(key, p, l)
      from generate_series(1, ${sql.lit(SEARCH_GRAM_MAX_LENGTH)}) l,
           generate_series(1, length(key) - l + 1) p
      where strpos(substr(key, p, l), chr(1)) = 0
    $$
  `.execute(db);
  await sql`
    insert into user_search_grams (gram, users)
    select gram, count(*) from users, user_search_grams_of(search_key) gram group by gram
  `.execute(db);
  // Statement-level triggers add up a whole multi-row insert before touching the counts,
  // and the sorted upsert takes row locks in one order, so concurrent writers cannot
  // deadlock on them.
  await sql`
    create function users_search_grams_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into user_search_grams (gram, users)
        select gram, count(*) from added, user_search_grams_of(added.search_key) gram
        group by gram order by gram
        on conflict (gram) do update set users = user_search_grams.users + excluded.users;
      elsif tg_op = 'DELETE' then
        insert into user_search_grams (gram, users)
        select gram, -count(*) from removed, user_search_grams_of(removed.search_key) gram
        group by gram order by gram
        on conflict (gram) do update set users = user_search_grams.users + excluded.users;
      else
        insert into user_search_grams (gram, users)
        select gram, sum(delta) from (
          select gram, 1 as delta from added, user_search_grams_of(added.search_key) gram
          union all
          select gram, -1 from removed, user_search_grams_of(removed.search_key) gram
        ) changes
        group by gram having sum(delta) <> 0 order by gram
        on conflict (gram) do update set users = user_search_grams.users + excluded.users;
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger users_search_grams_after_insert after insert on users
    referencing new table as added
    for each statement execute function users_search_grams_sync()
  `.execute(db);
  await sql`
    create trigger users_search_grams_after_delete after delete on users
    referencing old table as removed
    for each statement execute function users_search_grams_sync()
  `.execute(db);
  await sql`
    create trigger users_search_grams_after_update after update on users
    referencing old table as removed new table as added
    for each statement execute function users_search_grams_sync()
  `.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter index users_search_key_trgm reset (fastupdate)`.execute(db);
    for (const operation of ['insert', 'delete', 'update']) {
      await sql`drop trigger users_search_grams_after_${sql.raw(operation)} on users`.execute(db);
    }
    await sql`drop function users_search_grams_sync()`.execute(db);
    await sql`drop function user_search_grams_of(text)`.execute(db);
    await sql`drop table user_search_grams`.execute(db);
    return;
  }
  for (const operation of ['insert', 'delete', 'update']) {
    await sql`drop trigger users_search_after_${sql.raw(operation)}`.execute(db);
  }
  await sql`drop table users_fts`.execute(db);
  await sql`drop table user_search_grams`.execute(db);
  await sql`drop table search_key_positions`.execute(db);
  await sql`alter table users drop column search_key`.execute(db);
}
