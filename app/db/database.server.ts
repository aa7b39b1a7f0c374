import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  SqliteDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type SelectQueryBuilder,
  type Driver,
  type SqliteDatabase,
  type TableMetadata,
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

/** How many rows a query's filters match: the count a paged list shows (PostgreSQL counts in bigint, a string). */
export async function countRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await query
    .clearSelect()
    .select(sql<number | string>`count(*)`.as('total'))
    .$castTo<{ total: number | string }>()
    .executeTakeFirstOrThrow();
  return Number(row.total);
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
    db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
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

/**
 * PostgreSQL whose introspection reads only the schema in use. Kysely's own reads the
 * catalogue of every schema and calls functions on each table's name; a table or schema that
 * another deployment (or another test file) drops at that moment fails it with "relation …
 * does not exist". Its migrator asks for the tables before every migration, so deployments
 * that share a database, each in its own schema, could not migrate while another ran DDL.
 */
class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}

class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schemas: PostgresIntrospector;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
    this.#schemas = new PostgresIntrospector(db);
  }

  getSchemas() {
    return this.#schemas.getSchemas();
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      schema: string;
      table: string;
      kind: string;
      column: string;
      type: string;
      type_schema: string;
      not_null: boolean;
      has_default: boolean;
      auto_incrementing: boolean;
      comment: string | null;
    }>`
      select ns.nspname as schema, c.relname as table, c.relkind as kind, a.attname as column,
        t.typname as type, tns.nspname as type_schema, a.attnotnull as not_null,
        a.atthasdef as has_default,
        (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%')
          as auto_incrementing,
        col_description(c.oid, a.attnum) as comment
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      join pg_catalog.pg_type t on t.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = t.typnamespace
      left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
        and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.#db);
    const internal = [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE];
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.includes(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions) {
    return { tables: await this.getTables(options) };
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
