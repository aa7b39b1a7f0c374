import type { Browser, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import { postForm } from './form-posts';
import { expectMail } from './mailbox';
import { pdfText } from './pdf-text';
import {
  createAccount,
  openAsNewAccount,
  separatePageOfNewAccount,
  signInNewAccount,
} from './sessions';
import { readValue, withE2eDatabase } from './e2e-database';
import { clickLoginWithGoogle, signInThroughPopup } from './auth-helpers';
import { discountCodeFields } from '../support/factories';
import { createDiscountCode } from '../../app/features/discounts/discounts.server';
import { E2E_ORIGIN } from '../e2e-origin';

const UPFRONT = 'FrontEnd Bootcamp Upfront';
/** The one refusal of an unknown, expired, deactivated or other-plan code (decision 062). */
const NOT_USABLE = "This code can't be used for this plan";
/** The same, as React escapes it in a page's HTML. */
const NOT_USABLE_HTML = 'This code can&#x27;t be used for this plan';

/** A code made in the e2e server's database, as an admin would make it. */
async function codeInDatabase(code: string, percentOff: number) {
  await withE2eDatabase((db) =>
    createDiscountCode(db, discountCodeFields({ code, percentOff, maxUses: null }), {
      id: 'admin-e2e',
      name: 'E2E Admin',
    }),
  );
}

/** An admin's page on /admin/discounts in a context of its own. */
async function adminPage(browser: Browser): Promise<Page> {
  const { page } = await separatePageOfNewAccount(browser, 'admin', 'Discount Admin');
  await gotoApp(page, '/admin/discounts');
  return page;
}

/** New code on /admin/discounts, as an admin fills it in. */
async function createCode(
  admin: Page,
  fields: { code: string; percent: string; plans: string[]; maxUses?: string; note?: string },
) {
  const form = admin.getByRole('form', { name: 'New code' });
  await form.getByLabel('Code', { exact: true }).fill(fields.code);
  await form.getByLabel('Percent off', { exact: true }).check();
  await form.getByLabel('Percent off (1–100)').fill(fields.percent);
  for (const plan of fields.plans) await form.getByLabel(new RegExp(`^${plan}`)).check();
  if (fields.maxUses) await form.getByLabel('Limit of uses (optional)').fill(fields.maxUses);
  if (fields.note) await form.getByLabel('Note (optional)').fill(fields.note);
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(admin.getByText(`Code ${fields.code.toUpperCase()} created`)).toBeVisible();
}

/** "Have a code?" on a plan of /enroll: the code typed and applied, the page's answer shown. */
async function applyCode(page: Page, plan: string, code: string) {
  const card = page.getByRole('article', { name: plan });
  const summary = card.getByText('Have a code?');
  if (!(await card.getByLabel('Discount code').isVisible())) await summary.click();
  await card.getByLabel('Discount code').fill(code);
  await card.getByRole('button', { name: 'Apply' }).click();
  return card;
}

test.describe('discount codes and scholarships', () => {
  test('LAGOS20: an admin creates it, a student pays $320, the list shows 1 use and $80, a second student is told it is used up', async ({
    page,
    browser,
  }) => {
    const admin = await adminPage(browser);
    await createCode(admin, {
      code: 'LAGOS20',
      percent: '20',
      plans: [UPFRONT],
      maxUses: '1',
      note: '2026 scholarship, Lagos',
    });

    const student = await openAsNewAccount(page, '/enroll', 'none', 'Lagos Student');
    const card = await applyCode(page, UPFRONT, 'lagos20');
    await expect(card.getByRole('status')).toContainText('Code LAGOS20: $80 off.');
    await expect(card.getByRole('status')).toContainText('You pay $400 $320.');
    const opened = page.context().waitForEvent('page');
    await card.getByRole('button', { name: new RegExp(`^Pay Now for ${UPFRONT}`) }).click();
    const checkout = await opened;
    await expect(checkout).toHaveURL(/\/dev-pay\/ord-[0-9a-f]{32}$/);
    await expect(checkout.getByText('$320', { exact: true })).toBeVisible();
    await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(checkout).toHaveURL(/\/success\?order=ord-[0-9a-f]{32}$/);
    await expect(checkout.getByText('Your course is unlocked.')).toBeVisible();
    await expect(checkout.getByText('LAGOS20 ($80 off)')).toBeVisible();
    await checkout.close();

    // The student's own history and the receipt show the code and the amount taken off.
    await gotoApp(page, '/account');
    const payment = page
      .getByRole('region', { name: 'Payments' })
      .getByRole('listitem')
      .filter({ hasText: UPFRONT });
    await expect(payment).toContainText('$320 through Local (test)');
    await expect(payment).toContainText('Discount code LAGOS20 ($80 off)');
    const downloading = page.waitForEvent('download');
    await payment.getByRole('link', { name: /^Download receipt/ }).click();
    const text = pdfText(readFileSync(await (await downloading).path()));
    expect(text).toMatch(/Discount code LAGOS20\s+-\$80/);
    expect(text).toMatch(/Total paid\s+\$320/);

    await gotoApp(admin, '/admin/discounts');
    const row = admin.getByRole('row').filter({ hasText: 'LAGOS20' });
    await expect(row).toContainText('1 of 1');
    await expect(row).toContainText('$80');
    await expect(row).toContainText('used up');
    await gotoApp(admin, `/admin/payments?q=${encodeURIComponent(student.email)}`);
    await expect(admin.getByText('Code LAGOS20 ($80 off)')).toBeVisible();

    const secondContext = await browser.newContext();
    await signInNewAccount(secondContext, 'none', 'Second Student');
    const second = await secondContext.newPage();
    await gotoApp(second, '/enroll');
    const refused = await applyCode(second, UPFRONT, 'LAGOS20');
    await expect(refused.getByRole('alert')).toHaveText('This code has been used up.');
    await expect(refused.getByLabel('Discount code')).toHaveAttribute('aria-invalid', 'true');
    await secondContext.close();

    // Deactivated: kept in the list with its use, and no longer accepted.
    await gotoApp(admin, '/admin/discounts');
    await admin.getByRole('button', { name: 'Deactivate LAGOS20' }).click();
    await expect(
      admin.getByText('Code LAGOS20 deactivated: it is no longer accepted'),
    ).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: 'LAGOS20' })).toContainText(
      'deactivated',
    );
    await admin.context().close();
  });

  test('a 100 % code enrols a signed-in student without a provider page, and the e-mail arrives', async ({
    page,
    browser,
  }) => {
    const admin = await adminPage(browser);
    await createCode(admin, {
      code: 'FULL-RIDE',
      percent: '100',
      plans: ['FullStack Bootcamp in 3'],
    });
    await admin.context().close();

    const student = await openAsNewAccount(page, '/enroll', 'none', 'Scholar Student');
    const card = await applyCode(page, 'FullStack Bootcamp in 3 Installments', 'full-ride');
    await expect(card.getByRole('status')).toContainText('Nothing to pay');
    const opened = page.context().waitForEvent('page');
    await card.getByRole('button', { name: /^Enroll with your code/ }).click();
    const done = await opened;
    await expect(done).toHaveURL(/\/success\?order=ord-[0-9a-f]{32}$/);
    await expect(done.getByText('Your course is unlocked.')).toBeVisible();
    // No provider's page on the way: the order was never at /dev-pay.
    const orderId = new URL(done.url()).searchParams.get('order')!;
    expect(readValue<string>('select source from enrolments where order_id = ?', orderId)).toBe(
      'scholarship',
    );
    expect(readValue<string>('select access from users where id = ?', student.id)).toBe('level-1');
    await expectMail(
      done,
      student.email,
      'Your scholarship is confirmed — your course is unlocked',
    );
  });

  test('the discounts page and the code field with its messages: axe and screenshots', async ({
    page,
    browser,
  }) => {
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const admin = await adminPage(browser);
    // The form offers a random code, and warns of a short one while it is typed.
    const codeField = admin.getByRole('form', { name: 'New code' }).getByLabel('Code', {
      exact: true,
    });
    await expect(codeField).toHaveValue(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/);
    await codeField.fill('OPEN26');
    await expect(codeField).toHaveAccessibleDescription(
      /fewer than 8 letters and digits can be guessed/,
    );
    await saveFullPageScreenshot(admin, 'admin-discounts-short-code-warning');
    await createCode(admin, {
      code: `WELCOME-${suffix}`,
      percent: '15',
      plans: [UPFRONT, 'FrontEnd Bootcamp in 3'],
      note: 'Open day',
    });
    // Bad input is refused beside its field by the server (the browser's own checks set aside).
    const form = admin.getByRole('form', { name: 'New code' });
    await form.evaluate((element: HTMLFormElement) => (element.noValidate = true));
    await form.getByLabel('Code', { exact: true }).fill(`TOO-MUCH-${suffix}`);
    await form.getByLabel('Percent off (1–100)').fill('150');
    await form.getByRole('button', { name: 'Create code' }).click();
    await expect(form.getByText('Enter a whole percent from 1 to 100.')).toBeVisible();
    await expect(form.getByText('Choose at least one plan.')).toBeVisible();
    await expectNoAxeViolations(admin);
    await admin.evaluate(() => window.scrollTo(0, 0));
    await saveFullPageScreenshot(admin, 'discounts-admin');
    await admin.context().close();

    await openAsNewAccount(page, '/enroll', 'none', 'Code Student');
    const card = await applyCode(page, 'FrontEnd Bootcamp in 3 Installments', `welcome-${suffix}`);
    await expect(card.getByRole('status')).toContainText('$22.50 off each payment');
    await expect(card.getByRole('status')).toContainText('You pay $150 $127.50 a month.');
    await expectNoAxeViolations(page);
    // From the top: a full-page capture scrolled down would draw the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveFullPageScreenshot(page, 'discounts-enroll-quote');
    const refused = await applyCode(page, UPFRONT, 'NO-SUCH-CODE');
    await expect(refused.getByRole('alert')).toHaveText(NOT_USABLE);
    await expectNoAxeViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveFullPageScreenshot(page, 'discounts-enroll-refused');
  });

  test('bad input: a tampered code or amount at /checkout changes nothing and makes no order @http', async () => {
    const student = await createAccount('none', 'Tampering Student');
    const orders = () =>
      readValue<number>('select count(*) from orders where user_id = ?', student.id);
    const unknown = await postForm('/checkout', student.cookie, {
      plan: 'fed-upfront',
      code: 'NOT-A-REAL-CODE',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain(NOT_USABLE_HTML);
    // An amount in the form is not read: the order is the plan's price.
    const tampered = await postForm('/checkout', student.cookie, {
      plan: 'fed-upfront',
      amount: '1',
    });
    expect(tampered.status).toBe(302);
    expect(orders()).toBe(1);
    expect(readValue<number>('select amount from orders where user_id = ?', student.id)).toBe(
      40_000,
    );
    // A code in the URL is only checked like the field: one that is not accepted takes
    // nothing off, and the plan's page shows its own price with the refusal.
    const fromUrl = await fetch(`${E2E_ORIGIN}/checkout?plan=fed-upfront&code=NOT-A-REAL-CODE`, {
      headers: { cookie: student.cookie },
    });
    const text = await fromUrl.text();
    expect(text).toContain('$400');
    expect(text).toContain(NOT_USABLE_HTML);
    expect(text).not.toContain('name="code"');
  });

  test('a visitor learns nothing about a code; a person’s tries are limited, answered 429 with Retry-After @http', async () => {
    const code = `FREE${randomBytes(3).toString('hex')}`.toUpperCase();
    await codeInDatabase(code, 100);
    const apply = (cookie: string, typed: string) =>
      postForm('/enroll', cookie, { intent: 'apply-code', plan: 'fed-upfront', code: typed });
    const visitorTry = await apply('', code);
    expect(visitorTry.status).toBe(401);
    const visitorText = await visitorTry.text();
    expect(visitorText).toContain('Sign in to use a code');
    expect(visitorText).not.toMatch(/"free"|Nothing to pay/);
    for (const path of [
      `/checkout?plan=fed-upfront&code=${code}`,
      `/checkout.data?plan=fed-upfront&code=${code}`,
    ]) {
      const answer = await fetch(`${E2E_ORIGIN}${path}`);
      expect(answer.status, path).toBe(200);
      expect(await answer.text(), path).not.toMatch(/"free"|Nothing to pay/);
    }

    const student = await createAccount('none', 'Guessing Student');
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await apply(student.cookie, `GUESS-${attempt}`)).status).toBe(400);
    }
    const limited = await apply(student.cookie, code);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(await limited.text()).toContain(
      'You have tried too many codes. Try again in 10 minutes.',
    );
    const carried = await fetch(`${E2E_ORIGIN}/checkout?plan=fed-upfront&code=${code}`, {
      headers: { cookie: student.cookie },
    });
    expect(carried.status).toBe(429);
    expect(carried.headers.get('retry-after')).toMatch(/^\d+$/);
    const paid = await postForm('/checkout', student.cookie, { plan: 'fed-upfront', code });
    expect(paid.status).toBe(429);
    expect(readValue<number>('select count(*) from orders where user_id = ?', student.id)).toBe(0);
  });

  test('a visitor’s code is not looked at, and is kept through the sign-in that Pay Now asks for', async ({
    page,
  }) => {
    const code = `VISIT${randomBytes(3).toString('hex')}`.toUpperCase();
    await codeInDatabase(code, 25);
    await gotoApp(page, '/enroll');
    const card = await applyCode(page, UPFRONT, code);
    await expect(card.getByRole('status')).toHaveText(
      'Sign in to use a code: Pay Now asks you to, and keeps your code.',
    );
    await expect(card.getByLabel('Discount code')).not.toHaveAttribute('aria-invalid');
    const opened = page.context().waitForEvent('page');
    await card.getByRole('button', { name: new RegExp(`^Pay Now for ${UPFRONT}`) }).click();
    const checkout = await opened;
    await expect(checkout).toHaveURL(`/checkout?plan=fed-upfront&code=${code}`);
    await expect(
      checkout.getByText(`Your code ${code} is checked once you are signed in.`),
    ).toBeVisible();
    await expect(checkout.getByRole('status')).toHaveCount(0);
    await expectNoAxeViolations(checkout);
    await saveFullPageScreenshot(checkout, 'discounts-checkout-visitor');

    const email = `code-visitor-${randomBytes(4).toString('hex')}@example.org`;
    await signInThroughPopup(checkout, {
      email,
      name: 'Code Visitor',
      trigger: () => clickLoginWithGoogle(checkout),
    });
    await expect(checkout.getByRole('status')).toHaveText(`Code ${code}: $100 off. You pay $300.`);
    await checkout.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(checkout).toHaveURL(/\/dev-pay\/ord-[0-9a-f]{32}$/);
    // A client-side redirect: the address changes before the provider's page is drawn, and
    // the checkout it replaces also says $300 (its price and its quote).
    await expect(checkout.getByText('Local test payment provider: no money moves')).toBeVisible();
    await expect(checkout.getByText('$300', { exact: true })).toBeVisible();
    expect(
      readValue<number>(
        'select orders.amount from orders join users on users.id = orders.user_id where users.email = ?',
        email,
      ),
    ).toBe(30_000);
  });
});

test('without JavaScript, "Have a code?" is a plain form that answers on the page', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signInNewAccount(context, 'none', 'No Script Student');
  const page = await context.newPage();
  await page.goto('/enroll');
  const card = await applyCode(page, UPFRONT, 'NOT-THIS-ONE');
  await expect(card.getByRole('alert')).toHaveText(NOT_USABLE);
  await expect(card.getByLabel('Discount code')).toHaveValue('NOT-THIS-ONE');
  await context.close();
});

test.describe('roles on /admin/discounts', () => {
  test('403 for everyone but admins, on the page and both of its actions @http', async ({
    request,
  }) => {
    for (const role of ['visitor', 'none', 'level-1', 'admin'] as const) {
      const account = role === 'visitor' ? undefined : await createAccount(role, `Role ${role}`);
      const headers = account ? { Cookie: account.cookie } : undefined;
      const page = await request.get(`${E2E_ORIGIN}/admin/discounts`, {
        headers,
        maxRedirects: 0,
      });
      expect(page.status(), `${role} GET`).toBe(role === 'admin' ? 200 : 403);
      for (const [intent, adminAnswer] of [
        ['create-code', 400],
        ['deactivate-code', 404],
      ] as const) {
        const form = await request.post(`${E2E_ORIGIN}/admin/discounts`, {
          headers: { ...headers, Origin: E2E_ORIGIN },
          form: { intent, id: 'no-such-code', code: '' },
          maxRedirects: 0,
        });
        expect(form.status(), `${role} POST ${intent}`).toBe(role === 'admin' ? adminAnswer : 403);
      }
    }
  });
});
