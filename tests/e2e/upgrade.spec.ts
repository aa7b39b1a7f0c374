import type { Page } from '@playwright/test';
import { FULLSTACK_CONTENT } from '../../app/content/fullstack-content.server';
import { UPGRADE_NOT_OPEN } from '../../app/features/enrolment/upgrade.server';
import { insertEnrolment, payThroughVerifiedWebhook } from '../support/factories';
import { payWithLocalProvider } from './checkout';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { postForm } from './form-posts';
import { member, newCohort } from './cohort-people';
import { readValue, withE2eDatabase } from './e2e-database';
import { saveFullPageScreenshot, saveScreenshot } from './screenshots';
import {
  createAccount,
  readUser,
  separatePageOfNewAccount,
  type TestAccount,
  useAccount,
} from './sessions';

/** The card on `path` gives the upgrade's price; no axe violations; captured at 1280 and 375 px. */
async function seeUpgradeCard(page: Page, path: string, name: string) {
  await gotoApp(page, path);
  const card = page.getByRole('region', { name: 'Upgrade to FullStack' });
  await expect(card).toContainText('$600');
  await expect(card).toContainText('$1,000 for FullStack, less the $400 of FrontEnd');
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, name);
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 740 });
  await saveFullPageScreenshot(page, `${name}-375`);
  await saveScreenshot(card, `${name}-card-375`);
  await page.setViewportSize(desktop);
}

/** A FrontEnd student of the installment plan who has paid `paid` of its 3 installments. */
async function installmentStudent(name: string, paid: number): Promise<TestAccount> {
  const account = await createAccount('level-1', name);
  await withE2eDatabase((db) =>
    insertEnrolment(db, {
      userId: account.id,
      orderId: null,
      planId: 'fed-installments',
      installmentsPaid: paid,
      installmentsTotal: 3,
    }),
  );
  return account;
}

test('a FrontEnd upfront student upgrades for $600 through the local provider: /fsd/express opens with the cohort kept, and the ledger shows both orders (screenshots)', async ({
  page,
  browser,
}) => {
  const cohort = await newCohort('Upgrade Cohort');
  const student = await member('level-1', cohort, 'Uma Upgrade');
  await withE2eDatabase((db) => payThroughVerifiedWebhook(db, student.id, 'fed-upfront'));
  await useAccount(page.context(), student);
  expect((await gotoApp(page, '/fsd/express'))?.status()).toBe(403);
  // The denied page's Upgrade to FullStack leads to the card, not to the plans at full price.
  await page.getByRole('main').getByRole('link', { name: 'Upgrade to FullStack' }).click();
  await expect(page).toHaveURL('/enroll#upgrade');

  await seeUpgradeCard(page, '/fed/home', 'upgrade-home');
  await seeUpgradeCard(page, '/enroll', 'upgrade-enroll');

  const checkout = await payWithLocalProvider(page, 'Upgrade to FullStack', '$600');
  expect((await gotoApp(checkout, '/fsd/express'))?.status()).toBe(200);
  await expect(checkout.getByRole('heading', { level: 1 })).toHaveText(
    FULLSTACK_CONTENT.express.heading,
  );
  expect(readUser(student.id)).toMatchObject({ access: 'level-1', cohort });
  // Upgraded, the card is gone from the course home.
  await gotoApp(checkout, '/fed/home');
  await expect(checkout.getByRole('region', { name: 'Upgrade to FullStack' })).toHaveCount(0);

  const { page: admin } = await separatePageOfNewAccount(browser, 'admin', 'Upgrade Ledger');
  await gotoApp(admin, `/admin/payments?q=${encodeURIComponent(student.email)}`);
  await expect(admin.getByTestId('payment-count')).toHaveText('2 orders');
  await expect(admin.locator('td[data-label="Plan"]')).toHaveText([
    'Upgrade to FullStack',
    'FrontEnd Bootcamp Upfront',
  ]);
  await expect(admin.locator('td[data-label="Amount"]')).toHaveText(['$600', '$400']);
});

test('a FrontEnd student still paying installments is told the upgrade opens after the last one', async ({
  page,
}) => {
  const student = await installmentStudent('Ife Installments', 1);
  await useAccount(page.context(), student);
  await gotoApp(page, '/fed/home');
  const card = page.getByRole('region', { name: 'Upgrade to FullStack' });
  await expect(card).toContainText(
    'You can upgrade after your last FrontEnd installment (1 of 3 paid).',
  );
  await expect(card.getByRole('button')).toHaveCount(0);
});

test('Pay Now on the upgrade by anyone it is not open to is refused, and makes no order @http', async () => {
  const installments = await installmentStudent('Still Paying', 2);
  const unpaid = await createAccount('level-1', 'Granted By Hand');
  for (const person of [installments, unpaid]) {
    const answer = await postForm('/checkout', person.cookie, { plan: 'fsd-upgrade' });
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain(UPGRADE_NOT_OPEN);
    expect(readValue<number>('select count(*) from orders where user_id = ?', person.id)).toBe(0);
  }
});
