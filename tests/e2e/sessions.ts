import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { BrowserContext } from '@playwright/test';
import type { Insertable, Kysely } from 'kysely';
import { openDatabase } from '../../app/db/database.server';
import type { Access, Database as Schema, UsersTable } from '../../app/db/schema';
import { insertSession, insertUser } from '../support/factories';
import { E2E_ORIGIN } from '../e2e-origin';

export interface TestAccount {
  id: string;
  name: string;
  email: string;
  access: Access;
  /** `session=…`, for raw requests. */
  cookie: string;
}

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

/**
 * A fixture that creates a user and a session row directly, as a sign-in would: faster
 * than the popup for tests about what each role may see (sign-in has its own tests).
 */
export async function createAccount(access: Access, name = `Test ${access}`): Promise<TestAccount> {
  const suffix = randomBytes(6).toString('hex');
  return withE2eDatabase(async (db) => {
    const user = await insertUser(db, {
      id: `e2e-${access}-${suffix}`,
      name,
      email: `${access}-${suffix}@example.net`,
      access,
      created_at: new Date().toISOString(),
      // Fixture admins are many (tests make their own): the e-mail about each submitted
      // transfer goes only to those a test turns it on for, or the local mailbox would
      // drown in them.
      transfer_alerts: access === 'admin' ? 0 : 1,
    });
    const cookie = await insertSession(db, user.id);
    return { id: user.id, name, email: user.email, access, cookie };
  });
}

export async function useAccount(context: BrowserContext, account: TestAccount): Promise<void> {
  const [name, value] = account.cookie.split('=') as [string, string];
  await context.addCookies([
    { name, value, domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' },
  ]);
}

/** A new account of this access, and this browser signed in as it. */
export async function signInNewAccount(
  context: BrowserContext,
  access: Access,
  name?: string,
): Promise<TestAccount> {
  const account = await createAccount(access, name);
  await useAccount(context, account);
  return account;
}

export interface SeededUser {
  id: string;
  name: string;
  email: string;
}

/**
 * Inserts users without sessions (no access unless told), a second apart and newest last
 * unless their creation time is given, for list and search tests.
 */
export async function seedUsers(
  users: (Partial<Insertable<UsersTable>> & { name: string; email: string })[],
): Promise<SeededUser[]> {
  const start = Date.now() - users.length * 1000;
  return withE2eDatabase(async (db) => {
    const seeded: SeededUser[] = [];
    for (const [index, user] of users.entries()) {
      const id = user.id ?? `seed-${randomBytes(8).toString('hex')}`;
      const created_at = new Date(start + index * 1000).toISOString();
      await insertUser(db, { id, created_at, ...user });
      seeded.push({ id, name: user.name, email: user.email });
    }
    return seeded;
  });
}

export function readUser(id: string): { access: string; cohort: string; edited_at: string | null } {
  const db = openE2eDatabase();
  try {
    return db.prepare('select access, cohort, edited_at from users where id = ?').get(id) as {
      access: string;
      cohort: string;
      edited_at: string | null;
    };
  } finally {
    db.close();
  }
}

/** How many users match a case-insensitive substring of name or e-mail, counted in SQL. */
export function countMatching(text: string): number {
  const db = openE2eDatabase();
  try {
    const needle = text.toLowerCase();
    const rows = db.prepare('select name, email from users').all() as {
      name: string;
      email: string;
    }[];
    return rows.filter((row) => `${row.name}\n${row.email}`.toLowerCase().includes(needle)).length;
  } finally {
    db.close();
  }
}

/** A day in the past as `YYYY-MM-DD`, valid as a transfer date wherever the test runs. */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

export interface SubmittedTransfer {
  transferId: string;
  receiptId: string;
}

/**
 * Submits a bank transfer with the PNG receipt through the server, as the /enroll form
 * does (multipart, from our own origin), for tests that need one to exist.
 */
export async function submitTransferAs(
  account: TestAccount,
  plan = 'fed-upfront',
): Promise<SubmittedTransfer> {
  const form = new FormData();
  form.set('plan', plan);
  form.set('amount', '600000');
  form.set('transferDate', daysAgo(1));
  form.set('reference', account.name);
  const png = readFileSync(new URL('../fixtures/receipts/receipt.png', import.meta.url));
  form.set('receipt', new Blob([png], { type: 'image/png' }), 'receipt.png');
  const response = await fetch(`${E2E_ORIGIN}/enroll`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: account.cookie, origin: E2E_ORIGIN },
    body: form,
  });
  const location = response.headers.get('location') ?? '';
  const transferId = new URL(location, E2E_ORIGIN).searchParams.get('transfer');
  if (response.status !== 302 || !transferId) {
    throw new Error(`The transfer was refused: ${response.status} ${await response.text()}`);
  }
  const receiptId = readValue<string>(
    'select receipt_id from bank_transfers where id = ?',
    transferId,
  );
  return { transferId, receiptId };
}

/** A transfer's status and reason as the server stored them. */
export function readTransfer(id: string): { status: string; reason: string | null } {
  const db = openE2eDatabase();
  try {
    return db.prepare('select status, reason from bank_transfers where id = ?').get(id) as {
      status: string;
      reason: string | null;
    };
  } finally {
    db.close();
  }
}

/** How many transfers wait for review, as the admin menu's badge should say. */
export function countPendingTransfers(): number {
  return readValue("select count(*) from bank_transfers where status = 'pending'");
}
