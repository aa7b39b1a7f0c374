import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { COURSE_STEPS } from '../../app/content/course-steps';
import { PERMISSION_DENIED_MESSAGES } from '../../app/features/auth/permission-denied';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot, saveScreenshot } from './screenshots';
import {
  createAccount,
  seedUsers,
  signInNewAccount,
  type TestAccount,
  useAccount,
} from './sessions';
import { withE2eDatabase } from './e2e-database';
import { insertStepCompletions, insertUser } from '../support/factories';
import { E2E_ORIGIN } from '../e2e-origin';

/**
 * Issue 16's list: the Access and Cohort filters, the Joined column and the CSV export; and
 * issue 17's Progress column and "Completed all" filter.
 */

const ORIGIN = E2E_ORIGIN;
/** The eight numbered steps, as `NUMBERED_STEPS` has them (its module reads through `~/`). */
const NUMBERED_STEPS = COURSE_STEPS.filter((step) => step.number !== undefined);
const CSV_HEADER = 'name,email,access,cohort,joined,enrolment status,track';

interface ListedUser {
  id: string;
  name: string;
  email: string;
  access: 'none' | 'level-1';
  cohort: 'none' | 'cohort-1';
  created_at: string;
}

let token: string;
let admin: TestAccount;
let users: ListedUser[];

/**
 * Users whose names carry this run's token, so the lists below hold them alone whatever
 * other tests add meanwhile: 12 at level-1 (two pages), 8 without access; every third in
 * Cohort 1. One level-1 name starts like a spreadsheet formula.
 */
async function seedListUsers(): Promise<ListedUser[]> {
  const start = Date.now() - 3 * 86_400_000;
  const seeded: ListedUser[] = Array.from({ length: 20 }, (_, index) => ({
    id: `list-${token}-${index}`,
    name:
      index === 11 ? `=1+2 ${token} formula` : `Lister ${token} ${String(index).padStart(2, '0')}`,
    email: `lister${index}.${token}@school.example`,
    access: index < 12 ? 'level-1' : 'none',
    cohort: index % 3 === 0 ? 'cohort-1' : 'none',
    created_at: new Date(start + index * 60_000).toISOString(),
  }));
  await seedUsers(seeded);
  return seeded;
}

/** The seeded users a filter keeps, newest first (the list's order). */
const kept = (filter: (user: ListedUser) => boolean) =>
  users.filter(filter).sort((a, b) => b.created_at.localeCompare(a.created_at));

test.beforeAll(async () => {
  token = `fq${randomBytes(3).toString('hex')}`;
  users = await seedListUsers();
  admin = await createAccount('admin', 'Filter Admin');
});

const rows = (page: Page) => page.locator('tbody tr');
/**
 * The cells of a column, by its 0-based position (s/n, Username, Email, Cohort, Access,
 * Progress, Joined).
 */
const column = (page: Page, index: number) => page.locator(`tbody tr td:nth-child(${index + 1})`);

test('filtering by access and cohort: only those users, the count, page reset, Joined, export', async ({
  page,
  context,
}) => {
  await useAccount(context, admin);
  await gotoApp(page, '/admin/home');
  await page.getByPlaceholder('Search by Username or Email').fill(token);
  await expect(page).toHaveURL(`/admin/home?q=${token}`);
  await expect(page.getByTestId('user-count')).toHaveText('20 users');

  const access = page.getByLabel('Access');
  const cohort = page.getByLabel('Cohort');
  await expect(access.locator('option')).toHaveText(['All', 'none', 'level-1', 'admin']);
  await expect(cohort.locator('option').first()).toHaveText('All');
  await expect(cohort.locator('option').nth(1)).toHaveText('none');
  // The whole text: other tests' cohorts ("Mail cohort 1a2b…") contain "cohort 1" too.
  await expect(cohort.locator('option', { hasText: /^Cohort 1$/ })).toHaveAttribute(
    'value',
    'cohort-1',
  );

  await access.selectOption('level-1');
  await expect(page).toHaveURL(`/admin/home?q=${token}&access=level-1`);
  const level1 = kept((user) => user.access === 'level-1');
  await expect(page.getByTestId('user-count')).toHaveText(`${level1.length} users`);
  await expect(column(page, 1)).toHaveText(level1.slice(0, 10).map((user) => user.name));
  await expect(column(page, 4)).toHaveText(Array(10).fill('level-1'));
  // Joined: the day each user was created, as people write it.
  const joined = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
  await expect(column(page, 7).first()).toHaveText(joined.format(new Date(level1[0]!.created_at)));
  await page
    .getByRole('navigation', { name: 'Pagination' })
    .getByRole('link', { name: 'Page 2' })
    .click();
  await expect(page).toHaveURL(`/admin/home?q=${token}&access=level-1&page=2`);
  await expect(column(page, 1)).toHaveText(level1.slice(10).map((user) => user.name));
  await expect(column(page, 0)).toHaveText(['11', '12']);

  // A filter changed on page 2 starts again at page 1.
  await cohort.selectOption('cohort-1');
  await expect(page).toHaveURL(`/admin/home?q=${token}&access=level-1&cohort=cohort-1`);
  const both = kept((user) => user.access === 'level-1' && user.cohort === 'cohort-1');
  await expect(page.getByTestId('user-count')).toHaveText(`${both.length} users`);
  await expect(column(page, 1)).toHaveText(both.map((user) => user.name));
  // The list names the cohort; the CSV below keeps its id (decision 073).
  await expect(column(page, 3)).toHaveText(both.map(() => 'Cohort 1'));

  // Back to one filter, then a new search text keeps it.
  await page.goBack();
  await expect(page).toHaveURL(/page=2$/);
  await expect(access).toHaveValue('level-1');
  await expect(cohort).toHaveValue('');
  await cohort.selectOption('');
  // `lister1.…` and `lister11.…`: both at level-1.
  await page.getByPlaceholder('Search by Username or Email').fill(`1.${token}`);
  await expect(page).toHaveURL(`/admin/home?q=1.${token}&access=level-1`);
  await expect(page.getByTestId('user-count')).toHaveText('2 users');
  await page.getByPlaceholder('Search by Username or Email').fill(token);
  await expect(page.getByTestId('user-count')).toHaveText(`${level1.length} users`);

  // Export CSV: the same users as the filtered list, every page, in its order.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`users-${new Date().toISOString().slice(0, 10)}.csv`);
  const lines = readFileSync((await download.path())!, 'utf8').split('\r\n');
  // The byte order mark tells a spreadsheet the file is UTF-8.
  expect(lines[0]).toBe(`\uFEFF${CSV_HEADER}`);
  expect(lines.at(-1)).toBe('');
  const records = lines.slice(1, -1).map((line) => line.split(','));
  expect(records.map((record) => record[1])).toEqual(level1.map((user) => user.email));
  expect(records.map((record) => record[2])).toEqual(level1.map(() => 'level-1'));
  expect(records.map((record) => record[3])).toEqual(level1.map((user) => user.cohort));
  expect(records.map((record) => record[4])).toEqual(
    level1.map((user) => user.created_at.slice(0, 10)),
  );
  // A name that would run as a formula in a spreadsheet is written as text.
  expect(records.find((record) => record[1]!.startsWith('lister11.'))?.[0]).toBe(
    `'=1+2 ${token} formula`,
  );
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filters apply with the Apply button', async ({ page, context }) => {
    await useAccount(context, admin);
    await page.goto(`/admin/home?q=${token}&page=2`);
    await page.getByLabel('Access').selectOption('none');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(`/admin/home?q=${token}&access=none&cohort=&progress=&track=`);
    const none = kept((user) => user.access === 'none');
    await expect(page.getByTestId('user-count')).toHaveText(`${none.length} users`);
    await expect(column(page, 4)).toHaveText(none.map(() => 'none'));
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/admin/users.csv?q=${token}&access=none`,
    );
    // saveFullPageScreenshot adds a style tag, which waits for scripts that never run here.
    await saveScreenshot(page, 'admin-list-no-js', { fullPage: true });
  });
});

test('filters chosen before the scripts load work as a plain form and are kept through hydration', async ({
  page,
  context,
}) => {
  await useAccount(context, admin);
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // Module scripts hold back DOMContentLoaded: the page is read as it paints.
  await page.goto(`/admin/home?q=${token}`, { waitUntil: 'commit' });
  const none = kept((user) => user.access === 'none');
  await page.getByLabel('Access').selectOption('none');
  const apply = page.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeVisible();
  await apply.click();
  await expect(page).toHaveURL(`/admin/home?q=${token}&access=none&cohort=&progress=&track=`);
  await expect(page.getByTestId('user-count')).toHaveText(`${none.length} users`);

  // A choice made while the scripts load is applied once they run, and stays chosen.
  await page.getByLabel('Cohort').selectOption('cohort-1');
  release();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await expect(page).toHaveURL(`/admin/home?q=${token}&access=none&cohort=cohort-1`);
  await expect(page.getByLabel('Access')).toHaveValue('none');
  await expect(page.getByLabel('Cohort')).toHaveValue('cohort-1');
  const both = none.filter((user) => user.cohort === 'cohort-1');
  await expect(page.getByTestId('user-count')).toHaveText(`${both.length} users`);
  await expect(apply).toBeHidden();
  await expectNoAxeViolations(page);
});

test('the open list updates live with filters on', async ({ browser, page, context }) => {
  // Users of its own: the other tests count the seeded ones.
  const live = `lv${randomBytes(3).toString('hex')}`;
  const created = new Date().toISOString();
  await withE2eDatabase(async (db) => {
    for (const [key, name, access] of [
      ['student', 'Student', 'level-1'],
      ['newcomer', 'Newcomer', 'none'],
    ] as const) {
      await insertUser(db, {
        id: `${live}-${key}`,
        name: `${name} ${live}`,
        email: `${key}.${live}@example.org`,
        access,
        created_at: created,
      });
    }
  });
  await useAccount(context, admin);
  await gotoApp(page, `/admin/home?q=${live}&access=level-1`);
  await expect(page.getByTestId('user-count')).toHaveText('1 user');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`Student ${live}`);

  // Another admin gives the newcomer level-1: the filtered list takes them in at once.
  const other = await browser.newContext();
  await signInNewAccount(other, 'admin', 'Other Filter Admin');
  const otherPage = await other.newPage();
  await gotoApp(otherPage, `/admin/user-details/${live}-newcomer`);
  await otherPage.getByLabel('Access').selectOption('level-1');
  await otherPage.getByLabel('Cohort').selectOption('none');
  await otherPage.getByRole('button', { name: 'Save changes' }).click();
  await expect(otherPage).toHaveURL('/admin/home');
  await expect(page.getByTestId('user-count')).toHaveText('2 users', { timeout: 2_000 });
  await expect(rows(page).filter({ hasText: `Newcomer ${live}` })).toHaveCount(1);
  await other.close();
});

test('a filter shows its ten rows, an empty one says "No User found" without an export link; no axe violations (screenshots)', async ({
  page,
  context,
}) => {
  await useAccount(context, admin);
  await gotoApp(page, `/admin/home?q=${token}&access=level-1`);
  await expect(page.getByTestId('user-count')).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'admin-list-filtered');
  await gotoApp(page, `/admin/home?q=nobody-${token}&cohort=cohort-1`);
  await expect(page.getByText('No User found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'admin-list-filtered-empty');
});

test('the Progress column shows N/8, and "Completed all" keeps only those users', async ({
  page,
  context,
}) => {
  // Users of their own, with steps completed: the other tests count the seeded ones.
  const pq = `pg${randomBytes(3).toString('hex')}`;
  const start = Date.now() - 2 * 86_400_000;
  const learners = [
    { id: `${pq}-finisher`, name: `Finisher ${pq}`, access: 'level-1', steps: 8 },
    { id: `${pq}-halfway`, name: `Halfway ${pq}`, access: 'level-1', steps: 4 },
    { id: `${pq}-graduate`, name: `Graduate ${pq}`, access: 'none', steps: 8 },
  ] as const;
  await withE2eDatabase(async (db) => {
    for (const [index, learner] of learners.entries()) {
      await insertUser(db, {
        id: learner.id,
        name: learner.name,
        email: `${learner.id}@example.org`,
        access: learner.access,
        created_at: new Date(start + index * 60_000).toISOString(),
      });
      // A step without a number does not count.
      const steps = [...NUMBERED_STEPS.slice(0, learner.steps).map((step) => step.slug), 'home'];
      await insertStepCompletions(db, learner.id, steps);
    }
  });

  await useAccount(context, admin);
  await gotoApp(page, `/admin/home?q=${pq}&page=2`);
  await expect(page.getByTestId('user-count')).toHaveText('3 users');
  await expect(page.getByRole('columnheader').nth(6)).toHaveText('Progress');
  await expect(column(page, 1)).toHaveText([`Graduate ${pq}`, `Halfway ${pq}`, `Finisher ${pq}`]);
  await expect(column(page, 6)).toHaveText(['8/8', '4/8', '8/8']);

  const progress = page.getByLabel('Progress');
  await expect(progress.locator('option')).toHaveText(['All', 'Completed all']);
  await progress.selectOption('complete');
  await expect(page).toHaveURL(`/admin/home?q=${pq}&progress=complete`);
  await expect(page.getByTestId('user-count')).toHaveText('2 users');
  await expect(column(page, 1)).toHaveText([`Graduate ${pq}`, `Finisher ${pq}`]);
  await expect(column(page, 6)).toHaveText(['8/8', '8/8']);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    `/admin/users.csv?q=${pq}&progress=complete`,
  );

  // Combined with the access filter, and kept when the page is loaded again.
  await page.getByLabel('Access').selectOption('level-1');
  await expect(page).toHaveURL(`/admin/home?q=${pq}&access=level-1&progress=complete`);
  await expect(page.getByTestId('user-count')).toHaveText('1 user');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`Finisher ${pq}`);
  await expect(column(page, 6)).toHaveText(['8/8']);
  await page.reload();
  await expect(progress).toHaveValue('complete');
  await expect(page.getByTestId('user-count')).toHaveText('1 user');

  // The export holds only the users who completed all eight.
  const response = await fetch(`${ORIGIN}/admin/users.csv?q=${pq}&progress=complete`, {
    headers: { cookie: admin.cookie },
  });
  expect(response.status).toBe(200);
  const lines = (await response.text()).split('\r\n');
  expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual([
    `Graduate ${pq}`,
    `Finisher ${pq}`,
  ]);

  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'admin-list-progress');

  await progress.selectOption('');
  await expect(page).toHaveURL(`/admin/home?q=${pq}&access=level-1`);
  await expect(column(page, 6)).toHaveText(['4/8', '8/8']);
});

test.describe('raw requests', () => {
  test('the export answers 403 to visitors, users without access and students, and CSV to an admin @http', async () => {
    const path = `${ORIGIN}/admin/users.csv?q=${token}`;
    const refused = [
      ['visitor', ''],
      ['none', (await createAccount('none')).cookie],
      ['level-1', (await createAccount('level-1')).cookie],
    ] as const;
    for (const [role, cookie] of refused) {
      const response = await fetch(path, { headers: { cookie }, redirect: 'manual' });
      expect(response.status, role).toBe(403);
      expect(response.headers.get('content-type'), role).not.toContain('text/csv');
      expect(response.headers.get('content-disposition'), role).toBeNull();
      const body = await response.text();
      expect(body, role).toBe(PERMISSION_DENIED_MESSAGES.admin);
      expect(body, role).not.toContain(token);
    }

    const response = await fetch(`${path}&access=none&cohort=no-such-cohort&page=2`, {
      headers: { cookie: admin.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="users-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    // An unknown cohort means every cohort, and the page number does not cut the export.
    expect(lines.slice(1, -1).map((line) => line.split(',')[1])).toEqual(
      kept((user) => user.access === 'none').map((user) => user.email),
    );
  });
});
