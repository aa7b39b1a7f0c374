import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { BrowserContext } from '@playwright/test';
import type { Access } from '../../app/db/schema';
import { hashToken } from '../../app/features/auth/session.server';
import { E2E_ORIGIN } from '../e2e-origin';

export interface TestAccount {
  id: string;
  name: string;
  email: string;
  access: Access;
  /** `session=…`, for raw requests. */
  cookie: string;
}

export function openE2eDatabase(): Database.Database {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error('E2E_DATABASE_PATH is not set by playwright.config.ts');
  const db = new Database(path);
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * A fixture that creates a user and a session row directly, as a sign-in would: faster
 * than the popup for tests about what each role may see (sign-in has its own tests).
 */
export function createAccount(access: Access, name = `Test ${access}`): TestAccount {
  const suffix = randomBytes(6).toString('hex');
  const id = `e2e-${access}-${suffix}`;
  const email = `${access}-${suffix}@example.net`;
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const db = openE2eDatabase();
  try {
    // Fixture admins are many (tests make their own): the e-mail about each submitted
    // transfer goes only to those a test turns it on for, or the local mailbox would
    // drown in them.
    db.prepare(
      'insert into users (id, name, email, access, cohort, created_at, transfer_alerts) values (?, ?, ?, ?, ?, ?, ?)',
    ).run(id, name, email, access, 'none', now.toISOString(), access === 'admin' ? 0 : 1);
    db.prepare(
      'insert into sessions (id_hash, user_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?)',
    ).run(
      hashToken(token),
      id,
      now.toISOString(),
      now.toISOString(),
      new Date(now.getTime() + 86_400_000).toISOString(),
    );
  } finally {
    db.close();
  }
  return { id, name, email, access, cookie: `session=${token}` };
}

export async function useAccount(context: BrowserContext, account: TestAccount): Promise<void> {
  const [name, value] = account.cookie.split('=') as [string, string];
  await context.addCookies([
    { name, value, domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' },
  ]);
}

export interface SeededUser {
  id: string;
  name: string;
  email: string;
}

/** Inserts plain users (no sessions), newest last, for list and search tests. */
export function seedUsers(users: { name: string; email: string }[]): SeededUser[] {
  const db = openE2eDatabase();
  const start = Date.now() - users.length * 1000;
  try {
    const insert = db.prepare(
      "insert into users (id, name, email, access, cohort, created_at) values (?, ?, ?, 'none', 'none', ?)",
    );
    return users.map((user, index) => {
      const id = `seed-${randomBytes(8).toString('hex')}`;
      insert.run(id, user.name, user.email, new Date(start + index * 1000).toISOString());
      return { id, ...user };
    });
  } finally {
    db.close();
  }
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
  const db = openE2eDatabase();
  try {
    const row = db
      .prepare('select receipt_id from bank_transfers where id = ?')
      .get(transferId) as {
      receipt_id: string;
    };
    return { transferId, receiptId: row.receipt_id };
  } finally {
    db.close();
  }
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
  const db = openE2eDatabase();
  try {
    const row = db
      .prepare("select count(*) as count from bank_transfers where status = 'pending'")
      .get() as { count: number };
    return row.count;
  } finally {
    db.close();
  }
}
