import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { engineFor, sqlitePath } from '~/db/database.server';

/**
 * Engine-neutral access to the database behind a running server, for tests that inspect or
 * poke it, plus the PostgreSQL schema bookkeeping that isolates one test database from
 * another when `TEST_DATABASE_URL` points at a server.
 */

/** The PostgreSQL server the tests run against, or undefined for SQLite. */
export function postgresTestUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? url : undefined;
}

/** `?` placeholders to `$1..$n`, leaving quoted strings and identifiers alone. */
export function toPostgresPlaceholders(text: string): string {
  let out = '';
  let quote: string | undefined;
  let index = 0;
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = undefined;
      out += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      out += char;
    } else if (char === '?') {
      out += `$${++index}`;
    } else {
      out += char;
    }
  }
  return out;
}

/**
 * Runs one statement on the database at `url` (a SQLite path or a PostgreSQL URL) on a
 * connection of its own, and returns the rows (none for a statement that returns none).
 * Write `?` placeholders. PostgreSQL returns `count(*)` as a string: `Number()` it.
 */
export async function sqlQuery<T = Record<string, unknown>>(
  url: string,
  text: string,
  params: readonly unknown[] = [],
): Promise<T[]> {
  if (engineFor(url) === 'postgres') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const result = await client.query(toPostgresPlaceholders(text), [...params]);
      return result.rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new Database(sqlitePath(url), { fileMustExist: true, timeout: 5_000 });
  try {
    const statement = db.prepare(text);
    if (statement.reader) return statement.all(...params) as T[];
    statement.run(...params);
    return [];
  } finally {
    db.close();
  }
}

/**
 * Extensions the migrations create (`create extension if not exists ...`). A test schema
 * must not own them: `drop schema ... cascade` would take them, and the indexes built on
 * them in every other test schema, along. So they are installed once into `public`, which
 * every test schema has on its search path after its own schema (as in production, where
 * the default search path ends in `public`).
 */
const SHARED_EXTENSIONS = ['pg_trgm'];

/** Schemas created by `createTestSchema` and not dropped yet, by the URL that uses them. */
const schemas = new Map<string, string>();

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = postgresTestUrl();
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function withSearchPath(url: string, schema: string): string {
  const options = encodeURIComponent(`-c search_path=${schema},public`);
  return `${url}${url.includes('?') ? '&' : '?'}options=${options}`;
}

/**
 * Creates the schema `t_<random>` on the `TEST_DATABASE_URL` server and returns a URL whose
 * connections use it: the app's tables, created unqualified, land there.
 */
export async function createTestSchema(): Promise<string> {
  const base = postgresTestUrl();
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(async (client) => {
    await client.query('begin');
    try {
      // Two test workers installing the same extension at once would collide.
      await client.query(`select pg_advisory_xact_lock(hashtext('bootcamp-test-extensions'))`);
      const { rows } = await client.query<{ name: string }>(
        'select name from pg_available_extensions where name = any($1)',
        [SHARED_EXTENSIONS],
      );
      for (const { name } of rows) {
        await client.query(`create extension if not exists "${name}" with schema public`);
      }
      await client.query(`create schema "${schema}"`);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  });
  const url = withSearchPath(base, schema);
  schemas.set(url, schema);
  return url;
}

/** The names `createTestSchema` gives, and nothing else. */
const TEST_SCHEMA = /^t_[0-9a-f]{12}$/;

/**
 * Drops the schema behind a URL from `createTestSchema`; any other URL is left alone.
 *
 * Under Vitest the drop waits for the end of the run (`dropAllTestSchemas` in its global
 * teardown): test files run side by side, and Kysely's migrator reads the catalogue of
 * every schema, by name, before it takes its lock, so a schema dropped by another worker
 * in that moment failed a migration with "schema … does not exist".
 */
export async function dropTestSchema(url: string): Promise<void> {
  const schema = schemas.get(url);
  if (!schema) return;
  schemas.delete(url);
  if (process.env.TEST_SCHEMAS_DROPPED === 'at-end') return;
  await withAdminClient((client) => client.query(`drop schema if exists "${schema}" cascade`));
}

/** Drops every schema `createTestSchema` made, this run's and any a killed run left. */
export async function dropAllTestSchemas(): Promise<void> {
  if (!postgresTestUrl()) return;
  await withAdminClient(async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname like 't\\_%'`,
    );
    for (const { name } of rows) {
      if (TEST_SCHEMA.test(name)) await client.query(`drop schema if exists "${name}" cascade`);
    }
  });
}
