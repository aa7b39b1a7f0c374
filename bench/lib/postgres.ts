/**
 * The local PostgreSQL: checks it answers, starts the Debian cluster when it does not,
 * and creates throw-away databases that are dropped at cleanup.
 */
import { join } from 'node:path';
import pg from 'pg';
import type { Engine } from '~/db/database.server';
import { errorText, log, onCleanup, tempDir } from './common';
import { runCommand } from './processes';

const SOCKET_BASE = 'postgres://root@%2Fvar%2Frun%2Fpostgresql';

/** `BENCH_PG_URL` (a server URL without a database name) overrides the local socket. */
export function postgresUrl(database: string): string {
  const base = (process.env.BENCH_PG_URL ?? SOCKET_BASE).replace(/\/+$/, '');
  return `${base}/${database}`;
}

async function canConnect(): Promise<string | undefined> {
  const client = new pg.Client({
    connectionString: postgresUrl('postgres'),
    connectionTimeoutMillis: 3_000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return errorText(error);
  } finally {
    await client.end().catch(() => {});
  }
}

let checked: Promise<string | undefined> | undefined;

/** Resolves with undefined when PostgreSQL is usable, or with the reason it is not. */
export function ensurePostgres(): Promise<string | undefined> {
  checked ??= (async () => {
    const first = await canConnect();
    if (first === undefined) return undefined;
    log(`PostgreSQL does not answer (${first}); starting the local cluster`);
    try {
      await runCommand('pg_ctlcluster', 'pg_ctlcluster', ['15', 'main', 'start'], {
        timeoutMs: 60_000,
      });
    } catch (error) {
      log(`pg_ctlcluster: ${errorText(error).split('\n')[0]}`);
    }
    let reason = await canConnect();
    if (reason !== undefined && /role .* does not exist/i.test(reason)) {
      try {
        await runCommand(
          'create role root',
          'su',
          ['postgres', '-c', "psql -c 'create role root superuser login'"],
          { timeoutMs: 30_000 },
        );
      } catch (error) {
        log(`create role root: ${errorText(error).split('\n')[0]}`);
      }
      reason = await canConnect();
    }
    return reason === undefined ? undefined : `PostgreSQL is not reachable: ${reason}`;
  })();
  return checked;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: postgresUrl('postgres'),
    connectionTimeoutMillis: 5_000,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** A fresh, empty database; dropped at cleanup (or earlier through the returned drop). */
export async function createTempDatabase(
  tag: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_${tag}_${process.pid}_${Date.now().toString(36)}`.toLowerCase();
  await admin((client) => client.query(`create database ${name}`));
  const drop = onCleanup(`drop database ${name}`, () =>
    admin((client) => client.query(`drop database if exists ${name} with (force)`)).then(
      () => undefined,
    ),
  );
  return { url: postgresUrl(name), drop };
}

/** A fresh database on `engine`: a SQLite file in a temp folder, or a temp PostgreSQL database. */
export async function freshDatabase(engine: Engine, tag: string) {
  if (engine === 'postgres') return createTempDatabase(tag);
  return { url: join(tempDir(tag), `${tag}.sqlite`), drop: async () => {} };
}

/** A part's figures on one engine, or why there are none. */
export type EngineResult<Figures> = {
  engine: Engine;
  skipped?: string;
  error?: string;
} & Partial<Figures>;

/**
 * A part's measurement on each engine: a SQLite file in a temporary folder, then a
 * throw-away PostgreSQL database (skipped with the reason when no server answers). An
 * engine that fails is reported with its error; the other still runs.
 */
export async function onBothEngines<Figures>(
  part: string,
  measure: (engine: Engine, url: string) => Promise<Figures>,
): Promise<EngineResult<Figures>[]> {
  const results: EngineResult<Figures>[] = [];
  for (const engine of ['sqlite', 'postgres'] as const) {
    const skipped = engine === 'postgres' ? await ensurePostgres() : undefined;
    if (skipped) {
      results.push({ engine, skipped } as EngineResult<Figures>);
      continue;
    }
    const { url, drop } = await freshDatabase(engine, part);
    try {
      results.push({ engine, ...(await measure(engine, url)) });
    } catch (error) {
      log(`${part} ${engine} failed: ${errorText(error)}`);
      results.push({ engine, error: errorText(error) } as EngineResult<Figures>);
    } finally {
      await drop();
    }
  }
  return results;
}
