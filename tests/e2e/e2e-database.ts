import Database from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../app/db/database.server';
import type { Database as Schema } from '../../app/db/schema';

/**
 * The end-to-end server's own SQLite database, read and written beside it: to check what a
 * page did, and to make a state no page reaches quickly.
 */

function e2eDatabasePath(): string {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error('E2E_DATABASE_PATH is not set by playwright.config.ts');
  return path;
}

/** The e2e database for a quick synchronous look at what the server wrote. */
export function openE2eDatabase(): Database.Database {
  const db = new Database(e2eDatabasePath());
  db.pragma('busy_timeout = 5000');
  return db;
}

/** `look` on the e2e database, which is closed again however `look` ends. */
function withOpenDatabase<T>(look: (db: Database.Database) => T): T {
  const db = openE2eDatabase();
  try {
    return look(db);
  } finally {
    db.close();
  }
}

/** The first column of the first row `query` reads from the e2e database: a count, a status. */
export function readValue<T extends string | number>(query: string, ...params: string[]): T {
  return withOpenDatabase(
    (db) =>
      db
        .prepare(query)
        .pluck()
        .get(...params) as T,
  );
}

/** The first row `query` reads from the e2e database, or undefined when there is none. */
export function readRow<T>(query: string, ...params: string[]): T | undefined {
  return withOpenDatabase((db) => db.prepare(query).get(...params) as T | undefined);
}

/** Every row `query` reads from the e2e database. */
export function readRows<T>(query: string, ...params: string[]): T[] {
  return withOpenDatabase((db) => db.prepare(query).all(...params) as T[]);
}

/** One write to the e2e database, for a state no page can reach quickly. */
export function runStatement(query: string, ...params: string[]): void {
  withOpenDatabase((db) => db.prepare(query).run(...params));
}

const BUSY_RETRIES = 5;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT';
}

/**
 * The e2e database through Kysely, for the factories; closed once `write` is done. The
 * server writes to it at the same time: a transaction that read first and then writes
 * fails at once with SQLITE_BUSY (busy_timeout cannot help a stale WAL snapshot), so such
 * a write is tried again, a few times with a short backoff.
 */
export async function withE2eDatabase<T>(write: (db: Kysely<Schema>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const handle = openDatabase(e2eDatabasePath());
    try {
      return await write(handle.db);
    } catch (error) {
      if (!isBusy(error) || attempt >= BUSY_RETRIES) throw error;
    } finally {
      await handle.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}
