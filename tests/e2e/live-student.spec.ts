import { expect, gotoApp, test } from './fixtures';
import { createAccount, signInNewAccount, submitTransferAs, useAccount } from './sessions';

test('a student’s open course home shows their transfer decided, without a reload (issue 24)', async ({
  page,
  context,
  browser,
}, testInfo) => {
  const student = await createAccount('none', 'Waiting Student');
  const { transferId } = await submitTransferAs(student);
  await useAccount(context, student);
  const streaming = page.waitForResponse((response) => response.url().endsWith('/events'));
  await gotoApp(page, '/fed/home');
  expect((await streaming).status()).toBe(200);
  const transfers = page.getByRole('region', { name: 'Your bank transfers' });
  await expect(transfers).toContainText('Pending review');
  await expect(
    page.getByRole('region', { name: 'Enroll to unlock the protected steps' }),
  ).toBeVisible();

  const adminContext = await browser.newContext(testInfo.project.use);
  await signInNewAccount(adminContext, 'admin', 'Live Approver');
  const admin = await adminContext.newPage();
  await gotoApp(admin, `/admin/transfers/${transferId}`);
  await admin.getByLabel('Cohort').selectOption({ label: 'Cohort 1' });
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(admin).toHaveURL(/\/admin\/transfers$/);
  await adminContext.close();

  // The student's page has not been reloaded: the change came over its event stream.
  await expect(transfers).toContainText('Approved: ₦600,000');
  await expect(page.getByRole('region', { name: 'Your cohort' })).toContainText('Cohort 1');
  await expect(
    page.getByRole('region', { name: 'Enroll to unlock the protected steps' }),
  ).toHaveCount(0);
});

test('the event stream is for signed-in people, and carries only their own changes @http', async ({
  request,
}) => {
  const anonymous = await request.get('/events');
  expect(anonymous.status()).toBe(403);
});
