/**
 * An online backup of the SQLite database named by DATABASE_URL:
 *   npm run db:backup -- FILE
 * `VACUUM INTO` writes a consistent snapshot while the server keeps the database open (WAL
 * mode); the copy is then opened read-only and checked. It never overwrites a file. For
 * PostgreSQL use pg_dump (docs/deploy.md).
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { engineFor, sqlitePath } from '~/db/database.server';
import { EnvError, parseEnv } from '~/lib/env.server';

const USAGE =
  'Usage: npm run db:backup -- FILE  (writes a consistent copy of the SQLite database named by DATABASE_URL to FILE, a new file)';

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupResult {
  /** Size of the copy in bytes. */
  bytes: number;
  users: number;
  sessions: number;
  /** `ok`: a copy that fails `PRAGMA integrity_check` is reported as an error instead. */
  integrity: string;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Claims the target atomically: an existing file, even one created a moment ago, is refused. */
function createEmptyTarget(targetPath: string): void {
  mkdirSync(dirname(targetPath), { recursive: true });
  try {
    // Owner-only: the copy holds e-mail addresses and session hashes.
    closeSync(openSync(targetPath, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new BackupError(`${targetPath} already exists: a backup never overwrites a file.`);
    }
    throw new BackupError(`Cannot create ${targetPath}: ${errorMessage(error)}`);
  }
}

function openSource(sourcePath: string): SQLite.Database {
  if (!existsSync(sourcePath)) {
    throw new BackupError(`No SQLite database at ${sourcePath}: check DATABASE_URL.`);
  }
  let source: SQLite.Database;
  try {
    source = new SQLite(sourcePath, { fileMustExist: true });
  } catch (error) {
    throw new BackupError(`Cannot open ${sourcePath}: ${errorMessage(error)}`);
  }
  try {
    source.pragma('busy_timeout = 5000');
    const tables = source
      .prepare(
        "select name from sqlite_master where type = 'table' and name in ('users', 'sessions')",
      )
      .pluck()
      .all();
    if (tables.length !== 2) {
      throw new BackupError(
        `${sourcePath} has no users and sessions tables: is DATABASE_URL the site's database?`,
      );
    }
    return source;
  } catch (error) {
    source.close();
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Cannot read ${sourcePath}: ${errorMessage(error)}`);
  }
}

/**
 * Copies the SQLite database at `sourcePath` to `targetPath` (a new file) with `VACUUM INTO`,
 * which reads one consistent snapshot, committed rows still in the WAL included, while other
 * connections keep reading and writing. Then checks the copy read-only.
 */
export async function backupSqlite(sourcePath: string, targetPath: string): Promise<BackupResult> {
  const source = openSource(sourcePath);
  try {
    createEmptyTarget(targetPath);
    try {
      source.prepare('VACUUM INTO ?').run(targetPath);
      // VACUUM INTO does not sync its output: make the copy durable before reporting it.
      const fd = openSync(targetPath, 'r+');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      // The target was created empty by this call, so removing what is left of it is safe.
      rmSync(targetPath, { force: true });
      throw new BackupError(`Backup to ${targetPath} failed: ${errorMessage(error)}`);
    }
  } finally {
    source.close();
  }

  const copy = new SQLite(targetPath, { readonly: true, fileMustExist: true });
  try {
    const problems = copy.prepare('PRAGMA integrity_check').pluck().all() as string[];
    const integrity = problems.join('; ');
    if (integrity !== 'ok') {
      throw new BackupError(
        `The copy at ${targetPath} failed its integrity check (kept for inspection): ${integrity.slice(0, 500)}`,
      );
    }
    const count = (table: 'users' | 'sessions') =>
      Number(copy.prepare(`select count(*) from ${table}`).pluck().get());
    return {
      bytes: statSync(targetPath).size,
      users: count('users'),
      sessions: count('sessions'),
      integrity,
    };
  } finally {
    copy.close();
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 && unit > 0 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** `./data/bootcamp.sqlite` inside the working directory, the absolute path elsewhere. */
function displayPath(path: string): string {
  const inside = relative(process.cwd(), path);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? `./${inside}` : path;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

class UsageError extends Error {}

async function main(args: string[]): Promise<void> {
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    console.log(USAGE);
    return;
  }
  const [file] = args;
  if (args.length !== 1 || !file || file.startsWith('-')) throw new UsageError(USAGE);
  const env = parseEnv();
  if (engineFor(env.DATABASE_URL) === 'postgres') {
    throw new UsageError(
      'DATABASE_URL is a PostgreSQL database: back it up with pg_dump instead (see docs/deploy.md).',
    );
  }
  const sourcePath = sqlitePath(env.DATABASE_URL);
  if (sourcePath === ':memory:') {
    throw new UsageError('DATABASE_URL is :memory:, an in-memory database: nothing to back up.');
  }
  const result = await backupSqlite(sourcePath, resolve(file));
  console.log(
    `Backed up ${displayPath(sourcePath)} to ${file} (${formatBytes(result.bytes)}): integrity ${result.integrity}, ${plural(result.users, 'user')}, ${plural(result.sessions, 'session')}`,
  );
}

const entry = process.argv[1];
if (entry && resolve(entry) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    const known =
      error instanceof UsageError || error instanceof BackupError || error instanceof EnvError;
    console.error(known ? error.message : `Backup failed: ${errorMessage(error)}`);
    process.exit(1);
  });
}
