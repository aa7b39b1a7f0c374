import { randomUUID } from 'node:crypto';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import { postForm } from './form-posts';
import { signInFromLoginPage, uniqueEmail } from './auth-helpers';
import { createAccount, openAsNewAccount } from './sessions';
import { openE2eDatabase } from './e2e-database';
import { E2E_ORIGIN } from '../e2e-origin';

const ORIGIN = E2E_ORIGIN;

/** A welcome e-mail that failed for good, as the worker leaves one after a day of refusals. */
function insertFailedWelcome(user: { id: string; email: string; name: string }): string {
  const id = randomUUID();
  const at = new Date().toISOString();
  const db = openE2eDatabase();
  try {
    db.prepare(
      `insert into email_outbox (id, idempotency_key, template, recipient, recipient_name, user_id,
         subject, payload, status, attempts, created_at, queued_at, next_attempt_at, last_error)
       values (?, ?, 'welcome', ?, ?, ?, 'Welcome to Frontier Dev Academy', ?, 'failed', 12, ?, ?, ?, ?)`,
    ).run(
      id,
      `welcome:${user.id}`,
      user.email,
      user.name,
      user.id,
      JSON.stringify({ name: user.name }),
      at,
      at,
      at,
      'SMTP 550: Mailbox unavailable',
    );
  } finally {
    db.close();
  }
  return id;
}

test.describe('transactional e-mail', () => {
  test('a new account gets the welcome e-mail at /dev-mail, and its link opens the course', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('welcome');
    await signInFromLoginPage(page, { email, name: 'Wendy Welcome' });
    await expect(page).toHaveURL(/\/fed\/home$/);

    await gotoApp(page, '/dev-mail');
    await expect(page.getByRole('heading', { level: 1, name: 'Local mailbox' })).toBeVisible();
    const entry = page.getByRole('link').filter({ hasText: email });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Welcome to Frontier Dev Academy');
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'dev-mail-list');

    await entry.click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome to Frontier Dev Academy' }),
    ).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Text part' })).toContainText(
      `Start the course: ${ORIGIN}/fed/home`,
    );
    const message = page.frameLocator('iframe[title^="The HTML part"]');
    await expect(message.getByRole('heading', { name: 'Welcome, Wendy Welcome' })).toBeVisible();
    await expectNoAxeViolations(page, ['iframe[title^="The HTML part"]']);
    await saveFullPageScreenshot(page, 'dev-mail-message');

    const link = message.getByRole('link', { name: 'Start the course' });
    await expect(link).toHaveAttribute('href', `${ORIGIN}/fed/home`);
    const opened = context.waitForEvent('page');
    await link.click();
    const course = await opened;
    await expect(course).toHaveURL(`${ORIGIN}/fed/home`);
    await expect(course.getByText('Hi, Wendy Welcome').first()).toBeAttached();
  });

  test('an admin sees a person’s e-mails and sends a failed one again', async ({ page }) => {
    const student = await createAccount('none', 'Fiona Failed');
    const emailId = insertFailedWelcome(student);
    await openAsNewAccount(page, `/admin/user-details/${student.id}`, 'admin', 'Mail Admin');

    const emails = page.getByRole('region', { name: 'E-mails' });
    await expect(emails.getByText('Welcome to Frontier Dev Academy')).toBeVisible();
    await expect(emails.getByText('Failed', { exact: true })).toBeVisible();
    await expect(emails.getByText('Last error: SMTP 550: Mailbox unavailable')).toBeVisible();
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'admin-user-emails');

    await emails.getByRole('button', { name: /^Retry/ }).click();
    await expect(
      page.getByText('The e-mail is queued and will be sent again in a moment.'),
    ).toBeVisible();
    // The worker was woken: the local mailbox has it, and the page says so on its next load.
    await expect(async () => {
      await gotoApp(page, `/admin/user-details/${student.id}`);
      await expect(emails.getByText('Sent', { exact: true })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await expect(emails.getByRole('button', { name: /^Retry/ })).toHaveCount(0);

    // The same retry again, or one by someone who is not an admin, changes nothing.
    const admin = await createAccount('admin');
    const student2 = await createAccount('level-1');
    const retry = (cookie: string, id: string) =>
      postForm(`/admin/user-details/${student.id}`, cookie, { intent: 'retry-email', emailId: id });
    expect((await retry(admin.cookie, emailId)).status).toBe(409);
    expect((await retry(admin.cookie, 'no-such-email')).status).toBe(409);
    expect((await retry(student2.cookie, emailId)).status).toBe(403);
  });
});
