import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ACCOUNT_DATA_MESSAGES, EXPORTS_PER_HOUR } from '../../app/features/account/account-data';
import { PERMISSION_DENIED_MESSAGES } from '../../app/features/auth/permission-denied';
import { E2E_ORIGIN } from '../e2e-origin';
import { signInFromLoginPage, uniqueEmail } from './auth-helpers';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import { postForm } from './form-posts';
import { expectMail } from './mailbox';
import { createAccount, signInNewAccount } from './sessions';
import { openE2eDatabase, readRow, readValue } from './e2e-database';

const DELETED_SUBJECT = 'Your Frontier Dev Academy account was deleted';

/**
 * What a student who paid and learned leaves: a $400 card payment of the FrontEnd plan (as
 * the local provider's webhook leaves it), the first step done, and a certificate.
 */
function seedStudentRecord(userId: string): { paymentId: string; certificateId: string } {
  const at = new Date().toISOString();
  const orderId = `ord-acct-${randomBytes(6).toString('hex')}`;
  const paymentId = `pay-${orderId}`;
  const certificateId = randomBytes(16).toString('base64url');
  const db = openE2eDatabase();
  try {
    db.prepare(
      `insert into orders (id, user_id, plan_id, track, amount, currency, installments, provider, status, created_at, updated_at)
       values (?, ?, 'fed-upfront', 'frontend', 40000, 'USD', 1, 'local', 'paid', ?, ?)`,
    ).run(orderId, userId, at, at);
    db.prepare(
      `insert into payments (id, order_id, user_id, provider, provider_payment_id, amount, currency, status, raw_event, created_at)
       values (?, ?, ?, 'local', ?, 40000, 'USD', 'paid', '{}', ?)`,
    ).run(paymentId, orderId, userId, `charge-${orderId}`, at);
    db.prepare('insert into step_completions (user_id, step, completed_at) values (?, ?, ?)').run(
      userId,
      'roadmap',
      at,
    );
    db.prepare(
      `insert into certificates (id, user_id, name, track, cohort_name, issued_at, issued_by, issued_by_name, listed)
       values (?, ?, (select name from users where id = ?), 'frontend', 'Cohort 1', ?, 'e2e', 'E2E Admin', 1)`,
    ).run(certificateId, userId, userId, at);
  } finally {
    db.close();
  }
  return { paymentId, certificateId };
}

test('a student downloads their data, then deletes their account; signing in again starts anew', async ({
  page,
  browser,
}, testInfo) => {
  const project = testInfo.project.name;
  const person = { email: uniqueEmail('leaving'), name: `Leaving Student ${project}` };
  await signInFromLoginPage(page, person);
  await expect(page).toHaveURL(/\/fed\/home$/);
  const userId = readValue<string>('select id from users where email = ?', person.email);
  const { paymentId, certificateId } = seedStudentRecord(userId);

  await gotoApp(page, '/account/delete');
  await expect(page.getByRole('heading', { level: 1, name: 'Delete my account' })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'account-delete');

  // Download my data: the file holds the payment and the progress.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8')) as {
    format: string;
    profile: { email: string };
    payments: { id: string; amount: number; currency: string; status: string }[];
    progress: { step: string }[];
  };
  expect(data.format).toBe('frontier-dev-academy/account-data/1');
  expect(data.profile.email).toBe(person.email);
  expect(data.payments).toEqual([
    expect.objectContaining({ id: paymentId, amount: 40_000, currency: 'USD', status: 'paid' }),
  ]);
  expect(data.progress.map((step) => step.step)).toEqual(['roadmap']);

  // A wrong address is refused, and nothing changes.
  const field = page.getByLabel(/Type your e-mail address/);
  await field.fill(`not-${person.email}`);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(ACCOUNT_DATA_MESSAGES.wrongEmail)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'account-delete-refused');
  expect(readValue<number>('select count(*) from users where id = ?', userId)).toBe(1);

  // The right one deletes the account: signed out, on the home page, with a toast.
  await field.fill(person.email);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(`${E2E_ORIGIN}/`);
  await expect(page.getByText(ACCOUNT_DATA_MESSAGES.deleted)).toBeVisible();
  await gotoApp(page, '/account/delete');
  await expect(page).toHaveURL(`${E2E_ORIGIN}/login?redirectTo=%2Faccount%2Fdelete`);
  await expectMail(page, person.email, DELETED_SUBJECT);

  const tombstone = readRow<{ id: string; name: string; email: string; access: string }>(
    'select u.id, u.name, u.email, u.access from payments p join users u on u.id = p.user_id where p.id = ?',
    paymentId,
  )!;
  expect(tombstone).toMatchObject({ name: 'Deleted account', access: 'none' });

  // The admin list shows the placeholder; the payment still counts, without a name.
  const adminContext = await browser.newContext();
  try {
    await signInNewAccount(adminContext, 'admin', 'Privacy Admin');
    const admin = await adminContext.newPage();
    await gotoApp(admin, `/admin/home?q=${encodeURIComponent(tombstone.email)}`);
    await expect(admin.getByRole('table').getByText('Deleted account')).toBeVisible();
    await gotoApp(admin, `/admin/payments?q=${encodeURIComponent(tombstone.email)}`);
    await expect(admin.getByTestId('payment-count')).toHaveText('1 order');
    const row = admin.locator('tbody tr', { hasText: 'FrontEnd Bootcamp Upfront' });
    await expect(row.locator('td[data-label="Buyer"]')).toContainText('Deleted account');
    await expect(row.locator('td[data-label="Amount"]')).toHaveText('$400');
    await expect(admin.getByText(person.name)).toHaveCount(0);
  } finally {
    await adminContext.close();
  }

  // The certificate's public page says withdrawn, without the name.
  await gotoApp(page, `/certificates/${certificateId}`);
  await expect(page.getByText(/withdrawn by its holder/)).toBeVisible();
  await expect(page.getByTestId('certificate-status')).toContainText('Withdrawn');
  await expect(page.getByText(person.name)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'certificate-withdrawn');

  // The same identity signs in again: a new account, with access none.
  await signInFromLoginPage(page, person);
  await expect(page).toHaveURL(/\/fed\/home$/);
  const again = readRow<{ id: string; access: string; name: string }>(
    'select id, access, name from users where email = ?',
    person.email,
  )!;
  expect(again).toEqual({ id: userId, access: 'none', name: person.name });
  expect(readValue<number>('select count(*) from payments where user_id = ?', userId)).toBe(0);
});

test('the data and deletion routes answer only the signed-in person, and only from this site', async ({
  page,
}) => {
  // A visitor: sent to sign in (and back, as from /account); the file is 403, as text.
  await gotoApp(page, '/account/delete');
  await expect(page).toHaveURL(`${E2E_ORIGIN}/login?redirectTo=%2Faccount%2Fdelete`);
  const visitorFile = await postForm('/account/data', '', {});
  expect(visitorFile.status).toBe(403);
  expect(await visitorFile.text()).toBe(PERMISSION_DENIED_MESSAGES.account);
  const visitorDelete = await postForm('/account/delete', '', { email: 'x@example.org' });
  expect(visitorDelete.status).toBe(302);
  expect(visitorDelete.headers.get('location')).toBe('/login?redirectTo=%2Faccount%2Fdelete');

  // Signed in: the file, as an attachment never cached; a GET makes none.
  const student = await createAccount('level-1', 'Export Student');
  const exported = await postForm('/account/data', student.cookie, {});
  expect(exported.status).toBe(200);
  expect(exported.headers.get('content-type')).toContain('application/json');
  expect(exported.headers.get('content-disposition')).toMatch(
    /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  expect(exported.headers.get('cache-control')).toBe('private, no-store');
  expect(((await exported.json()) as { profile: { id: string } }).profile.id).toBe(student.id);
  const viaGet = await fetch(`${E2E_ORIGIN}/account/data`, { headers: { cookie: student.cookie } });
  expect(viaGet.status).toBe(405);

  // Another site's form is refused before anything runs.
  const crossSite = { origin: 'https://evil.example' };
  expect((await postForm('/account/data', student.cookie, {}, crossSite)).status).toBe(403);
  const crossDelete = await postForm(
    '/account/delete',
    student.cookie,
    { email: student.email },
    crossSite,
  );
  expect(crossDelete.status).toBe(403);
  expect(readValue<number>('select count(*) from users where id = ?', student.id)).toBe(1);

  // A wrong address is refused with 400 through the same POST; nothing is deleted.
  const wrong = await postForm('/account/delete', student.cookie, { email: 'someone@else.org' });
  expect(wrong.status).toBe(400);
  expect(readValue<number>('select count(*) from users where id = ?', student.id)).toBe(1);

  // A few downloads an hour, then 429 with the wait.
  for (let index = 1; index < EXPORTS_PER_HOUR; index += 1) {
    expect((await postForm('/account/data', student.cookie, {})).status).toBe(200);
  }
  const limited = await postForm('/account/data', student.cookie, {});
  expect(limited.status).toBe(429);
  expect(await limited.text()).toMatch(
    /^You can download your data 3 times an hour\. Try again in 60 minutes\.$/,
  );
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
});
