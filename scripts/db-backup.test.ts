import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/db/database.server';
import { nowTimestamp } from '~/db/schema';
import { backupSqlite, formatBytes } from './db-backup';
import { insertUser } from '../tests/support/factories';

let dir: string;
const open: DatabaseHandle[] = [];

function track(handle: DatabaseHandle): DatabaseHandle {
  open.push(handle);
  return handle;
}

/** A migrated file database with `count` users and one session, left open. */
async function fileDatabase(name: string, count: number): Promise<DatabaseHandle> {
  const handle = track(openDatabase(join(dir, name)));
  await migrateToLatest(handle.db);
  for (let i = 0; i < count; i += 1)
    await insertUser(handle.db, { email: `${name}-${i}@example.com` });
  const user = await handle.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const now = nowTimestamp();
  await handle.db
    .insertInto('sessions')
    .values({
      id_hash: `hash-${name}`,
      user_id: user.id,
      created_at: now,
      last_seen_at: now,
      expires_at: now,
    })
    .execute();
  return handle;
}

function usersOf(handle: DatabaseHandle) {
  return handle.db.selectFrom('users').selectAll().orderBy('id').execute();
}

function runCli(args: string[], env: Record<string, string>) {
  const child = spawn('node_modules/.bin/tsx', ['scripts/db-backup.ts', ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bootcamp-backup-'));
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((handle) => handle.close()));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('backupSqlite', () => {
  it('copies a database that is open for writing and the copy restores with every user', async () => {
    const source = await fileDatabase('live.sqlite', 25);
    // Committed rows still in the write-ahead log, not yet checkpointed into the main file.
    expect(statSync(join(dir, 'live.sqlite-wal')).size).toBeGreaterThan(0);
    const before = await usersOf(source);

    const backupPath = join(dir, 'backups', 'live-copy.sqlite');
    const result = await backupSqlite(join(dir, 'live.sqlite'), backupPath);
    // The writer keeps working; the copy is the snapshot taken before this row.
    await insertUser(source.db, { email: 'after-backup@example.com' });

    expect(statSync(backupPath).mode & 0o777).toBe(0o600);
    expect(result).toEqual({
      bytes: statSync(backupPath).size,
      users: 25,
      sessions: 1,
      integrity: 'ok',
    });

    // The restore drill: the copy serves as the site's database.
    const restored = track(openDatabase(backupPath));
    await migrateToLatest(restored.db);
    const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
      restored.db,
    );
    expect(rows).toEqual([{ integrity_check: 'ok' }]);
    expect(await usersOf(restored)).toEqual(before);
    expect(await restored.db.selectFrom('sessions').select('id_hash').execute()).toEqual([
      { id_hash: 'hash-live.sqlite' },
    ]);
    expect((await usersOf(source)).length).toBe(26);
  });

  it('never overwrites an existing file', async () => {
    await fileDatabase('kept.sqlite', 2);
    const target = join(dir, 'existing.sqlite');
    writeFileSync(target, 'keep me');
    await expect(backupSqlite(join(dir, 'kept.sqlite'), target)).rejects.toThrow(
      `${target} already exists: a backup never overwrites a file.`,
    );
    expect(readFileSync(target, 'utf8')).toBe('keep me');
  });

  it('refuses a source database that does not exist, creating nothing', async () => {
    const target = join(dir, 'from-nothing.sqlite');
    await expect(backupSqlite(join(dir, 'missing.sqlite'), target)).rejects.toThrow(
      /^No SQLite database at .*missing\.sqlite/,
    );
    expect(existsSync(join(dir, 'missing.sqlite'))).toBe(false);
    expect(existsSync(target)).toBe(false);
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(123 * 1024)).toBe('123 KB');
    expect(formatBytes(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });
});

describe('npm run db:backup', () => {
  it('backs up DATABASE_URL and reports the check and the counts', async () => {
    await fileDatabase('cli.sqlite', 3);
    const target = join(dir, 'cli-copy.sqlite');
    const { code, stdout, stderr } = await runCli([target], {
      DATABASE_URL: join(dir, 'cli.sqlite'),
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(
      new RegExp(
        `^Backed up \\S*cli\\.sqlite to ${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+ KB\\): integrity ok, 3 users, 1 session\\n$`,
      ),
    );
    expect(existsSync(target)).toBe(true);
  });

  it('prints the usage and exits 1 without a file argument', async () => {
    const { code, stdout, stderr } = await runCli([], { DATABASE_URL: join(dir, 'cli.sqlite') });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^Usage: npm run db:backup -- FILE .*\n$/);
  });

  it('refuses a PostgreSQL DATABASE_URL and points to pg_dump', async () => {
    const target = join(dir, 'pg-copy.sqlite');
    const { code, stderr } = await runCli([target], {
      DATABASE_URL: 'postgres://user:secret@db.example.com:5432/bootcamp',
    });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'DATABASE_URL is a PostgreSQL database: back it up with pg_dump instead (see docs/deploy.md).\n',
    );
    expect(existsSync(target)).toBe(false);
  });
});
