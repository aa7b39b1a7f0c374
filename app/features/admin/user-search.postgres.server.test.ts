import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/database.server';
import { NUMBERED_STEPS } from '~/features/progress/progress';
import { createTestDatabase, testEngine } from '../../../tests/support/test-database';
import { containsText, matchingUsers, searchUsers } from './user-search.server';

/** At this size the planner prefers the trigram indexes to a scan. */
const USERS = 100_000;

describe.skipIf(testEngine() !== 'postgres')('admin search on PostgreSQL at scale', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    // generate_series keeps seeding 100,000 rows to about a second.
    await sql`
      insert into users (id, name, email, created_at)
      select 'scale-' || n,
             (array['Ada','Tunde','Chioma','Grace','Alan','Maria','Kemi'])[1 + n % 7] || ' ' ||
               (array['Okafor','Smith','Nguyen','Garcia','Bello'])[1 + n % 5] || ' ' || n,
             'user' || n || '@' || (array['gmail.com','yahoo.com','school.edu'])[1 + n % 3],
             to_char(timestamp '2025-01-01' + n * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      from generate_series(1, ${sql.lit(USERS)}) as n
    `.execute(handle.db);
    await sql`analyze users`.execute(handle.db);
  });
  afterAll(() => handle?.close());

  it('serves the case-insensitive substring search from the trigram indexes', async () => {
    const query = handle.db
      .selectFrom('users')
      .where(containsText(handle.db, 'OKAFOR 123'))
      .select((eb) => eb.fn.countAll().as('count'))
      .compile();
    const plan = await handle.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Bitmap Index Scan on users_search_key_trgm/);
    const { count } = await handle.db
      .selectFrom('users')
      .where(containsText(handle.db, 'OKAFOR 123'))
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBeGreaterThan(0);
  });

  it('reads a rare access filter through its index, and counts filtered searches exactly', async () => {
    await sql`update users set access = 'admin' where id in ('scale-7', 'scale-70007')`.execute(
      handle.db,
    );
    await sql`update users set access = 'level-1', cohort = 'cohort-1' where id like 'scale-%3'`.execute(
      handle.db,
    );
    await sql`analyze users`.execute(handle.db);
    const query = matchingUsers(handle.db, { q: '', access: 'admin' }, 'none')
      .select((eb) => eb.fn.countAll().as('count'))
      .compile();
    const plan = await handle.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/users_access/);
    const admins = await searchUsers(handle.db, { q: '', access: 'admin', page: 1 });
    expect(admins.users.map((user) => user.id)).toEqual(['scale-70007', 'scale-7']);

    for (const search of [
      { q: 'okafor 12', access: 'level-1' as const },
      { q: 'a', access: 'none' as const, cohort: 'none' },
      { q: 'gmail', cohort: 'cohort-1' },
    ]) {
      let plain = handle.db.selectFrom('users').where(containsText(handle.db, search.q));
      if (search.access) plain = plain.where('access', '=', search.access);
      if (search.cohort) plain = plain.where('cohort', '=', search.cohort);
      const { count } = await plain
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      const page = await searchUsers(handle.db, { ...search, page: 3 });
      expect({ search, total: page.total }).toEqual({ search, total: Number(count) });
      expect(page.users.every((user) => user.access === (search.access ?? user.access))).toBe(true);
    }
  });

  it('filters by "completed all" and shows N/8, counted exactly at scale', async () => {
    const slugs = NUMBERED_STEPS.map((step) => step.slug);
    // Every tenth user completed all eight steps, every seventh the last seven of them (and
    // a step without a number, which does not count): those that are both did all eight.
    await sql`
      insert into step_completions (user_id, step, completed_at)
      select 'scale-' || n, step, '2026-03-01T00:00:00.000Z'
      from generate_series(1, ${sql.lit(USERS)}) as n,
           unnest(${sql.val(slugs)}::text[]) with ordinality as s(step, i)
      where n % 10 = 0 or (n % 7 = 0 and i > 1)
      union all
      select 'scale-' || n, 'home', '2026-03-01T00:00:00.000Z'
      from generate_series(7, ${sql.lit(USERS)}, 7) as n
    `.execute(handle.db);
    await sql`analyze step_completions`.execute(handle.db);

    for (const search of [
      { q: '' },
      { q: 'okafor 12' },
      { q: 'a', access: 'level-1' as const },
      { q: 'gmail', cohort: 'cohort-1' },
      { q: '', access: 'admin' as const },
    ]) {
      const { count } = await handle.db
        .selectFrom('users')
        .where(containsText(handle.db, search.q))
        .$if(search.access !== undefined, (query) => query.where('access', '=', search.access!))
        .$if(search.cohort !== undefined, (query) => query.where('cohort', '=', search.cohort!))
        .where((eb) =>
          eb(
            'id',
            'in',
            eb
              .selectFrom('step_completions')
              .select('user_id')
              .where('step', 'in', slugs)
              .groupBy('user_id')
              .having((having) => having.fn.countAll(), '=', slugs.length),
          ),
        )
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      const page = await searchUsers(handle.db, { ...search, progress: 'complete', page: 2 });
      expect({ search, total: page.total }).toEqual({ search, total: Number(count) });
      expect(page.users.every((user) => user.progress === 8)).toBe(true);
      for (const user of page.users) expect(Number(user.id.slice(6)) % 10).toBe(0);
    }
    // 10,000 did all eight; scale-70007 (an admin) did the seven after the first.
    expect((await searchUsers(handle.db, { q: '', progress: 'complete', page: 1 })).total).toBe(
      USERS / 10,
    );
    const seventy = await searchUsers(handle.db, { q: 'okafor 70', page: 1 });
    const shown = new Map(seventy.users.map((user) => [user.id, user.progress]));
    for (const [id, progress] of shown) {
      const n = Number(id.slice(6));
      expect({ id, progress }).toEqual({ id, progress: n % 10 === 0 ? 8 : n % 7 === 0 ? 7 : 0 });
    }
  });
});
