/** The local PostgreSQL (it must be running) and throw-away databases per part. */
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseHandle, Engine } from '~/db/database.server';
import type { Database } from '~/db/schema';
import { errorText, log, onCleanup, tempDir } from './common';

const SOCKET_BASE = 'postgres://root@%2Fvar%2Frun%2Fpostgresql';

/** `BENCH_PG_URL` (a server URL without a database name) overrides the local socket. */
const postgresUrl = (database: string) =>
  `${(process.env.BENCH_PG_URL ?? SOCKET_BASE).replace(/\/+$/, '')}/${database}`;

/** `work` on a connection to the server's `postgres` database. */
async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const options = { connectionString: postgresUrl('postgres'), connectionTimeoutMillis: 5_000 };
  const client = new pg.Client(options);
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Why PostgreSQL cannot be used (the harness does not start it), or undefined when it answers. */
const cannotConnect = () =>
  admin((client) => client.query('select 1')).then(
    () => undefined,
    (error: unknown) => {
      const line = `PostgreSQL does not answer (${errorText(error)}): run \`pg_ctlcluster 15 main start\``;
      log(line);
      return line;
    },
  );

/** A fresh, empty database; dropped at cleanup (or earlier through the returned drop). */
async function createTempDatabase(tag: string) {
  const name = `bench_${tag}_${process.pid}_${Date.now().toString(36)}`.toLowerCase();
  await admin((client) => client.query(`create database ${name}`));
  const drop = onCleanup(`drop database ${name}`, async () => {
    await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  });
  return { url: postgresUrl(name), drop };
}

/** A part's figures on one engine, or why there are none. */
export type EngineResult<Figures> = {
  engine: Engine;
  skipped?: string;
  error?: string;
} & Partial<Figures>;

/** `measure` on each engine with a maker of fresh databases; a skip or failure says why. */
export async function onBothEngines<Figures>(
  part: string,
  measure: (engine: Engine, fresh: () => Promise<string>) => Promise<Figures>,
): Promise<EngineResult<Figures>[]> {
  const results: EngineResult<Figures>[] = [];
  for (const engine of ['sqlite', 'postgres'] as const) {
    const skipped = engine === 'postgres' ? await cannotConnect() : undefined;
    if (skipped) {
      results.push({ engine, skipped } as EngineResult<Figures>);
      continue;
    }
    const drops: (() => Promise<void>)[] = [];
    const fresh = async () => {
      if (engine === 'sqlite') return join(tempDir(part), `${part}.sqlite`);
      const { url, drop } = await createTempDatabase(part);
      drops.push(drop);
      return url;
    };
    try {
      results.push({ engine, ...(await measure(engine, fresh)) });
    } catch (error) {
      log(`${part} ${engine} failed: ${errorText(error)}`);
      results.push({ engine, error: errorText(error) } as EngineResult<Figures>);
    } finally {
      for (const drop of drops) await drop();
    }
  }
  return results;
}

/** The rows in a table. */
export async function countRows({ db }: DatabaseHandle, table: keyof Database) {
  const query = db.selectFrom(table).select(db.fn.countAll().as('n'));
  return Number((await query.executeTakeFirstOrThrow()).n);
}
