import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Driver,
  type SqliteDatabase,
} from 'kysely';
import { migrations } from './migrations';
import type { Database } from './schema';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Whether a connection (or a transaction) is PostgreSQL's: for the few statements the two
 * engines write differently (row locks, the search's trigram form).
 */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Takes the user's row for the rest of the transaction on PostgreSQL: the one lock for
 * changes to what a person holds (payments, transfers), so two at once run one after the
 * other. SQLite runs one write transaction at a time already.
 */
export async function lockUserRow(trx: Kysely<Database>, userId: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/**
 * Whether a statement failed on a unique index: how a race that an index settles (one
 * pending transfer, one waiting project) is told apart from a real failure.
 */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint/.test(String(message))
  );
}

export function engineFor(url: string): Engine {
  return /^postgres(ql)?:\/\//i.test(url) ? 'postgres' : 'sqlite';
}

/** `./data/x.sqlite`, `sqlite:./x.sqlite`, `file:x.sqlite` or `:memory:` name a SQLite file. */
export function sqlitePath(url: string): string {
  const path = url.replace(/^(sqlite|file):(\/\/)?/i, '');
  return path === ':memory:' ? path : resolve(path);
}

export function openDatabase(url: string): DatabaseHandle {
  const engine = engineFor(url);
  let db: Kysely<Database>;
  if (engine === 'postgres') {
    // pg is loaded on first use: a SQLite server never pays for it.
    const pool = async () => {
      const { default: pg } = await import('pg');
      const created = new pg.Pool({
        connectionString: url,
        max: 10,
        connectionTimeoutMillis: 5_000,
        idleTimeoutMillis: 30_000,
      });
      // An idle client losing its connection must not crash the process; the pool replaces it.
      created.on('error', () => {});
      return created;
    };
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    const path = sqlitePath(url);
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const sqlite = new SQLite(path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    db = new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
    });
  }
  return {
    db,
    engine,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

/**
 * SQLite transactions that take the write lock when they begin (`BEGIN IMMEDIATE`), so a
 * writer waits its turn under `busy_timeout`. Kysely's plain `BEGIN` reads first and
 * upgrades to a writer later; when another process (the `user` command, a second tool)
 * wrote in between, SQLite refuses the upgrade at once with SQLITE_BUSY_SNAPSHOT, which no
 * timeout waits out. Every transaction of the product writes, so nothing is lost by it.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

/** Statements kept per connection: every query the product runs, with room to spare. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares each query's SQL anew; compiling it was the largest database cost of a
 * signed-in page (better-sqlite3's `prepare` in the CPU profile). The same SQL text gets
 * the same compiled statement back (least recently used ones are dropped). Safe because
 * better-sqlite3 runs a statement to completion synchronously, and SQLite recompiles a
 * statement by itself after a schema change.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(query: string) {
      let statement = statements.get(query);
      if (statement) {
        statements.delete(query);
      } else {
        statement = database.prepare(query);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value!);
        }
      }
      statements.set(query, statement);
      return statement;
    },
  };
}

/** Kysely's migrator over this product's migrations. */
export async function createMigrator(db: Kysely<Database>): Promise<Migrator> {
  // On PostgreSQL Kysely looks for its bookkeeping tables in every visible schema; pin them
  // to the schema in use, so several deployments (or test runs) can share one database.
  const migrationTableSchema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema,
  });
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = await createMigrator(db);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`.trim());
  }
}
