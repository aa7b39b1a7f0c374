/** With BENCH_EXPLAIN=1: the queries a product function sends, and the engine's plan of each. */
import { CompiledQuery, type Kysely } from 'kysely';
import type { DatabaseHandle } from '~/db/database.server';
import type { Database } from '~/db/schema';

export const EXPLAIN = process.env.BENCH_EXPLAIN === '1';

/** The queries `work` sends through the spy handed to it (a plugin that compiles them). */
export async function captureQueries(
  db: Kysely<Database>,
  work: (spy: Kysely<Database>) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const captured: CompiledQuery[] = [];
  const spy = db.withPlugin({
    transformQuery: (args) => {
      captured.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  await work(spy);
  return captured;
}

/** `EXPLAIN QUERY PLAN` (SQLite) or the `EXPLAIN (costs off)` tree (PostgreSQL), on one line. */
export async function explain(database: DatabaseHandle, query: CompiledQuery): Promise<string> {
  const postgres = database.engine === 'postgres';
  const prefix = postgres ? 'explain (costs off)' : 'explain query plan';
  const { rows } = await database.db.executeQuery<{ detail?: string; 'QUERY PLAN'?: string }>(
    CompiledQuery.raw(`${prefix} ${query.sql}`, [...query.parameters]),
  );
  return rows.map((row) => (postgres ? row['QUERY PLAN'] : row.detail)?.trim()).join('; ');
}
