import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { PERMISSION_DENIED_MESSAGES } from '../../app/features/auth/permission-denied';
import { mainMenuLink, openMenu, signInFromLoginPage } from './auth-helpers';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import { postForm } from './form-posts';
import {
  countMatching,
  createAccount,
  readTransfer,
  readUser,
  type SeededUser,
  seedUsers,
  signInNewAccount,
  submitTransferAs,
  type TestAccount,
  useAccount,
} from './sessions';
import { readValue, withE2eDatabase } from './e2e-database';
import { member, newCohort } from './cohort-people';
import { insertEnrolment, insertOrder, insertPayment } from '../support/factories';
import { E2E_ORIGIN } from '../e2e-origin';

const ORIGIN = E2E_ORIGIN;

let token: string;
let seeded: SeededUser[];
let admin: TestAccount;

test.beforeAll(async () => {
  token = `zq${randomBytes(3).toString('hex')}`;
  seeded = await seedUsers([
    ...Array.from({ length: 33 }, (_, index) => ({
      name: `Learner ${token} ${String(index + 1).padStart(2, '0')}`,
      email: `learner${index + 1}.${token}@school.example`,
    })),
    { name: `Percent 100% ${token}`, email: `percent.${token}@example.com` },
    { name: `Mixed Case ${token}`, email: `MIXED.${token.toUpperCase()}@Example.COM` },
  ]);
  admin = await createAccount('admin', 'Olu Admin');
});

/** The s/n cells; web-first assertions on them wait for the list to load. */
const serials = (page: Page) => page.locator('tbody tr td:first-child');

test('search, count, pagination and history of the list', async ({ page, context }) => {
  await useAccount(context, admin);
  await gotoApp(page, '/admin/home');
  await expect(page.getByRole('heading', { level: 1, name: 'List of Users' })).toBeVisible();
  await expect(page.getByText('Click on a user to change the role.')).toBeVisible();
  const search = page.getByPlaceholder('Search by Username or Email');

  await search.fill(token.toUpperCase());
  await expect(page).toHaveURL(`/admin/home?q=${token.toUpperCase()}`);
  await expect(page.getByTestId('user-count')).toHaveText('35 users');
  await expect(serials(page)).toHaveText(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('link', { name: /^Page \d+$/ })).toHaveCount(4);
  await expect(pagination.getByRole('link', { name: 'Previous' })).toHaveCount(0);
  await pagination.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(serials(page).first()).toHaveText('11');
  await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // Previous and Next, by keyboard.
  await pagination.getByRole('link', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/page=3/);
  await expect(serials(page).first()).toHaveText('21');
  await pagination.getByRole('link', { name: 'Previous' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/page=2/);
  await pagination.getByRole('link', { name: 'Page 4' }).click();
  await expect(page).toHaveURL(/page=4/);
  await expect(pagination.getByRole('link', { name: 'Next' })).toHaveCount(0);
  await pagination.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);

  // A new search text goes back to page 1.
  await search.fill(`learner1.${token}`);
  await expect(page).toHaveURL(`/admin/home?q=learner1.${token}`);
  await expect(page.getByTestId('user-count')).toHaveText('1 user');
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);

  // Back and forward restore the list.
  await page.goBack();
  await expect(page).toHaveURL(/page=2/);
  await expect(serials(page).first()).toHaveText('11');
  await page.goForward();
  await expect(page.getByTestId('user-count')).toHaveText('1 user');

  // Mixed case in the stored e-mail, lower case in the search.
  await search.fill(`mixed.${token}@example.com`);
  await expect(page.getByTestId('user-count')).toHaveText('1 user');
  await expect(page.locator('tbody')).toContainText(`Mixed Case ${token}`);

  await search.fill('%');
  await expect(page).toHaveURL('/admin/home?q=%25');
  const percentCount = countMatching('%');
  await expect(page.getByTestId('user-count')).toHaveText(
    `${percentCount} ${percentCount === 1 ? 'user' : 'users'}`,
  );
  for (const row of await page.locator('tbody tr').all()) {
    const name = await row.locator('td').nth(1).textContent();
    const email = await row.locator('td').nth(2).textContent();
    expect(`${name}${email}`).toContain('%');
  }

  await search.fill(`nobody-${token}`);
  await expect(page.getByText('No User found')).toBeVisible();
  await expect(page.getByTestId('user-count')).toHaveText('0 users');
});

test('a row opens the details by click and by keyboard', async ({ page, context }) => {
  await useAccount(context, admin);
  const target = seeded[5]!;
  await gotoApp(page, `/admin/home?q=${token}&page=3`);
  await gotoApp(page, `/admin/home?q=${encodeURIComponent(target.email)}`);
  await page.locator('tbody tr').first().locator('td').nth(2).click();
  await expect(page).toHaveURL(new RegExp(`/admin/user-details/${target.id}`));
  await expect(page.getByRole('heading', { name: 'User Details' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to List of Users' }).click();
  await expect(page).toHaveURL(`/admin/home?q=${encodeURIComponent(target.email)}`);

  await page.getByRole('link', { name: target.name }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'User Details' })).toBeVisible();
  for (const text of [target.name, target.email, target.id]) {
    await expect(page.getByRole('definition').filter({ hasText: text })).toBeVisible();
  }
});

test('updating a user: placeholders, message, list and audit trail', async ({ page, context }) => {
  await useAccount(context, admin);
  const target = seeded[11]!;
  await gotoApp(page, `/admin/user-details/${target.id}`);
  const access = page.getByLabel('Access');
  const cohort = page.getByLabel('Cohort');
  // The form starts from the user's own access and cohort; the placeholder stays first.
  await expect(access).toHaveValue('none');
  await expect(cohort).toHaveValue('none');
  await expect(access.locator('option', { hasText: '-- Choose one --' })).toBeDisabled();
  await expect(cohort.locator('option', { hasText: '-- Choose one --' })).toBeDisabled();
  await expect(access.locator('option')).toHaveText(['-- Choose one --', 'none', 'Level 1 - FED']);
  // SPEC §5's options come first; cohorts admins created since (cohorts.spec) follow.
  await expect(cohort.locator('option').nth(0)).toHaveText('-- Choose one --');
  await expect(cohort.locator('option').nth(1)).toHaveText('none');
  await expect(cohort.locator('option', { hasText: /^Cohort 1$/ })).toHaveCount(1);
  await expectNoAxeViolations(page);

  await access.selectOption('level-1');
  await cohort.selectOption('cohort-1');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('User status changes successfully')).toBeVisible();
  await expect(page).toHaveURL('/admin/home');
  await page.getByPlaceholder('Search by Username or Email').fill(target.email);
  const row = page.locator('tbody tr').first();
  await expect(row).toContainText('level-1');
  await expect(row).toContainText('Cohort 1');
  expect(readUser(target.id)).toMatchObject({ access: 'level-1', cohort: 'cohort-1' });
  expect(readUser(target.id).edited_at).not.toBeNull();

  await row.getByRole('link').click();
  await expect(page.getByTestId('change-history')).toContainText(
    'Olu Admin set access none → level-1, cohort none → cohort-1',
  );
});

test('the admin status form changes only the cohort without touching the access (screenshots)', async ({
  page,
  context,
}) => {
  await useAccount(context, admin);
  const cohortName = `January 2027 Cohort ${token}`;
  const january = await newCohort(cohortName);
  const student = await member('level-1', 'cohort-1', `Moving Student ${token}`);
  await gotoApp(page, `/admin/user-details/${student.id}`);
  const access = page.getByLabel('Access');
  const cohort = page.getByLabel('Cohort');
  await expect(page.getByText('Cohort 1', { exact: true }).first()).toBeVisible();
  await expect(access).toHaveValue('level-1');
  await expect(cohort).toHaveValue('cohort-1');
  await expect(cohort.locator('option').first()).toHaveText('-- Choose one --');
  await expect(cohort.locator('option').first()).toBeDisabled();
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'admin-status-form');
  await page.setViewportSize({ width: 375, height: 740 });
  await saveFullPageScreenshot(page, 'admin-status-form-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Only the cohort is chosen: the access sent is the one the form started from.
  await cohort.selectOption(january);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('User status changes successfully')).toBeVisible();
  expect(readUser(student.id)).toMatchObject({ access: 'level-1', cohort: january });
  // The list names the cohort, not its id.
  await page.getByPlaceholder('Search by Username or Email').fill(student.email);
  const row = page.locator('tbody tr').first();
  await expect(row).toContainText(cohortName);
  await expect(row).not.toContainText(january);
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'admin-list-cohort-names');
  await page.setViewportSize({ width: 375, height: 740 });
  await saveFullPageScreenshot(page, 'admin-list-cohort-names-375');
});

/** A paid upfront FrontEnd enrolment for the account, its payment on 24 Nov 2026. */
async function enrolPaid(userId: string) {
  const at = '2026-11-24T09:30:00.000Z';
  const orderId = `order-${userId}`;
  await withE2eDatabase(async (db) => {
    await insertOrder(db, { id: orderId, userId, amount: 60000, status: 'paid', createdAt: at });
    await insertPayment(db, {
      id: `payment-${userId}`,
      orderId,
      userId,
      providerPaymentId: `pay-${userId}`,
      amount: 60000,
      createdAt: at,
    });
    await insertEnrolment(db, { id: `enrolment-${userId}`, userId, orderId, at });
  });
}

test("removing a paying student's access warns, takes a reason and tells the student", async ({
  page,
  context,
}) => {
  await useAccount(context, admin);
  const student = await createAccount('level-1', 'Paying Student');
  await enrolPaid(student.id);
  await gotoApp(page, `/admin/user-details/${student.id}`);
  await expect(page.getByRole('note')).toHaveText(
    /This student has an active paid enrolment: FrontEnd Bootcamp Upfront, paid 24 Nov 2026/,
  );
  const reason = page.getByLabel('Reason');
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'admin-paid-student');

  // Without a reason the browser refuses to send the form; the server refuses it too.
  await page.getByLabel('Access').selectOption('none');
  await page.getByLabel('Cohort').selectOption('none');
  await expect(reason).toHaveAttribute('required', '');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(reason).toBeFocused();
  expect(readUser(student.id).access).toBe('level-1');
  const refused = await postForm(`/admin/user-details/${student.id}`, admin.cookie, {
    access: 'none',
    cohort: 'none',
  });
  expect(refused.status).toBe(400);
  expect(readUser(student.id).access).toBe('level-1');

  await reason.fill('Chargeback opened by the bank');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('User status changes successfully')).toBeVisible();
  expect(readUser(student.id).access).toBe('none');
  await gotoApp(page, `/admin/user-details/${student.id}`);
  const history = page.getByTestId('change-history');
  await expect(history).toContainText(
    'Olu Admin set access level-1 → none, cohort none → none. Reason: Chargeback opened by the bank',
  );
  await expect(history).toContainText('E-mail “Your access to the course was changed”');
  // Access is gone now: nothing left to warn about.
  await expect(page.getByRole('note')).toHaveCount(0);
});

test("changes appear live in another admin's open list, new users too", async ({
  browser,
  page,
  context,
}) => {
  await useAccount(context, admin);
  const watcher = await browser.newContext();
  await signInNewAccount(watcher, 'admin', 'Watching Admin');
  const watching = await watcher.newPage();
  await gotoApp(watching, `/admin/home?q=${token}`);
  const target = seeded[34]!; // newest seeded user: first row of page 1
  const targetRow = watching.locator('tbody tr', { hasText: target.name });
  await expect(targetRow).toContainText('none');

  await gotoApp(page, `/admin/user-details/${target.id}`);
  await page.getByLabel('Access').selectOption('level-1');
  await page.getByLabel('Cohort').selectOption('cohort-1');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL('/admin/home');
  await expect(targetRow).toContainText('level-1', { timeout: 1_000 });

  // Someone signs in for the first time: they appear in the open list.
  const newcomer = await browser.newContext();
  const newcomerPage = await newcomer.newPage();
  await signInFromLoginPage(newcomerPage, {
    email: `newcomer.${token}@example.org`,
    name: `Newcomer ${token}`,
  });
  await expect(watching.locator('tbody')).toContainText(`Newcomer ${token}`, { timeout: 1_000 });
  await watcher.close();
  await newcomer.close();
});

test.describe('raw requests', () => {
  test('tampered values, non-admins and unknown ids change nothing @http', async () => {
    /** A raw post of the user page's form: the user's access and cohort. */
    const saveDetails = (id: string, cookie: string, access: string, cohort: string) =>
      postForm(`/admin/user-details/${id}`, cookie, { access, cohort });
    const target = seeded[20]!;
    const before = readUser(target.id);
    const tampered = await saveDetails(target.id, admin.cookie, 'admin', 'none');
    // Admin is never granted from the form (an admin's own row offers it only to keep it).
    expect(tampered.status).toBe(403);
    const badCohort = await saveDetails(target.id, admin.cookie, 'none', 'cohort-9');
    expect(badCohort.status).toBe(400);
    const student = await createAccount('level-1');
    const notAdmin = await saveDetails(target.id, student.cookie, 'level-1', 'cohort-1');
    expect(notAdmin.status).toBe(403);
    expect(readUser(target.id)).toEqual(before);

    const unknown = await fetch(`${ORIGIN}/admin/user-details/no-such-user`, {
      headers: { cookie: admin.cookie },
    });
    expect(unknown.status).toBe(404);
    const unknownPage = await unknown.text();
    expect(unknownPage).toContain('Document not found');
    expect(unknownPage).toMatch(/<a[^>]*href="\/admin\/home"[^>]*>Back to List of Users<\/a>/);
    const unknownPost = await saveDetails('no-such-user', admin.cookie, 'none', 'none');
    expect(unknownPost.status).toBe(404);

    const ownAccess = await saveDetails(admin.id, admin.cookie, 'none', 'none');
    expect(ownAccess.status).toBe(403);
    expect(readUser(admin.id).access).toBe('admin');
  });

  test('a body that is not a form, or a method other than POST, answers 4xx and writes nothing @http', async () => {
    const target = seeded[21]!;
    const before = readUser(target.id);
    const path = `/admin/user-details/${target.id}`;
    for (const [type, body] of [
      ['text/plain', 'access=level-1&cohort=cohort-1'],
      ['application/json', JSON.stringify({ access: 'level-1', cohort: 'cohort-1' })],
      ['multipart/form-data; boundary=x', '--x\r\nbroken'],
    ]) {
      const response = await fetch(`${ORIGIN}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: admin.cookie, origin: ORIGIN, 'content-type': type! },
        body,
      });
      expect(response.status, type).toBe(400);
      expect(await response.text()).toContain('The form could not be read.');
    }
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await postForm(path, admin.cookie, 'access=level-1&cohort=cohort-1', {
        method,
      });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD, POST');
    }
    expect(readUser(target.id)).toEqual(before);
  });

  test('every admin page and the events answer 403 to non-admins, and 200 to an admin @http', async () => {
    const sender = await createAccount('none', 'Transfer Sender');
    const { transferId } = await submitTransferAs(sender);
    const paths = [
      '/admin',
      '/admin/home',
      `/admin/user-details/${seeded[0]!.id}`,
      '/admin/home.data',
      '/admin/payments',
      '/admin/payments.data',
      '/admin/transfers',
      '/admin/transfers.data',
      `/admin/transfers/${transferId}`,
      `/admin/transfers/${transferId}.data`,
    ];
    const student = await createAccount('level-1');
    const newcomer = await createAccount('none');
    for (const cookie of ['', newcomer.cookie, student.cookie]) {
      for (const path of paths) {
        const response = await fetch(`${ORIGIN}${path}`, {
          headers: { cookie },
          redirect: 'manual',
        });
        expect(response.status, path).toBe(403);
        const body = await response.text();
        expect(body).not.toContain(seeded[0]!.email);
        expect(body, path).not.toContain(sender.email);
        expect(body, path).not.toContain('Needs attention');
      }
      const events = await fetch(`${ORIGIN}/admin/events?collection=users`, {
        headers: { cookie },
      });
      expect(events.status).toBe(403);
      // Approving takes an admin: the transfer stays pending.
      const approve = await postForm(`/admin/transfers/${transferId}`, cookie, {
        intent: 'approve',
        cohort: 'cohort-1',
      });
      expect(approve.status).toBe(403);
      expect(readTransfer(transferId).status).toBe('pending');
    }
    for (const path of paths.slice(1)) {
      const response = await fetch(`${ORIGIN}${path}`, { headers: { cookie: admin.cookie } });
      expect(response.status, path).toBe(200);
    }
    const approved = await postForm(`/admin/transfers/${transferId}`, admin.cookie, {
      intent: 'approve',
      cohort: 'cohort-1',
    });
    expect(approved.status).toBe(302);
    expect(approved.headers.get('location')).toBe('/admin/transfers');
    expect(readTransfer(transferId).status).toBe('approved');
    expect(readUser(sender.id)).toMatchObject({ access: 'level-1', cohort: 'cohort-1' });
    // A second decision changes nothing; an unknown transfer is a 404.
    const again = await postForm(`/admin/transfers/${transferId}`, admin.cookie, {
      intent: 'reject',
      reason: 'Too late',
    });
    expect(again.status).toBe(409);
    expect(readTransfer(transferId).status).toBe('approved');
    const unknown = await fetch(`${ORIGIN}/admin/transfers/no-such-transfer`, {
      headers: { cookie: admin.cookie },
    });
    expect(unknown.status).toBe(404);
  });

  test('the certificate actions on a user page answer 403 to non-admins and write nothing @http', async () => {
    const target = await createAccount('level-1', 'Certificate Target');
    const countCertificates = () =>
      readValue('select count(*) from certificates where user_id = ?', target.id);
    const path = `/admin/user-details/${target.id}`;
    const student = await createAccount('level-1');
    const newcomer = await createAccount('none');
    for (const cookie of ['', newcomer.cookie, student.cookie]) {
      const issue = await postForm(path, cookie, {
        intent: 'issue-certificate',
        name: 'Forged Name',
        note: 'Forged note',
      });
      expect(issue.status).toBe(403);
      const revoke = await postForm(path, cookie, {
        intent: 'revoke-certificate',
        certificateId: 'AAAAAAAAAAAAAAAAAAAAAA',
        reason: 'Forged reason',
      });
      expect(revoke.status).toBe(403);
    }
    expect(countCertificates()).toBe(0);
    // An admin may (early, with a note); a second while it is valid is refused.
    const issued = await postForm(path, admin.cookie, {
      intent: 'issue-certificate',
      name: 'Certificate Target',
      note: 'Issued by the role test',
    });
    expect(issued.status).toBe(302);
    const again = await postForm(path, admin.cookie, {
      intent: 'issue-certificate',
      name: 'Certificate Target',
      note: 'Twice',
    });
    expect(again.status).toBe(409);
    expect(countCertificates()).toBe(1);
  });

  test("a demoted admin's open event stream ends @http", async () => {
    const demoted = await createAccount('admin', 'Soon Former Admin');
    const response = await fetch(`${ORIGIN}/admin/events?collection=users`, {
      headers: { cookie: demoted.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toContain('event: ready');
    const demotion = await postForm(`/admin/user-details/${demoted.id}`, admin.cookie, {
      access: 'none',
      cohort: 'none',
    });
    expect(demotion.status).toBe(302);
    const deadline = Date.now() + 5_000;
    let done = false;
    while (!done && Date.now() < deadline) done = (await reader.read()).done;
    expect(done).toBe(true);
  });
});

test('admins only: the Admin menu entry and the Permission Denied page', async ({
  page,
  context,
}) => {
  await signInNewAccount(context, 'level-1', 'Lola Level');
  const response = await gotoApp(page, '/admin/home');
  expect(response?.status()).toBe(403);
  await expect(page.getByText(PERMISSION_DENIED_MESSAGES.admin)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Back To Home' })).toBeVisible();
  await openMenu(page);
  await expect(mainMenuLink(page, 'Admin')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the admin list, search and details pages have no axe violations, and the menu links to Admin (screenshots)', async ({
  page,
  context,
}) => {
  await useAccount(context, admin);
  const shot = (name: string) => saveFullPageScreenshot(page, `admin-${name}`);
  await gotoApp(page, '/admin/home');
  await expect(page.getByTestId('user-count')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot('list');
  await gotoApp(page, `/admin/home?q=${token}&page=2`);
  await expectNoAxeViolations(page);
  await shot('search');
  await gotoApp(page, `/admin/user-details/${seeded[1]!.id}`);
  await expectNoAxeViolations(page);
  await shot('details');
  await openMenu(page);
  await expect(mainMenuLink(page, 'Admin')).toBeVisible();
});
