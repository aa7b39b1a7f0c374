/**
 * Admin search (`searchUsers`, the function the admin list's loader calls) against 1,000,
 * 10,000 and 100,000 users on SQLite and on PostgreSQL: a fresh database per size, filled
 * by `scripts/db-seed-bench.ts`, then rounds of a fixed mix of searches in shuffled order,
 * each timed from the call to the returned page (count + first page of 10).
 */
import { join } from 'node:path';
import { openDatabase } from '~/db/database.server';
import { CompiledQuery } from 'kysely';
import { searchUsers } from '~/features/admin/user-search.server';
import {
  envNumber,
  errorText,
  log,
  ROOT,
  round,
  summarize,
  tempDir,
  type Summary,
} from './lib/common';
import { createTempDatabase, ensurePostgres } from './lib/postgres';
import { runCommand } from './lib/processes';

export const SEARCHES = [
  { label: 'empty (all users)', q: '' },
  { label: "common substring 'an'", q: 'an' },
  { label: "name part 'ada'", q: 'ada' },
  { label: "e-mail domain part 'gmail'", q: 'gmail' },
  { label: "a miss 'zqxj'", q: 'zqxj' },
  { label: "literal '%'", q: '%' },
] as const;

export interface SearchStats {
  label: string;
  q: string;
  matches: number;
  ms: Summary;
  /** How the engine runs the count (the expensive half), at the largest size only. */
  plan?: string;
}

export interface DbSizeResult {
  users: number;
  seedSeconds: number;
  /** Every timed search of the mix together. */
  all: Summary;
  perSearch: SearchStats[];
}

export interface DbEngineResult {
  engine: 'sqlite' | 'postgres';
  /** Why this engine was skipped, when it was. */
  skipped?: string;
  sizes: DbSizeResult[];
  error?: string;
}

export interface DbResult {
  roundsPerSize: number;
  sizes: number[];
  engines: DbEngineResult[];
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

async function seed(databaseUrl: string, users: number): Promise<number> {
  const started = performance.now();
  await runCommand(
    `db:seed-bench ${users}`,
    join(ROOT, 'node_modules/.bin/tsx'),
    ['scripts/db-seed-bench.ts', String(users)],
    { env: { DATABASE_URL: databaseUrl }, timeoutMs: 300_000 },
  );
  return (performance.now() - started) / 1000;
}

interface PgPlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PgPlanNode[];
}

function describePgPlan(node: PgPlanNode): string {
  const name = node['Index Name']
    ? `${node['Node Type']} ${node['Index Name']}`
    : node['Node Type'];
  const children = (node.Plans ?? []).map(describePgPlan);
  return children.length ? `${name} ← ${children.join(' + ')}` : name;
}

/**
 * The engine's plan for the count query searchUsers runs: the query is captured as the
 * product builds it (a Kysely plugin that compiles what passes through) and handed to
 * EXPLAIN. A diagnostic for the report, not a timing.
 */
async function countPlan(database: ReturnType<typeof openDatabase>, q: string): Promise<string> {
  const captured: CompiledQuery[] = [];
  const spy = database.db.withPlugin({
    transformQuery: (args) => {
      captured.push(database.db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  await searchUsers(spy, { q, page: 1 });
  const count = captured.find((query) => /count\(/i.test(query.sql)) ?? captured[0];
  if (!count) return '?';
  if (database.engine === 'postgres') {
    const { rows } = await database.db.executeQuery<{ 'QUERY PLAN': { Plan: PgPlanNode }[] }>(
      CompiledQuery.raw(`explain (format json) ${count.sql}`, [...count.parameters]),
    );
    const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
    return plan ? describePgPlan(plan) : '?';
  }
  const { rows } = await database.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${count.sql}`, [...count.parameters]),
  );
  return rows.map((row) => row.detail).join('; ');
}

async function measure(
  databaseUrl: string,
  users: number,
  rounds: number,
  seedSeconds: number,
  withPlans: boolean,
) {
  const database = openDatabase(databaseUrl);
  try {
    const matches = new Map<string, number>();
    // Warm-up: the first queries pay for connections, statement preparation and cold pages.
    for (let i = 0; i < 3; i += 1) {
      for (const search of SEARCHES) {
        const page = await searchUsers(database.db, { q: search.q, page: 1 });
        matches.set(search.q, page.total);
      }
    }
    const times = new Map<string, number[]>(SEARCHES.map((search) => [search.q, []]));
    for (let round = 0; round < rounds; round += 1) {
      for (const search of shuffled(SEARCHES)) {
        const started = performance.now();
        await searchUsers(database.db, { q: search.q, page: 1 });
        times.get(search.q)?.push(performance.now() - started);
      }
    }
    const perSearch: SearchStats[] = [];
    for (const search of SEARCHES) {
      perSearch.push({
        label: search.label,
        q: search.q,
        matches: matches.get(search.q) ?? 0,
        ms: summarize(times.get(search.q) ?? []),
        plan: withPlans ? await countPlan(database, search.q).catch(errorText) : undefined,
      });
    }
    const result: DbSizeResult = {
      users,
      seedSeconds: round(seedSeconds, 1),
      all: summarize([...times.values()].flat()),
      perSearch,
    };
    return result;
  } finally {
    await database.close();
  }
}

async function runEngine(
  engine: 'sqlite' | 'postgres',
  sizes: number[],
  rounds: number,
): Promise<DbEngineResult> {
  const result: DbEngineResult = { engine, sizes: [] };
  if (engine === 'postgres') {
    const reason = await ensurePostgres();
    if (reason) {
      result.skipped = reason;
      log(`db: PostgreSQL skipped: ${reason}`);
      return result;
    }
  }
  try {
    for (const users of sizes) {
      let databaseUrl: string;
      let drop: () => Promise<void>;
      if (engine === 'postgres') {
        ({ url: databaseUrl, drop } = await createTempDatabase(`db${users}`));
      } else {
        const dir = tempDir('db');
        databaseUrl = join(dir, 'bench.sqlite');
        drop = async () => {};
      }
      log(`db: ${engine}, seeding ${users} users`);
      const seedSeconds = await seed(databaseUrl, users);
      log(`db: ${engine}, ${users} users seeded in ${seedSeconds.toFixed(1)} s; searching`);
      const largest = users === Math.max(...sizes);
      const measured = await measure(databaseUrl, users, rounds, seedSeconds, largest);
      log(
        `db: ${engine} ${users}: p50 ${measured.all.p50.toFixed(2)} ms, p95 ${measured.all.p95.toFixed(2)} ms`,
      );
      result.sizes.push(measured);
      await drop();
    }
  } catch (error) {
    result.error = errorText(error);
    log(`db: ${engine} failed: ${result.error}`);
  }
  return result;
}

export async function runDb(): Promise<DbResult> {
  const sizes = (process.env.BENCH_DB_SIZES ?? '1000,10000,100000')
    .split(',')
    .map((text) => Number(text.trim()))
    .filter((value) => Number.isInteger(value) && value > 0);
  const rounds = Math.round(envNumber('BENCH_DB_ROUNDS', 200));
  const engines: DbEngineResult[] = [];
  for (const engine of ['sqlite', 'postgres'] as const) {
    engines.push(await runEngine(engine, sizes, rounds));
  }
  return { roundsPerSize: rounds, sizes, engines };
}
