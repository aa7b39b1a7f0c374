import type { Page } from '@playwright/test';
import { bankTransfer, plans } from '../../app/content/plans';
import { sweepOverdue } from '../../app/features/enrolment/overdue.server';
import { TRANSFER_DECISION_MESSAGES } from '../../app/features/transfers/transfer-decision';
import { TRANSFER_MESSAGES, TRANSFER_SUBMITTED } from '../../app/features/transfers/transfer-form';
import { formatNaira } from '../../app/lib/format';
import { LIST_PAGE_SIZE } from '../../app/ui/list/page-window';
import { E2E_ORIGIN } from '../e2e-origin';
import { payByTransfer, reportTransfer } from '../support/factories';
import { signInFromLoginPage, signInThroughPopup, uniqueEmail } from './auth-helpers';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageAtBothWidths, saveFullPageScreenshot, saveScreenshot } from './screenshots';
import { expectMail } from './mailbox';
import {
  countPendingTransfers,
  createAccount,
  daysAgo,
  openAsNewAccount,
  readTransfer,
  separatePage,
  separatePageOfNewAccount,
  signInNewAccount,
  submitTransferAs,
  type TestAccount,
  useAccount,
} from './sessions';
import { readValue, runStatement, withE2eDatabase } from './e2e-database';

const PNG = 'tests/fixtures/receipts/receipt.png';
const PLAN = 'FrontEnd Bootcamp Upfront';
const RECEIVED = 'We received your bank transfer details';
const APPROVED = 'Transfer confirmed — your course is unlocked';
const REJECTED = 'We could not confirm your bank transfer';
const PENDING_EXISTS = 'You already have a transfer waiting for review.';
const GRACE_DAYS = 14;

/** The day as the student's and the admin's pages print it: `20 November 2026`. */
function longDate(day: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

const transferForm = (page: Page) => page.getByRole('form', { name: 'I have made a transfer' });

/** Fills "I have made a transfer" with the PNG receipt (the plan stays the first one). */
async function fillTransfer(
  page: Page,
  fields: { amount?: string; date: string; reference: string },
) {
  const form = transferForm(page);
  await form.getByLabel('Amount sent (₦)').fill(fields.amount ?? '600000');
  await form.getByLabel('Transfer date').fill(fields.date);
  await form.getByLabel('Transfer reference').fill(fields.reference);
  await form.getByLabel('Receipt').setInputFiles(PNG);
}

/** The transfer's id from the page /enroll sent its student to. */
function submittedTransferId(page: Page): string {
  const id = new URL(page.url()).searchParams.get('transfer');
  expect(id, 'the transfer id on /success').toBeTruthy();
  return id!;
}

/** The student's transfers on /fed/home. */
/**
 * The page of /admin/transfers that lists a pending transfer: the pending ones come first,
 * the longest waiting at the top, ten a page.
 */
function queuePageOf(transferId: string): number {
  const ahead = readValue<number>(
    `select count(*) from bank_transfers where status = 'pending' and created_at <
       (select created_at from bank_transfers where id = ?)`,
    transferId,
  );
  return Math.floor(ahead / LIST_PAGE_SIZE) + 1;
}

const myTransfers = (page: Page) => page.getByRole('region', { name: 'Your bank transfers' });

test.describe('bank transfers', () => {
  test('a new user submits a transfer with a PNG receipt; an admin sees it live, views the receipt and approves; the course unlocks and both e-mails arrive', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('transfer');
    const name = `Tobi ${email.slice(9, 15)}`;
    const yesterday = daysAgo(1);
    const admin = await separatePageOfNewAccount(browser, 'admin', 'Transfer Approver');
    await gotoApp(admin.page, '/admin/home');
    // Marks this document: a reload would lose it.
    await admin.page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));

    await signInFromLoginPage(page, { email, name });
    await expect(page).toHaveURL(/\/fed\/home$/);
    await gotoApp(page, '/enroll');
    const reference = `GTB-${email.slice(9, 15).toUpperCase()}`;
    await fillTransfer(page, { date: yesterday, reference });
    await transferForm(page).getByRole('button', { name: 'Submit transfer' }).click();
    await expect(page).toHaveURL(/\/success\?transfer=/);
    await expect(page.getByRole('status').filter({ hasText: TRANSFER_SUBMITTED })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your transfer' })).toContainText(
      `Pending review: ₦600,000 on ${longDate(yesterday)}`,
    );
    await gotoApp(page, '/fed/home');
    await expect(myTransfers(page)).toContainText('Pending review: ₦600,000');
    await expect(myTransfers(page)).toContainText(PLAN);

    // The admin's menu counted it without a reload.
    const badge = admin.page.getByTestId('pending-transfers');
    await expect
      .poll(async () => ((await badge.count()) ? Number.parseInt(await badge.innerText()) : 0))
      .toBe(countPendingTransfers());
    expect(await admin.page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);

    // The queue's row, then the transfer's page with its receipt.
    await admin.page
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('link', { name: /^Transfers/ })
      .click();
    await expect(
      admin.page.getByRole('heading', { level: 1, name: 'Bank transfers' }),
    ).toBeVisible();
    const row = admin.page.locator('tbody tr', { hasText: email });
    await expect(row.locator('td[data-label="Student"]')).toContainText(name);
    await expect(row.locator('td[data-label="Student"]')).toContainText(email);
    await expect(row.locator('td[data-label="Plan"]')).toHaveText(PLAN);
    await expect(row.locator('td[data-label="Amount"]')).toHaveText('₦600,000');
    await expect(row.locator('td[data-label="Transfer date"]')).toHaveText(longDate(yesterday));
    await expect(row.locator('td[data-label="Submitted"]')).toContainText(/waiting \d+ min/);
    await expect(row.locator('td[data-label="Status"]')).toContainText('pending review');
    await row.getByRole('link', { name: /^Review/ }).click();
    await expect(admin.page.getByRole('heading', { level: 1 })).toHaveText('Transfer of ₦600,000');
    const details = admin.page.getByRole('main').locator('dl');
    for (const text of [name, email, PLAN, longDate(yesterday), reference])
      await expect(details.getByRole('definition').filter({ hasText: text })).toBeVisible();
    const receipt = admin.page.getByRole('img', { name: 'The receipt the student submitted' });
    await expect
      .poll(() =>
        receipt.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBeGreaterThan(0);

    await admin.page.getByLabel('Cohort').selectOption({ label: 'Cohort 1' });
    await admin.page.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.page).toHaveURL(/\/admin\/transfers$/);
    await expect(admin.page.getByText(TRANSFER_DECISION_MESSAGES.approved)).toBeVisible();
    await expect(row.locator('td[data-label="Status"]')).toContainText('approved');

    const unlocked = await gotoApp(page, '/fed/javascript');
    expect(unlocked?.status()).toBe(200);
    await gotoApp(page, '/fed/home');
    await expect(myTransfers(page)).toContainText('Approved: ₦600,000');
    await expect(myTransfers(page)).toContainText('Your course is unlocked.');
    await expectMail(page, email, RECEIVED);
    await expectMail(page, email, APPROVED);
    await admin.context.close();
  });

  test('a rejection reaches the student with its reason, and they can submit again', async ({
    page,
    context,
    browser,
  }) => {
    const student = await signInNewAccount(context, 'none', 'Rita Rejected');
    const { transferId } = await submitTransferAs(student);
    const admin = await separatePageOfNewAccount(browser, 'admin', 'Transfer Rejecter');
    await gotoApp(admin.page, `/admin/transfers/${transferId}`);
    // The reason is required: an empty one is not sent.
    await admin.page.getByRole('button', { name: 'Reject' }).click();
    await expect(admin.page.getByLabel('Reason')).toHaveJSProperty('validity.valueMissing', true);
    expect(readTransfer(transferId).status).toBe('pending');
    const reason = 'The amount has not reached our account; please send the bank’s PDF.';
    await admin.page.getByLabel('Reason').fill(reason);
    await admin.page.getByRole('button', { name: 'Reject' }).click();
    await expect(admin.page.getByText(TRANSFER_DECISION_MESSAGES.rejected)).toBeVisible();
    expect(readTransfer(transferId)).toEqual({ status: 'rejected', reason });
    await admin.context.close();

    await gotoApp(page, '/fed/home');
    await expect(myTransfers(page)).toContainText('Rejected: ₦600,000');
    await expect(myTransfers(page)).toContainText(`Reason: ${reason}`);
    expect((await gotoApp(page, '/fed/javascript'))?.status()).toBe(403);
    await expectMail(page, student.email, REJECTED);

    await gotoApp(page, '/enroll');
    await fillTransfer(page, { date: daysAgo(0), reference: 'Rita R.' });
    await transferForm(page).getByRole('button', { name: 'Submit transfer' }).click();
    await expect(page.getByText(TRANSFER_SUBMITTED)).toBeVisible();
    await gotoApp(page, '/fed/home');
    await expect(myTransfers(page).getByRole('listitem')).toHaveCount(2);
    await expect(myTransfers(page).getByRole('listitem').first()).toContainText('Pending review');
  });

  test('a transfer of another amount than the plan’s shows both, and is approved only confirmed with a note', async ({
    page,
    browser,
  }, testInfo) => {
    const student = await openAsNewAccount(page, '/enroll', 'none', 'Mo Mismatch');
    await fillTransfer(page, { amount: '60000', date: daysAgo(1), reference: 'Mo M.' });
    await transferForm(page).getByRole('button', { name: 'Submit transfer' }).click();
    await expect(page).toHaveURL(/\/success\?transfer=/);
    const transferId = submittedTransferId(page);

    const adminAccount = await createAccount('admin', 'Amount Checker');
    const adminContext = await browser.newContext(testInfo.project.use);
    await useAccount(adminContext, adminAccount);
    const admin = await adminContext.newPage();
    const amountCell = admin
      .locator('tbody tr', { hasText: student.email })
      .locator('td[data-label="Amount"]');
    // Other tests' transfers share the queue: open the page that holds this one (asked again
    // on a retry, as another test may decide an older one meanwhile).
    await expect(async () => {
      await gotoApp(admin, `/admin/transfers?page=${queuePageOf(transferId)}`);
      await expect(amountCell).toContainText('₦60,000', { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await expect(amountCell).toContainText('expected ₦600,000');

    await gotoApp(admin, `/admin/transfers/${transferId}`);
    const details = admin.getByRole('main').locator('dl');
    const definition = (term: string) =>
      details.locator('div').filter({ has: admin.getByRole('term').filter({ hasText: term }) });
    await expect(definition('Amount sent').getByRole('definition')).toHaveText(
      '₦60,000does not match the plan',
    );
    await expect(definition('Amount expected for the plan').getByRole('definition')).toHaveText(
      '₦600,000',
    );
    await expectNoAxeViolations(admin);
    // Not confirmed: the browser keeps the form, and the server refuses it all the same.
    await admin.getByRole('button', { name: 'Approve' }).click();
    const confirm = admin.getByLabel('I have checked: approve this amount anyway.');
    await expect(confirm).toHaveJSProperty('validity.valueMissing', true);
    const unconfirmed = await fetch(`${E2E_ORIGIN}/admin/transfers/${transferId}`, {
      method: 'POST',
      headers: { cookie: adminAccount.cookie, origin: E2E_ORIGIN },
      body: new URLSearchParams({ intent: 'approve', cohort: 'cohort-1', note: 'Fine' }),
    });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain(
      escapeHtml(TRANSFER_DECISION_MESSAGES.amountMismatch),
    );
    expect(readTransfer(transferId).status).toBe('pending');

    const note = 'The other ₦540,000 came in a second transfer (GTB-5512).';
    await confirm.check();
    await admin.getByLabel('Note: why this amount is accepted').fill(note);
    await admin.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText(TRANSFER_DECISION_MESSAGES.approved)).toBeVisible();
    expect(readTransfer(transferId)).toEqual({ status: 'approved', reason: note });
    await gotoApp(admin, `/admin/transfers/${transferId}`);
    await expect(admin.getByText(`Note on the amount: ${note}`)).toBeVisible();
    await adminContext.close();
  });

  test('signing in from the bank-transfer section brings the form', async ({ page }) => {
    // The popup's return to /enroll#bank-transfer-heading changes only the hash: the page
    // revalidates so that it learns who signed in.
    await gotoApp(page, '/enroll');
    await signInThroughPopup(page, {
      email: uniqueEmail('section'),
      name: 'Sam Section',
      trigger: () => page.getByRole('link', { name: TRANSFER_MESSAGES.signIn }).click(),
    });
    await expect(page).toHaveURL(/\/enroll#bank-transfer-heading$/);
    await expect(transferForm(page)).toBeVisible();
  });

  test('the box gives each plan’s naira amount, and the form the amount expected for the plan chosen', async ({
    page,
  }) => {
    await openAsNewAccount(page, '/enroll', 'none', 'Nina Naira');
    const section = page.getByRole('region', { name: 'Pay by bank transfer in Nigeria' });
    // One fee for every plan was the contradiction: no sentence names a single plan's fee.
    await expect(section).not.toContainText('the FrontEnd Bootcamp upfront fee');
    const amounts = section.getByRole('list', { name: 'Amount to transfer for each plan' });
    await expect(amounts.getByRole('listitem')).toHaveCount(plans.length);
    for (const plan of plans) {
      await expect(amounts.getByRole('listitem').filter({ hasText: plan.name })).toContainText(
        formatNaira(plan.amountNaira),
      );
    }
    const form = transferForm(page);
    const amount = form.getByLabel('Amount sent (₦)');
    await expect(amount).toHaveAccessibleDescription(/Expected for this plan: ₦600,000\./);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await form.getByLabel('Plan').selectOption('fsd-upfront');
    await expect(amount).toHaveAccessibleDescription(/Expected for this plan: ₦1,500,000\./);
    await form.getByLabel('Plan').selectOption('fed-installments');
    await expect(amount).toHaveAccessibleDescription(
      /Expected for this plan: ₦225,000, the first of 3 monthly payments\./,
    );
    await expectNoAxeViolations(page);
  });

  test('the amount is checked as it is typed, and the pending transfer shows what is short @phone', async ({
    page,
  }) => {
    const student = await openAsNewAccount(page, '/enroll', 'none', 'Sade Short');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const form = transferForm(page);
    await form.getByLabel('Plan').selectOption('fed-installments');
    const amount = form.getByLabel('Amount sent (₦)');
    const check = form.getByRole('status');
    await amount.pressSequentially('200000');
    await expect(check).toHaveText('₦25,000 short of the ₦225,000 expected — send anyway?');
    await expect(amount).toHaveAccessibleDescription(/₦25,000 short of the ₦225,000 expected/);
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'transfer-amount-short');
    await amount.fill('225000');
    await expect(check).toHaveText('');
    await fillTransfer(page, { amount: '200000', date: daysAgo(1), reference: student.name });
    await form.getByRole('button', { name: 'Submit transfer' }).click();
    await expect(page).toHaveURL(/\/success\?transfer=/);

    await gotoApp(page, '/enroll');
    const pending = page.getByRole('region', { name: 'Your transfer is waiting for review' });
    await expect(pending).toContainText('₦25,000 short of the ₦225,000 expected.');
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'transfer-pending-short');
  });

  test('a visitor sees the bank details and a sign-in button, not the form', async ({ page }) => {
    await gotoApp(page, '/enroll');
    const section = page.getByRole('region', { name: 'Pay by bank transfer in Nigeria' });
    await expect(section).toContainText('Guaranty Trust Bank (GTBank)');
    await expect(section).toContainText('0691427385');
    await expect(section.getByRole('link', { name: TRANSFER_MESSAGES.signIn })).toBeVisible();
    await expect(transferForm(page)).toHaveCount(0);
    await expect(section.getByRole('button', { name: 'Submit transfer' })).toHaveCount(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a person with a pending transfer sees its state instead of a blank form', async ({
    page,
  }) => {
    const student = await openAsNewAccount(page, '/enroll', 'none', 'Pat Pending');
    await fillTransfer(page, { date: daysAgo(2), reference: student.name });
    await transferForm(page).getByRole('button', { name: 'Submit transfer' }).click();
    await expect(page).toHaveURL(/\/success\?transfer=/);
    await expect(page.getByText(TRANSFER_SUBMITTED)).toBeVisible();

    await page.goto('/enroll');
    const pending = page.getByRole('region', { name: 'Your transfer is waiting for review' });
    const value = (term: string) =>
      pending.locator('div').filter({ has: page.getByRole('term').filter({ hasText: term }) });
    await expect(value('Plan').getByRole('definition')).toHaveText(PLAN);
    await expect(value('Amount sent').getByRole('definition')).toHaveText('₦600,000');
    await expect(value('Submitted').getByRole('definition')).toHaveText(longDate(daysAgo(0)));
    await expect(pending).toContainText('We are checking it');
    await expect(transferForm(page)).toHaveCount(0);
    // Another plan is refused by the server too, with the message the page shows.
    await expect(submitTransferAs(student, 'fsd-upfront')).rejects.toThrow(/409/);
  });

  test('a second transfer submitted from a page opened before the first is refused with a clear message', async ({
    page,
  }) => {
    const student = await openAsNewAccount(page, '/enroll', 'none', 'Pat Twice');
    // Another tab submits first, for another plan.
    await submitTransferAs(student, 'fsd-upfront');
    await fillTransfer(page, { date: daysAgo(1), reference: 'Again' });
    const response = page.waitForResponse((answer) => answer.request().method() === 'POST');
    await transferForm(page).getByRole('button', { name: 'Submit transfer' }).click();
    expect((await response).status()).toBe(409);
    await expect(page.getByRole('alert').filter({ hasText: PENDING_EXISTS })).toBeVisible();
    // The page now shows the transfer that is waiting, in place of the form.
    await expect(
      page.getByRole('region', { name: 'Your transfer is waiting for review' }),
    ).toContainText('FullStack Bootcamp Upfront');
    await expect(transferForm(page)).toHaveCount(0);
  });
});

/** An HTML page named like a picture: refused by its bytes. */
const FAKE_PNG = {
  name: 'receipt.png',
  mimeType: 'image/png',
  buffer: Buffer.from('<html>hi</html>'),
};

async function showErrors(page: Page) {
  const form = transferForm(page);
  await form.getByLabel('Amount sent (₦)').fill('six hundred');
  await form.getByLabel('Transfer date').fill(daysAgo(3));
  await form.getByLabel('Transfer reference').fill('x');
  await form.getByLabel('Receipt').setInputFiles(FAKE_PNG);
  await form.getByRole('button', { name: 'Submit transfer' }).click();
  await expect(form.getByText('Please check the fields marked below.')).toBeVisible();
}

test('refused fields are marked next to their inputs and keep what was typed', async ({ page }) => {
  await openAsNewAccount(page, '/enroll', 'none', 'Vera Valid');
  await showErrors(page);
  const form = transferForm(page);
  for (const [label, message] of [
    ['Amount sent (₦)', TRANSFER_MESSAGES.amount],
    ['Transfer reference', TRANSFER_MESSAGES.reference],
    ['Receipt', TRANSFER_MESSAGES.receiptType],
  ] as const) {
    const field = form.getByLabel(label);
    await expect(field, label).toHaveAttribute('aria-invalid', 'true');
    await expect(field, label).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  }
  await expect(form.getByLabel('Transfer date')).not.toHaveAttribute('aria-invalid');
  await expect(form.getByLabel('Amount sent (₦)')).toHaveValue('six hundred');
  await expect(form.getByLabel('Transfer reference')).toHaveValue('x');
  await expect(form.getByLabel('Transfer date')).toHaveValue(daysAgo(3));

  // The keyboard goes on from the reference to the receipt, whose focus ring shows.
  await form.getByLabel('Transfer reference').focus();
  await page.keyboard.press('Tab');
  const receipt = form.getByLabel('Receipt');
  await expect(receipt).toBeFocused();
  expect(await receipt.evaluate((input) => getComputedStyle(input).outlineStyle)).toBe('solid');
  await saveScreenshot(form, 'enroll-transfer-focus');
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&#x27;');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * saveFullPageScreenshot, after checking the page is no wider than the screen: on a phone
 * Chromium zooms out to fit a page that is too wide, and window.innerWidth grows with it,
 * so the width is compared with the project's viewport instead.
 */
test("a transfer from the form to its approval: errors, success page, waiting notice, the student's list, the admin queue, the receipt and the decision; no axe violations at every width (screenshots)", async ({
  page,
  context,
  browser,
}) => {
  const student: TestAccount = await createAccount('none', 'Sade Screenshot');
  await useAccount(context, student);
  await gotoApp(page, '/enroll');
  await expect(transferForm(page)).toBeVisible();
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'enroll-transfer-form');
  await showErrors(page);
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'enroll-transfer-errors');

  await fillTransfer(page, { date: daysAgo(1), reference: 'Sade S. (GTBank app)' });
  await transferForm(page).getByRole('button', { name: 'Submit transfer' }).click();
  await expect(page.getByText(TRANSFER_SUBMITTED)).toBeVisible();
  const transferId = submittedTransferId(page);
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'success-transfer');
  await gotoApp(page, '/enroll');
  await expect(
    page.getByRole('region', { name: 'Your transfer is waiting for review' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await gotoApp(page, '/fed/home');
  await expect(myTransfers(page)).toBeVisible();
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'fed-home-transfers');

  const admin = await separatePageOfNewAccount(browser, 'admin', 'Screenshot Admin');
  await gotoApp(admin.page, '/admin/transfers');
  await expect(admin.page.getByRole('table', { name: 'Bank transfers' })).toBeVisible();
  await expectNoAxeViolations(admin.page);
  await saveFullPageScreenshot(admin.page, 'admin-transfers');
  await gotoApp(admin.page, `/admin/transfers/${transferId}`);
  await expect(admin.page.getByRole('img', { name: /receipt/ })).toBeVisible();
  await expectNoAxeViolations(admin.page);
  await saveFullPageScreenshot(admin.page, 'admin-transfer-details');
  // Decided, so the queue stays short for the other tests; the decided page has no forms.
  await admin.page.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.page.getByText(TRANSFER_DECISION_MESSAGES.approved)).toBeVisible();
  await gotoApp(admin.page, `/admin/transfers/${transferId}`);
  await expect(admin.page.getByText(/Approved by Screenshot Admin/)).toBeVisible();
  await expectNoAxeViolations(admin.page);
  await admin.context.close();
});

test('an admin is e-mailed about a new transfer, and can turn it off for themselves (issue 24)', async ({
  page,
  context,
}, testInfo) => {
  const admin = await createAccount('admin', `Alert Admin ${testInfo.project.name}`);
  runStatement('update users set transfer_alerts = 1 where id = ?', admin.id);
  await useAccount(context, admin);
  const student = await createAccount('none', `Alerting Student ${testInfo.project.name}`);
  await submitTransferAs(student);
  await expectMail(page, admin.email, `Transfer to review: ${student.name}, ₦600,000`);

  await gotoApp(page, '/admin/transfers');
  const alerts = page.getByLabel('E-mail me when a student submits a transfer');
  await expect(alerts).toBeChecked();
  await alerts.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('You will no longer get an e-mail for each transfer submitted'),
  ).toBeVisible();
  await expect(page.getByLabel('E-mail me when a student submits a transfer')).not.toBeChecked();
  await expectNoAxeViolations(page);
  const quiet = await createAccount('none', `Quiet Student ${testInfo.project.name}`);
  await submitTransferAs(quiet);
  // The student's own e-mail is queued in the same transaction as the admins' would be.
  await expectMail(page, quiet.email, RECEIVED);
  await gotoApp(page, '/dev-mail');
  await expect(
    page.getByRole('link').filter({ hasText: admin.email }).filter({ hasText: quiet.name }),
  ).toHaveCount(0);
});

test('a transfer installment plan: installment 2 overdue shows the amount, the pause day and the bank details, pauses, and an approved transfer of it opens the course again (decision 074)', async ({
  page,
  context,
  browser,
}) => {
  // Three states of the home at two widths, and an admin's approval: about 30 s.
  test.setTimeout(90_000);
  const student = await signInNewAccount(context, 'none', 'Tolu Transfer');
  const admin = await createAccount('admin', 'Installment Approver');
  // The first installment was approved a month and a day ago: installment 2 fell due yesterday.
  const approvedAt = new Date();
  approvedAt.setUTCMonth(approvedAt.getUTCMonth() - 1);
  approvedAt.setTime(approvedAt.getTime() - 24 * 60 * 60 * 1000);
  await withE2eDatabase(async (db) => {
    await payByTransfer(db, student.id, approvedAt, { by: admin });
    await sweepOverdue(db, { now: new Date(), graceDays: GRACE_DAYS });
  });

  const panel = page.getByRole('region', { name: 'Your enrolment' });
  await gotoApp(page, '/fed/home');
  const overdue = panel.getByRole('status');
  await expect(overdue).toContainText(
    /Installment 2 of 3 \(₦225,000\) is overdue since \d{1,2} \w{3}\./,
  );
  await expect(overdue).toContainText(
    /Pay ₦225,000 before \d{1,2} \w+ \d{4}, or your access to the course pauses on that day/,
  );
  await expect(overdue).toContainText(bankTransfer.accountNumber);
  await expect(overdue.getByRole('link', { name: 'Enroll page' })).toBeVisible();
  await expect(panel.getByRole('row').nth(2)).toContainText('overdue');
  await expectNoAxeViolations(page);
  await saveFullPageAtBothWidths(page, 'transfer-installment-overdue');

  // The grace period ends: the sweep pauses the course.
  await withE2eDatabase(async (db) => {
    const since = new Date(Date.now() - GRACE_DAYS * 24 * 60 * 60 * 1000).toISOString();
    await db
      .updateTable('enrolments')
      .set({ overdue_since: since })
      .where('user_id', '=', student.id)
      .execute();
    await sweepOverdue(db, { now: new Date(), graceDays: GRACE_DAYS });
  });
  await gotoApp(page, '/fed/home');
  await expect(
    panel.getByText(
      /^Access paused: installment 2 of 3 \(₦225,000\) is overdue since \d{1,2} \w{3}$/,
    ),
  ).toBeVisible();
  await expect(page.getByText('Enroll to unlock the protected steps')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveFullPageAtBothWidths(page, 'transfer-installment-paused');

  // The student reports installment 2 and an admin approves it on its page.
  const second = await withE2eDatabase((db) => reportTransfer(db, student.id, new Date()));
  const { context: adminContext, page: adminPage } = await separatePage(browser);
  await useAccount(adminContext, admin);
  await gotoApp(adminPage, `/admin/transfers/${second}`);
  await expect(
    adminPage.getByText('This pays installment 2 of 3 of the student’s plan'),
  ).toBeVisible();
  await expectNoAxeViolations(adminPage);
  await adminPage.getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByText(TRANSFER_DECISION_MESSAGES.approved)).toBeVisible();
  await adminContext.close();

  await gotoApp(page, '/fed/home');
  await expect(panel.getByRole('status')).toHaveCount(0);
  await expect(panel.getByRole('row').nth(2)).toContainText('paid');
  await expect(panel).toContainText('Left to pay₦225,000');
  await expect(myTransfers(page).getByText('Installment 2 of 3 received.')).toBeVisible();
  expect(readValue<string>('select access from users where id = ?', student.id)).toBe('level-1');
  await gotoApp(page, '/fed/javascript');
  await expect(page.getByRole('heading', { name: 'Permission Denied' })).toHaveCount(0);
  await gotoApp(page, '/fed/home');
  await expectNoAxeViolations(page);
  await saveFullPageAtBothWidths(page, 'transfer-installment-paid');
});
