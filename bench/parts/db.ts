/**
 * Admin search: `searchUsers` (what the admin list's loader calls) timed over a mix of
 * searches at 1,000, 10,000 and 100,000 seeded users, a fresh database per size and engine.
 */
import { openDatabase, type Engine } from '~/db/database.server';
import { searchUsers } from '~/features/admin/user-search.server';
import { envInteger, errorText, log, round, summarize, type Summary } from '../lib/common';
import { captureQueries, explain, EXPLAIN } from '../lib/explain';
import { ensurePostgres, freshDatabase } from '../lib/postgres';
import { seedUsers } from '../lib/processes';
import { count, definePart, engineName, ms, NA, row, table, verdict } from '../lib/report';

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

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

async function measure(url: string, users: number, rounds: number, withPlans: boolean) {
  const database = openDatabase(url);
  try {
    const matches = new Map<string, number>();
    // Warm-up: the first queries pay for connections, statement preparation and cold pages.
    for (let i = 0; i < 3; i += 1) {
      for (const search of SEARCHES) {
        matches.set(search.q, (await searchUsers(database.db, { q: search.q, page: 1 })).total);
      }
    }
    const times = new Map<string, number[]>(SEARCHES.map((search) => [search.q, []]));
    for (let i = 0; i < rounds; i += 1) {
      for (const search of shuffled(SEARCHES)) {
        const started = performance.now();
        await searchUsers(database.db, { q: search.q, page: 1 });
        times.get(search.q)?.push(performance.now() - started);
      }
    }
    const perSearch: { label: string; q: string; matches: number; ms: Summary; plan?: string }[] =
      [];
    for (const { label, q } of SEARCHES) {
      // How the engine runs the count (the expensive half), at the largest size only.
      const plan = withPlans
        ? await captureQueries(database.db, (spy) => searchUsers(spy, { q, page: 1 }))
            .then((queries) => {
              const query = queries.find((sql) => /count\(/i.test(sql.sql)) ?? queries[0];
              return query ? explain(database, query) : '?';
            })
            .catch(errorText)
        : undefined;
      const ms = summarize(times.get(q) ?? []);
      perSearch.push({ label, q, matches: matches.get(q) ?? 0, ms, plan });
    }
    return { all: summarize([...times.values()].flat()), perSearch };
  } finally {
    await database.close();
  }
}

async function runEngine(engine: Engine, sizes: number[], rounds: number) {
  const result: {
    engine: Engine;
    skipped?: string;
    error?: string;
    sizes: ({ users: number; seedSeconds: number } & Awaited<ReturnType<typeof measure>>)[];
  } = { engine, sizes: [] };
  result.skipped = engine === 'postgres' ? await ensurePostgres() : undefined;
  if (result.skipped) return result;
  try {
    for (const users of sizes) {
      const { url, drop } = await freshDatabase(engine, `db${users}`);
      log(`db: ${engine}, seeding ${users} users`);
      const seedSeconds = await seedUsers(url, users);
      log(`db: ${engine}, ${users} users seeded in ${seedSeconds.toFixed(1)} s; searching`);
      const withPlans = EXPLAIN && users === Math.max(...sizes);
      const measured = await measure(url, users, rounds, withPlans);
      log(
        `db: ${engine} ${users}: p50 ${measured.all.p50.toFixed(2)} ms, p95 ${measured.all.p95.toFixed(2)} ms`,
      );
      result.sizes.push({ users, seedSeconds: round(seedSeconds, 1), ...measured });
      await drop();
    }
  } catch (error) {
    result.error = errorText(error);
    log(`db: ${engine} failed: ${result.error}`);
  }
  return result;
}

async function run() {
  const sizes = (process.env.BENCH_DB_SIZES ?? '1000,10000,100000')
    .split(',')
    .map((text) => Number(text.trim()))
    .filter((value) => Number.isInteger(value) && value > 0);
  const rounds = envInteger('BENCH_DB_ROUNDS', 200);
  const engines = [
    await runEngine('sqlite', sizes, rounds),
    await runEngine('postgres', sizes, rounds),
  ];
  return { roundsPerSize: rounds, sizes, engines };
}
type DbResult = Awaited<ReturnType<typeof run>>;

function judge(db: DbResult | undefined) {
  return (['sqlite', 'postgres'] as const).map((engine) => {
    const label = `Admin search at 100,000 users, ${engineName(engine)}: p95 < ${BUDGET_P95_MS[engine]} ms`;
    if (!db) return row(label, '', NA);
    const result = db.engines.find((e) => e.engine === engine);
    const size = result?.sizes.find((s) => s.users === BUDGET_USERS);
    if (!result || !size) {
      return row(
        label,
        result?.skipped ?? result?.error ?? 'no 100,000-user figure in this run',
        NA,
      );
    }
    const slowest = [...size.perSearch].sort((a, b) => b.ms.p95 - a.ms.p95)[0];
    return row(
      label,
      `p95 ${ms(size.all.p95)} over the mix (p50 ${ms(size.all.p50)}, p99 ${ms(size.all.p99)})` +
        (slowest ? `; slowest search ${slowest.label}: p95 ${ms(slowest.ms.p95)}` : ''),
      verdict(size.all.p95 < BUDGET_P95_MS[engine]),
    );
  });
}

function details(db: DbResult) {
  const searches = db.engines.flatMap((e) => e.sizes)[0]?.perSearch ?? [];
  const rows = db.engines.flatMap((engine) => {
    if (engine.skipped || (engine.error && engine.sizes.length === 0)) {
      const reason = `skipped: ${engine.skipped ?? engine.error}`;
      return [[engine.engine, '–', '–', reason, '', '', ...searches.map(() => '')]];
    }
    return [
      ...engine.sizes.map((size) => [
        engine.engine,
        count(size.users),
        `${size.seedSeconds.toFixed(1)} s`,
        ms(size.all.p50, 2),
        ms(size.all.p95, 2),
        ms(size.all.p99, 2),
        ...size.perSearch.map((s) => `${s.ms.p95.toFixed(2)} (${count(s.matches)})`),
      ]),
      ...(engine.error ? [[engine.engine, '–', '–', `error: ${engine.error}`, '', '']] : []),
    ];
  });
  const lines = [
    table(
      [
        'engine',
        'users',
        'seed',
        'p50',
        'p95',
        'p99',
        ...searches.map((s) => `p95 ms ${s.label} (matches)`),
      ],
      rows,
    ),
    '',
    `${db.roundsPerSize} rounds per size, each round every search once in shuffled order ` +
      `(${db.roundsPerSize * searches.length} timed calls per size, after 3 warm-up rounds); ` +
      'p50/p95/p99 are over the whole mix. A fresh database per size, filled by `npm run db:seed-bench`.',
    '',
  ];
  for (const engine of db.engines) {
    const largest = engine.sizes.at(-1);
    const plans = largest?.perSearch.filter((search) => search.plan);
    if (!largest || !plans?.length) continue;
    lines.push(
      `How ${engine.engine} runs the count at ${count(largest.users)} users (EXPLAIN):`,
      '',
      ...plans.map((search) => `- ${search.label}: \`${search.plan}\``),
      '',
    );
  }
  return lines.join('\n');
}

export default definePart({
  title: 'Database: admin search',
  needsBuild: false,
  run,
  judge,
  details,
});
