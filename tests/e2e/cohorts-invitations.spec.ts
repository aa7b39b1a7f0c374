import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import { postForm } from './form-posts';
import { signInFromLoginPage, uniqueEmail } from './auth-helpers';
import { createAccount, readUser, signInNewAccount } from './sessions';
import { runStatement } from './e2e-database';
import { E2E_ORIGIN } from '../e2e-origin';
import { COHORT_MESSAGES } from '../../app/features/cohorts/cohort-form';

const ORIGIN = E2E_ORIGIN;

function randomSuffix(): string {
  return Math.random().toString(36).slice(2, 8);
}

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
function longDate(day: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

test.describe('invitations', () => {
  test('an invited address signs in for the first time and the course opens at once', async ({
    page,
    browser,
  }) => {
    const invited = uniqueEmail('invited');
    const adminContext = await browser.newContext();
    await signInNewAccount(adminContext, 'admin', 'Inviting Admin');
    const admin = await adminContext.newPage();

    await gotoApp(admin, '/admin/invitations');
    await expect(admin.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible();
    await admin.getByLabel('Email addresses').fill(`${invited}\nnot-an-address`);
    await admin.getByLabel('Access').selectOption({ label: 'Level 1 - FED' });
    await admin.getByLabel('Cohort').selectOption({ label: 'Cohort 1' });
    await admin.getByRole('button', { name: 'Send invitations' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Sent:' })).toContainText(
      'Sent: 1 (0 existing accounts updated).',
    );
    await expect(admin.getByRole('status').filter({ hasText: 'Sent:' })).toContainText(
      'not-an-address (line 2: not an e-mail address)',
    );
    const pending = admin.getByRole('table', { name: 'Pending invitations' });
    await expect(pending.getByRole('row', { name: new RegExp(invited) })).toContainText(
      'Level 1 - FED',
    );
    await expectNoAxeViolations(admin);
    await saveFullPageScreenshot(admin, 'admin-invitations');

    // The invitation e-mail, with its link to sign in.
    await gotoApp(admin, '/dev-mail');
    const mail = admin
      .getByRole('link')
      .filter({ hasText: invited })
      .filter({ hasText: 'You are invited to Frontier Dev Academy' });
    await expect(mail).toHaveCount(1);

    // First sign-in with the invited address (the local provider verifies it), any case.
    await signInFromLoginPage(page, { email: invited.toUpperCase(), name: 'Ina Invited' });
    await expect(page).toHaveURL(/\/fed\/home$/);
    const step = await gotoApp(page, '/fed/javascript');
    expect(step?.status()).toBe(200);

    // The invitation is used: no longer pending; the person's history says who invited them.
    await gotoApp(admin, '/admin/invitations');
    await expect(admin.getByText(invited)).toHaveCount(0);
    await gotoApp(admin, `/admin/home?q=${encodeURIComponent(invited)}`);
    await admin.locator('tbody tr', { hasText: invited }).click();
    await expect(admin.getByTestId('change-history')).toContainText(
      'Inviting Admin (invitation) set access none → level-1, cohort none → cohort-1',
    );
    await expect(admin.getByTestId('change-history')).toContainText('Invitation taken up');
    await adminContext.close();
  });

  test('an existing account is listed for the admin to confirm before anything changes', async ({
    page,
  }) => {
    await signInNewAccount(page.context(), 'admin', 'Confirming Admin');
    const existing = await createAccount('none', 'Ben Install');
    runStatement('update users set email_verified = 1 where id = ?', existing.id);
    const newcomer = uniqueEmail('kate.fifth');
    await gotoApp(page, '/admin/invitations');
    await page.getByLabel('Email addresses').fill(`${newcomer}, ${existing.email}`);
    await page.getByLabel('Access').selectOption({ label: 'Level 1 - FED' });
    await page.getByLabel('Cohort').selectOption({ label: 'Cohort 1' });
    await page.getByRole('button', { name: 'Send invitations' }).click();
    const held = page.getByRole('region', { name: 'Existing accounts' });
    const confirm = held.getByRole('checkbox', { name: new RegExp(existing.email) });
    await expect(confirm).toBeChecked();
    await expect(held).toContainText('Ben Install');
    expect(readUser(existing.id)).toMatchObject({ access: 'none', cohort: 'none' });
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'admin-invitations-existing');

    await held.getByRole('button', { name: 'Update the ticked accounts' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Sent:' })).toContainText(
      'Sent: 1 (1 existing account updated).',
    );
    await expect(page.getByRole('region', { name: 'Existing accounts' })).toHaveCount(0);
    expect(readUser(existing.id)).toMatchObject({ access: 'level-1', cohort: 'cohort-1' });
  });

  test('the outcome of a mixed list says what was sent and why the rest was not, and stays through live updates', async ({
    page,
  }) => {
    const adminAccount = await signInNewAccount(page.context(), 'admin', 'Mixed List Admin');
    const existing = await createAccount('level-1', 'Ben Install');
    const newcomer = uniqueEmail('kate.fifth');
    await gotoApp(page, '/admin/invitations');
    await page.getByLabel('Email addresses').fill(`${newcomer}, bad-two, ${existing.email}`);
    await page.getByRole('button', { name: 'Send invitations' }).click();
    const outcome = page.getByRole('status').filter({ hasText: 'Sent:' });
    await expect(outcome).toContainText('Sent: 1 (0 existing accounts updated).');
    await expect(outcome).toContainText('bad-two (line 1: not an e-mail address)');
    await expect(outcome).toContainText(`${existing.email} (has an account: confirm it below)`);

    // Someone else invites an address and changes a user: the page refreshes live (the new
    // pending invitation appears), and the outcome is still there.
    const elsewhere = uniqueEmail('elsewhere');
    const post = (path: string, form: Record<string, string>) =>
      postForm(path, adminAccount.cookie, form);
    expect(
      (
        await post('/admin/invitations', {
          intent: 'invite',
          emails: elsewhere,
          access: 'none',
          cohort: 'none',
        })
      ).status,
    ).toBe(200);
    const other = await createAccount('none', 'Changed Elsewhere');
    expect(
      (await post(`/admin/user-details/${other.id}`, { access: 'level-1', cohort: 'none' })).status,
    ).toBe(302);
    await expect(page.getByRole('table', { name: 'Pending invitations' })).toContainText(elsewhere);
    await expect(outcome).toContainText('Sent: 1 (0 existing accounts updated).');
    await expect(outcome).toContainText('bad-two (line 1: not an e-mail address)');
  });

  test('a pending invitation can be revoked', async ({ page }) => {
    await signInNewAccount(page.context(), 'admin', 'Revoking Admin');
    const address = uniqueEmail('revoked');
    await gotoApp(page, '/admin/invitations');
    await page.getByLabel('Email addresses').fill(address);
    await page.getByRole('button', { name: 'Send invitations' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Sent:' })).toContainText(
      'Sent: 1 (0 existing accounts updated).',
    );
    await page.getByRole('button', { name: `Revoke the invitation of ${address}` }).click();
    await expect(page.getByText('Invitation revoked')).toBeVisible();
    await expect(page.getByText(address)).toHaveCount(0);
  });
});

test.describe('cohorts', () => {
  test('a new cohort with a start date is announced on /enroll and offered on a user’s page', async ({
    page,
    browser,
  }) => {
    await signInNewAccount(page.context(), 'admin', 'Cohort Admin');
    const start = inDays(30);
    const name = `Cohort ${start}`;
    await gotoApp(page, '/admin/cohorts');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Start date').fill(start);
    await page.getByLabel('Schedule').fill('Tue and Thu, 7–9 pm WAT');
    await page.getByRole('button', { name: 'Create cohort' }).click();
    await expect(page.getByText(`Cohort saved: ${name}`)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Cohorts' })).toContainText(longDate(start));
    // The form is ready for the next cohort, not holding the one just created.
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Start date')).toHaveValue('');
    await expect(page.getByLabel('Schedule')).toHaveValue('');

    // A visitor's prerendered /enroll announces it.
    const visitor = await browser.newContext();
    const enroll = await visitor.newPage();
    await gotoApp(enroll, '/enroll');
    await expect(enroll.getByText(/^Next cohort starts /)).toBeVisible();
    await visitor.close();

    const student = await createAccount('level-1', 'Cohort Student');
    await gotoApp(page, `/admin/user-details/${student.id}`);
    await expect(page.getByLabel('Cohort').locator('option', { hasText: name })).toHaveCount(1);
    await page.getByLabel('Access').selectOption({ label: 'Level 1 - FED' });
    await page.getByLabel('Cohort').selectOption({ label: name });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/admin\/home$/);
  });

  test('an archived cohort is no longer offered or announced, and can be restored', async ({
    page,
    browser,
  }) => {
    await signInNewAccount(page.context(), 'admin', 'Archiving Admin');
    // Far enough ahead to be the next cohort whatever else the suite creates.
    const start = inDays(2);
    const name = `Short-lived ${randomSuffix()}`;
    await gotoApp(page, '/admin/cohorts');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Start date').fill(start);
    await page.getByRole('button', { name: 'Create cohort' }).click();
    await expect(page.getByText(`Cohort saved: ${name}`)).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Archive ${name}` }).click();
    await expect(page.getByText(`Cohort archived: ${name}`)).toBeVisible();
    await expect(row).toContainText('Archived');

    const visitor = await browser.newContext();
    const enroll = await visitor.newPage();
    await gotoApp(enroll, '/enroll');
    await expect(enroll.getByText(`Next cohort starts ${longDate(start)}`)).toHaveCount(0);
    await visitor.close();
    await gotoApp(page, '/admin/invitations');
    await expect(page.getByLabel('Cohort').locator('option', { hasText: name })).toHaveCount(0);

    await gotoApp(page, '/admin/cohorts');
    await row.getByRole('button', { name: `Restore ${name}` }).click();
    await expect(page.getByText(`Cohort restored: ${name}`)).toBeVisible();
    await gotoApp(page, '/admin/invitations');
    await expect(page.getByLabel('Cohort').locator('option', { hasText: name })).toHaveCount(1);
    await gotoApp(page, '/admin/cohorts');
    await row.getByRole('button', { name: `Archive ${name}` }).click();
    await expect(page.getByText(`Cohort archived: ${name}`)).toBeVisible();
  });

  test('the cohorts page at both widths', async ({ page }) => {
    await signInNewAccount(page.context(), 'admin', 'Cohort Viewer');
    await gotoApp(page, '/admin/cohorts');
    await expect(page.getByRole('table', { name: 'Cohorts' })).toContainText('Cohort 1');
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'admin-cohorts');
  });

  test('a refused form keeps its message, and what is being typed, while the list refreshes live with a change made elsewhere', async ({
    page,
  }) => {
    const admin = await signInNewAccount(page.context(), 'admin', 'Patient Admin');
    const streaming = page.waitForResponse((response) => response.url().endsWith('/admin/events'));
    await gotoApp(page, '/admin/cohorts');
    await streaming;
    const name = page.getByLabel('Name');
    await name.fill('Cohort 1');
    await page.getByRole('button', { name: 'Create cohort' }).click();
    const refusal = page.getByText(COHORT_MESSAGES.nameTaken);
    await expect(refusal).toBeVisible();
    // The admin starts correcting it.
    const mine = `Patient ${randomSuffix()}`;
    await name.fill(mine);

    const elsewhere = `Elsewhere ${randomSuffix()}`;
    const created = await postForm('/admin/cohorts', admin.cookie, {
      intent: 'save',
      name: elsewhere,
      startDate: '',
      schedule: '',
      capacity: '',
    });
    expect(created.status).toBe(302);
    // The list has refreshed; the message and the correction under way are both still there.
    const table = page.getByRole('table', { name: 'Cohorts' });
    await expect(table).toContainText(elsewhere);
    await expect(refusal).toBeVisible();
    await expect(name).toHaveValue(mine);

    await page.getByRole('button', { name: 'Create cohort' }).click();
    await expect(page.getByText(`${COHORT_MESSAGES.saved}: ${mine}`)).toBeVisible();
    await expect(refusal).toHaveCount(0);
    await expect(table).toContainText(mine);
    // Its own success empties the form for the next cohort.
    await expect(name).toHaveValue('');
  });

  test('an admin changes another admin’s cohort without touching their access', async ({
    page,
  }) => {
    await signInNewAccount(page.context(), 'admin', 'First Admin');
    const other = await createAccount('admin', 'Second Admin');
    await gotoApp(page, `/admin/user-details/${other.id}`);
    await page.getByLabel('Access').selectOption({ label: 'admin (unchanged)' });
    await page.getByLabel('Cohort').selectOption({ label: 'Cohort 1' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/admin\/home$/);
    await gotoApp(page, `/admin/user-details/${other.id}`);
    await expect(page.getByTestId('change-history')).toContainText(
      'First Admin set access admin → admin, cohort none → cohort-1',
    );
  });
});

test.describe('roles on the cohort and invitation pages', () => {
  for (const path of ['/admin/invitations', '/admin/cohorts']) {
    test(`${path}: 403 for everyone but admins, on the page and its form @http`, async ({
      request,
    }) => {
      for (const role of ['visitor', 'none', 'level-1', 'admin'] as const) {
        const account = role === 'visitor' ? undefined : await createAccount(role, `Role ${role}`);
        const headers = account ? { Cookie: account.cookie } : undefined;
        const page = await request.get(`${ORIGIN}${path}`, { headers, maxRedirects: 0 });
        expect(page.status(), `${role} GET ${path}`).toBe(role === 'admin' ? 200 : 403);
        const form = await request.post(`${ORIGIN}${path}`, {
          headers: { ...headers, Origin: ORIGIN },
          form: { intent: 'revoke', id: 'inv_nothing', name: '' },
          maxRedirects: 0,
        });
        // An admin's form is read: an unknown invitation is 409, a cohort without a name 400.
        const adminAnswer = path === '/admin/invitations' ? 409 : 400;
        expect(form.status(), `${role} POST ${path}`).toBe(role === 'admin' ? adminAnswer : 403);
      }
    });
  }
});
