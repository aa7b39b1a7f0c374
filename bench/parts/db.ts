/** Admin search: `searchUsers` over a mix of searches at 1,000 to 100,000 seeded users. */
import type { CompiledQuery } from 'kysely';
import { openDatabase, type Engine } from '~/db/database.server';
import { searchUsers } from '~/features/admin/user-search.server';
import { envInteger, errorText, log, summarize } from '../lib/common';
import { captureQueries, explain, EXPLAIN } from '../lib/explain';
import { onBothEngines } from '../lib/postgres';
import { seedUsers } from '../lib/processes';
import * as r from '../lib/report';

const BUDGET_USERS = 100_000;
const BUDGET_P95_MS: Record<Engine, number> = { sqlite: 25, postgres: 10 };
const SEARCHES = [
  { label: 'empty (all users)', q: '' },
  { label: "common substring 'an'", q: 'an' },
  { label: "name part 'ada'", q: 'ada' },
  { label: "e-mail domain part 'gmail'", q: 'gmail' },
  { label: "a miss 'zqxj'", q: 'zqxj' },
  { label: "literal '%'", q: '%' },
] as const;

/** The searches in random order. */
const shuffled = () =>
  SEARCHES.map((search) => ({ search, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ search }) => search);

async function measureSize(url: string, rounds: number, withPlans: boolean) {
  const database = openDatabase(url);
  const search = (q: string, db = database.db) => searchUsers(db, { q, page: 1 });
  try {
    const matches = new Map<string, number>();
    // Warm-up: the first queries pay for connections, statement preparation and cold pages.
    for (let i = 0; i < 3; i += 1) {
      for (const { q } of SEARCHES) matches.set(q, (await search(q)).total);
    }
    const times = new Map<string, number[]>(SEARCHES.map(({ q }) => [q, []]));
    for (let i = 0; i < rounds; i += 1) {
      for (const { q } of shuffled()) {
        const started = performance.now();
        await search(q);
        times.get(q)?.push(performance.now() - started);
      }
    }
    const perSearch = [];
    for (const { label, q } of SEARCHES) {
      // How the engine counts the users (the expensive half; the kept count up to 3 letters).
      const counting = (queries: CompiledQuery[]) =>
        queries.find((query) => /count\(\*\) as count from users/i.test(query.sql)) ?? queries[0]!;
      const plan = withPlans
        ? await captureQueries(database.db, (spy) => search(q, spy))
            .then((queries) => explain(database, counting(queries)))
            .catch(errorText)
        : undefined;
      perSearch.push({ label, matches: matches.get(q) ?? 0, ms: summarize(times.get(q)!), plan });
    }
    return { all: summarize([...times.values()].flat()), perSearch };
  } finally {
    await database.close();
  }
}

async function run() {
  const sizes = (process.env.BENCH_DB_SIZES ?? '1000,10000,100000')
    .split(',')
    .map((text) => Number(text.trim()))
    .filter((value) => Number.isInteger(value) && value > 0);
  const rounds = envInteger('BENCH_DB_ROUNDS', 200);
  const engines = await onBothEngines('db', async (engine, fresh) => {
    const measured = [];
    for (const users of sizes) {
      const url = await fresh();
      log(`db: ${engine}, seeding ${users} users`);
      await seedUsers(url, users);
      const size = await measureSize(url, rounds, EXPLAIN && users === Math.max(...sizes));
      measured.push({ users, ...size });
    }
    return { sizes: measured };
  });
  return { roundsPerSize: rounds, engines };
}
type DbResult = Awaited<ReturnType<typeof run>>;

function judge(db: DbResult | undefined) {
  return r.perEngine(
    db?.engines,
    [(name, e) => `Admin search at 100,000 users, ${name}: p95 < ${BUDGET_P95_MS[e]} ms`],
    (e) => {
      const size = e.sizes?.find((s) => s.users === BUDGET_USERS);
      if (!size) return [{ measured: 'no 100,000-user figure in this run', status: r.NA }];
      const slowest = [...size.perSearch].sort((a, b) => b.ms.p95 - a.ms.p95)[0];
      return [
        r.judged(
          `p95 ${r.ms(size.all.p95)} over the mix (p50 ${r.ms(size.all.p50)}, p99 ${r.ms(size.all.p99)})` +
            (slowest ? `; slowest search ${slowest.label}: p95 ${r.ms(slowest.ms.p95)}` : ''),
          size.all.p95 < BUDGET_P95_MS[e.engine],
        ),
      ];
    },
  );
}

function details(db: DbResult) {
  const sizes = db.engines.flatMap((e) => (e.sizes ?? []).map((size) => ({ e, ...size })));
  const searches = sizes[0]?.perSearch ?? [];
  const lines = [
    r.table(sizes, [
      ['engine', (s) => s.e.engine],
      ['users', (s) => r.count(s.users)],
      ['p50 / p95 / p99', (s) => r.msOf(s.all, ['p50', 'p95', 'p99'], 2)],
      ...searches.map(({ label }, i): [string, (s: (typeof sizes)[number]) => string] => [
        `p95 ms ${label} (matches)`,
        (s) => `${s.perSearch[i]!.ms.p95.toFixed(2)} (${r.count(s.perSearch[i]!.matches)})`,
      ]),
    ]),
    r.unmeasured(db.engines),
    `${db.roundsPerSize} rounds per size of every search in shuffled order; p50/p95/p99 over the whole mix.`,
  ];
  for (const { engine, sizes } of db.engines) {
    const largest = sizes?.at(-1);
    const plans = largest?.perSearch.flatMap((s) =>
      s.plan ? [`- ${s.label}: \`${s.plan}\``] : [],
    );
    if (!largest || !plans?.length) continue;
    lines.push(`How ${engine} runs the count at ${r.count(largest.users)} users (EXPLAIN):`);
    lines.push(plans.join('\n'));
  }
  return lines.join('\n\n');
}

const title = 'Database: admin search';
export default r.definePart({ title, needsBuild: false, run, judge, details });
