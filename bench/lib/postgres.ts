/**
 * The local PostgreSQL: checks it answers, starts the Debian cluster when it does not,
 * and creates throw-away databases that are dropped at cleanup.
 */
import { join } from 'node:path';
import pg from 'pg';
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

export type Engine = 'sqlite' | 'postgres';

/**
 * A part's measurement on each engine: a SQLite file in a temporary folder, then a
 * throw-away PostgreSQL database (skipped with the reason when no server answers). An
 * engine that fails is reported with its error; the other still runs.
 */
export async function onBothEngines<Result extends { engine: Engine }>(
  part: string,
  measure: (engine: Engine, url: string) => Promise<Result>,
  unmeasured: (engine: Engine, outcome: { error: string } | { skipped: string }) => Result,
): Promise<Result[]> {
  const results: Result[] = [];
  try {
    results.push(await measure('sqlite', join(tempDir(part), `${part}.sqlite`)));
  } catch (error) {
    log(`${part} sqlite failed: ${errorText(error)}`);
    results.push(unmeasured('sqlite', { error: errorText(error) }));
  }
  const unavailable = await ensurePostgres();
  if (unavailable) {
    results.push(unmeasured('postgres', { skipped: unavailable }));
    return results;
  }
  const { url, drop } = await createTempDatabase(part);
  try {
    results.push(await measure('postgres', url));
  } catch (error) {
    log(`${part} postgres failed: ${errorText(error)}`);
    results.push(unmeasured('postgres', { error: errorText(error) }));
  } finally {
    await drop();
  }
  return results;
}
