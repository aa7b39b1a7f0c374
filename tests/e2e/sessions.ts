import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Insertable } from 'kysely';
import type { Access, UsersTable } from '../../app/db/schema';
import { openE2eDatabase, readValue, withE2eDatabase } from './e2e-database';
import { gotoApp, test } from './fixtures';
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

/** A new account of this access, the page's browser signed in as it, and the page at `path`. */
export async function openAsNewAccount(
  page: Page,
  path: string,
  access: Access,
  name?: string,
): Promise<TestAccount> {
  const account = await signInNewAccount(page.context(), access, name);
  await gotoApp(page, path);
  return account;
}

/** A page in a browser of its own (another person's), at the size of the running project. */
export async function separatePage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(test.info().project.use);
  return { context, page: await context.newPage() };
}

/** A new account of this access, signed in on a page in a browser of its own. */
export async function separatePageOfNewAccount(
  browser: Browser,
  access: Access,
  name?: string,
): Promise<{ context: BrowserContext; page: Page; account: TestAccount }> {
  const { context, page } = await separatePage(browser);
  return { context, page, account: await signInNewAccount(context, access, name) };
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
