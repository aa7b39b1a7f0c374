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

interface PgPlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Sort Key'?: string[];
  Plans?: PgPlanNode[];
}

function describePgPlan(node: PgPlanNode): string {
  const detail = node['Index Name'] ?? node['Relation Name'] ?? node['Sort Key']?.join(', ');
  const name = detail ? `${node['Node Type']} ${detail}` : node['Node Type'];
  const children = (node.Plans ?? []).map(describePgPlan);
  return children.length ? `${name} ← ${children.join(' + ')}` : name;
}

/** `EXPLAIN QUERY PLAN` (SQLite) or the `EXPLAIN` tree (PostgreSQL), on one line. */
export async function explain(database: DatabaseHandle, query: CompiledQuery): Promise<string> {
  const run = <Row>(prefix: string) =>
    database.db.executeQuery<Row>(
      CompiledQuery.raw(`${prefix} ${query.sql}`, [...query.parameters]),
    );
  if (database.engine === 'postgres') {
    const { rows } = await run<{ 'QUERY PLAN': { Plan: PgPlanNode }[] }>('explain (format json)');
    const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
    return plan ? describePgPlan(plan) : '?';
  }
  const { rows } = await run<{ detail: string }>('explain query plan');
  return rows.map((row) => row.detail).join('; ');
}
