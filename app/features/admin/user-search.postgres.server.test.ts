import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/database.server';
import { createTestDatabase, testEngine } from '../../../tests/support/test-database';
import { containsText } from './user-search.server';

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
});
