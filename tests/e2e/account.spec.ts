import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ACCOUNT_MESSAGES, NAME_MAX } from '../../app/features/account/account-forms';
import { openMenu, signInFromLoginPage, uniqueEmail } from './auth-helpers';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import { postForm } from './form-posts';
import { pdfText } from './pdf-text';
import { createAccount, signInNewAccount, useAccount } from './sessions';
import { readValue, withE2eDatabase } from './e2e-database';
import { insertEnrolment, insertTransfer, payThroughVerifiedWebhook } from '../support/factories';

const header = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a student pays, finds the payment on /account, renames themself, signs another browser out and turns optional e-mails off', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('account');
  await signInFromLoginPage(page, { email, name: 'Ada Account' });
  const userId = readValue<string>('select id from users where email = ?', email);
  await withE2eDatabase((db) => payThroughVerifiedWebhook(db, userId, 'fed-upfront'));

  // The header's greeting leads to the account page.
  await gotoApp(page, '/');
  await openMenu(page);
  await header(page).getByRole('link', { name: 'Hi, Ada Account' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  const payments = page.getByRole('region', { name: 'Payments' });
  const payment = payments.getByRole('listitem').filter({ hasText: 'FrontEnd Bootcamp Upfront' });
  await expect(payment).toContainText('paid');
  await expect(payment).toContainText('$400 through Local (test)');
  // The receipt downloads as a PDF that an independent reader finds the payment in.
  const downloading = page.waitForEvent('download');
  await payment.getByRole('link', { name: /^Download receipt/ }).click();
  const receipt = await downloading;
  expect(receipt.suggestedFilename()).toMatch(/^receipt-FDA-\d{6}\.pdf$/);
  const text = pdfText(readFileSync(await receipt.path()));
  expect(text).toContain(receipt.suggestedFilename().slice('receipt-'.length, -'.pdf'.length));
  expect(text).toContain('$400');
  expect(text).toContain('Ada Account');
  expect(text).toContain(email);
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByText(email)).toBeVisible();
  await expect(profile.getByText('It comes from your Google account')).toBeVisible();
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'account');

  // A name of spaces only is refused beside its field; a real one is saved and shown.
  const name = profile.getByLabel('Your name');
  await name.fill('   ');
  await profile.getByRole('button', { name: 'Save name' }).click();
  await expect(profile.getByText(ACCOUNT_MESSAGES.nameEmpty)).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'account-name-refused');
  await name.fill('  Ada Lovelace ');
  await profile.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.nameSaved)).toBeVisible();
  await openMenu(page);
  await expect(header(page).getByRole('link', { name: 'Hi, Ada Lovelace' })).toBeVisible();
  await gotoApp(page, '/fed/home');
  await expect(page.getByRole('complementary', { name: 'Course' })).toContainText(
    'Signed in as Ada Lovelace',
  );

  // A second browser signs in with the same Google account: the chosen name stays.
  const second = await browser.newContext({ viewport: page.viewportSize() });
  const secondPage = await second.newPage();
  await signInFromLoginPage(secondPage, { email, name: 'Ada Account' });
  await gotoApp(secondPage, '/account');
  await expect(secondPage.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(secondPage.getByText('Signed in as Ada Lovelace.')).toBeVisible();

  // The first signs the second out.
  await gotoApp(page, '/account');
  const devices = page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(devices.first()).toContainText('This device');
  await expect(devices.first()).toContainText(/^Chrome \d+ on Linux/);
  await expect(devices.nth(1)).not.toContainText('This device');
  await devices
    .nth(1)
    .getByRole('button', { name: /^Sign out/ })
    .click();
  await expect(page.getByText(ACCOUNT_MESSAGES.deviceSignedOut)).toBeVisible();
  await expect(devices).toHaveCount(1);
  await gotoApp(secondPage, '/account');
  await expect(secondPage).toHaveURL('/login?redirectTo=%2Faccount');
  await second.close();

  // Optional e-mails off, and it stays so.
  const preferences = page.getByRole('region', { name: 'E-mail preferences' });
  await preferences.getByLabel('Send me reminders and other optional e-mails').uncheck();
  await preferences.getByRole('button', { name: 'Save e-mail preferences' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.emailsOff)).toBeVisible();
  await gotoApp(page, '/account');
  await expect(
    preferences.getByLabel('Send me reminders and other optional e-mails'),
  ).not.toBeChecked();
  expect(readValue<number>('select reminder_emails from users where email = ?', email)).toBe(0);
});

/** The question's button that signs every browser out. */
const yesOn = (page: Page) => page.getByRole('button', { name: 'Yes, sign out of all devices' });

test('"Sign out of all devices" asks first, with and without JavaScript, then ends every session of that person (screenshots)', async ({
  browser,
}) => {
  const student = await createAccount('level-1', 'Two Devices');
  const other = await createAccount('level-1', 'Someone Else');
  const [phone, laptop, noScripts, elsewhere] = await Promise.all([
    browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }),
    browser.newContext(),
    browser.newContext({ javaScriptEnabled: false }),
    browser.newContext(),
  ]);
  try {
    await Promise.all([
      useAccount(phone, student),
      useAccount(laptop, student),
      useAccount(noScripts, student),
      useAccount(elsewhere, other),
    ]);
    // On a phone the course menu offers no way to sign everything out by a slip of the thumb.
    const onPhone = await phone.newPage();
    await gotoApp(onPhone, '/fed/home');
    await expect(onPhone.getByRole('link', { name: 'Account', exact: true })).toBeVisible();
    await expect(onPhone.getByText('Sign out of all devices')).toHaveCount(0);
    await saveFullPageScreenshot(onPhone, 'course-menu-375');

    // The account page asks first; Keep it changes nothing.
    await gotoApp(onPhone, '/account');
    const devices = onPhone.getByRole('region', { name: 'Signed-in devices' });
    await devices.getByRole('link', { name: 'Sign out of all devices…' }).click();
    const yes = yesOn(onPhone);
    await expect(yes).toBeVisible();
    await expectNoAxeViolations(onPhone);
    await saveFullPageScreenshot(onPhone, 'account-sign-out-all-375');
    await devices.getByRole('link', { name: 'Keep it' }).click();
    await expect(yes).toHaveCount(0);
    const sessions = () =>
      readValue<number>('select count(*) from sessions where user_id = ?', student.id);
    const signedIn = sessions();
    expect(signedIn).toBeGreaterThan(0);

    // The question at 1280 px, opened by its address.
    const onLaptop = await laptop.newPage();
    await gotoApp(onLaptop, '/account?sign-out-all=confirm');
    await saveFullPageScreenshot(onLaptop, 'account-sign-out-all');
    await expectNoAxeViolations(onLaptop);
    expect(await yesOn(onLaptop).count()).toBe(1);

    // Without JavaScript the link opens the same question, and its form signs out.
    const plain = await noScripts.newPage();
    await plain.goto('/account');
    await plain.getByRole('link', { name: 'Sign out of all devices…' }).click();
    await expect(plain).toHaveURL('/account?sign-out-all=confirm#devices');
    expect(sessions()).toBe(signedIn);
    await yesOn(plain).click();
    await expect(plain).toHaveURL('/login');
    await expect(plain.getByText('Logout successfully.')).toBeVisible();

    expect(sessions()).toBe(0);
    const laptopStep = await (await laptop.request.get('/fed/javascript')).text();
    expect(laptopStep).toContain('Permission Denied');
    expect(laptopStep).not.toContain('Two Devices');
    const stillIn = await (await elsewhere.request.get('/fed/home')).text();
    expect(stillIn).toContain('Someone Else');
  } finally {
    await Promise.all([phone, laptop, noScripts, elsewhere].map((context) => context.close()));
  }
});

test('a bank-transfer payer finds the transfer inside Payments and the installments still due in Your enrolment', async ({
  page,
  context,
}) => {
  const student = await signInNewAccount(context, 'level-1', 'Transfer Payer');
  await withE2eDatabase(async (db) => {
    await insertTransfer(db, {
      id: `trf-account-${student.id}`,
      userId: student.id,
      planId: 'fed-installments',
      amount: 22_500_000,
      status: 'approved',
      createdAt: '2026-10-14T10:00:00.000Z',
    });
    await insertEnrolment(db, {
      userId: student.id,
      orderId: null,
      planId: 'fed-installments',
      source: 'bank-transfer',
    });
  });
  await gotoApp(page, '/account');
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments.getByText('No payments yet.')).toHaveCount(0);
  await expect(
    payments.getByRole('region', { name: 'Bank transfers' }).getByRole('listitem'),
  ).toContainText('Approved: ₦225,000 on');
  const enrolment = page.getByRole('region', { name: 'Your enrolment' });
  await expect(enrolment).toContainText('Left to pay₦450,000');
  await expect(enrolment.getByRole('row').nth(1)).toContainText('1 of 3₦225,00014 Oct 2026paid');
  await expect(enrolment.getByRole('row').nth(2)).toContainText('2 of 3₦225,00014 Nov 2026due');
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'account-transfer-payer');
  await page.setViewportSize({ width: 375, height: 740 });
  await saveFullPageScreenshot(page, 'account-transfer-payer-375');
});

test('bad input on /account is refused and changes nothing; a visitor is sent to sign in @http', async ({
  request,
}) => {
  const person = await createAccount('level-1', 'Bea Bad Input');
  const someone = await createAccount('none', 'Someone Else');
  const visitor = await request.get('/account', { maxRedirects: 0 });
  expect(visitor.status()).toBe(302);
  expect(visitor.headers().location).toBe('/login?redirectTo=%2Faccount');

  const rename = (name: string, origin?: string) =>
    postForm('/account', person.cookie, { intent: 'rename', name }, { origin });
  for (const [name, message] of [
    ['', ACCOUNT_MESSAGES.nameEmpty],
    ['x'.repeat(NAME_MAX + 1), ACCOUNT_MESSAGES.nameTooLong],
    ['Line\nbreak', ACCOUNT_MESSAGES.nameInvalid],
  ] as const) {
    const response = await rename(name);
    expect(response.status, name).toBe(400);
    expect(await response.text()).toContain(message);
  }
  expect((await rename('Forged', 'https://evil.example')).status).toBe(403);
  expect((await postForm('/account', '', { intent: 'rename', name: 'Nobody' })).status).toBe(302);
  expect(readValue<string>('select name from users where id = ?', person.id)).toBe('Bea Bad Input');

  // Someone else's device is not the person's to end: 404, and their session lives.
  const sessions = () =>
    readValue<number>('select count(*) from sessions where user_id = ?', someone.id);
  const response = await postForm('/account', person.cookie, {
    intent: 'sign-out-device',
    device: 'A'.repeat(22),
  });
  expect(response.status).toBe(404);
  expect(
    (await postForm('/account', person.cookie, { intent: 'sign-out-device', device: 'x' })).status,
  ).toBe(400);
  expect((await postForm('/account', person.cookie, { intent: 'delete-everything' })).status).toBe(
    400,
  );
  expect(sessions()).toBe(1);
});
