import { randomBytes } from 'node:crypto';
import { successPage } from '../../app/content/success';
import { createDiscountCode } from '../../app/features/discounts/discounts.server';
import { discountCodeFields } from '../support/factories';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import { openAsNewAccount } from './sessions';
import { readRow, withE2eDatabase } from './e2e-database';

/** The order as the server stored it: its reference and when its payment was recorded. */
function paidOrderOf(userId: string): { id: string; paidAt: string } {
  return readRow<{ id: string; paidAt: string }>(
    'select orders.id, payments.created_at as paidAt from orders join payments on payments.order_id = orders.id where orders.user_id = ?',
    userId,
  )!;
}

test('after a card payment, /success gives the plan, the amount, the reference and the date, and the 24-hour promise', async ({
  page,
  context,
}) => {
  const buyer = await openAsNewAccount(page, '/enroll', 'none', 'Rhoda Receipt');
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: /^Pay Now for FrontEnd Bootcamp Upfront/ }).click();
  const tab = await opened;
  await tab.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await tab.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(tab.getByText('Your course is unlocked.')).toBeVisible();

  const order = paidOrderOf(buyer.id);
  const details = tab.getByRole('region', { name: 'Your payment' });
  const value = (term: string) =>
    details.locator('div').filter({ has: tab.getByRole('term').filter({ hasText: term }) });
  await expect(value('Plan').getByRole('definition')).toHaveText('FrontEnd Bootcamp Upfront');
  await expect(value('Amount').getByRole('definition')).toHaveText('$400');
  await expect(value('Reference').getByRole('definition')).toHaveText(order.id);
  await expect(value('Date').getByRole('definition')).toHaveText(
    new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(order.paidAt),
    ),
  );
  await expect(tab.getByText(successPage.message)).toBeVisible();
  await expectNoAxeViolations(tab);
});

test('a scholarship: the card’s big price is $0 with the old one struck through, the checkout and /success say scholarship, and Start learning opens the FullStack course @phone', async ({
  page,
}) => {
  const code = `RIDE-${randomBytes(4).toString('hex').toUpperCase()}`;
  await withE2eDatabase((db) =>
    createDiscountCode(
      db,
      discountCodeFields({ code, percentOff: 100, maxUses: null, planIds: ['fsd-installments'] }),
      {
        id: 'admin-e2e',
        name: 'E2E Admin',
      },
    ),
  );
  await openAsNewAccount(page, '/enroll', 'none', 'Sola Scholar');
  const plan = 'FullStack Bootcamp in 3 Installments';
  const card = page.getByRole('article', { name: plan });
  // The upfront card's own discount: $400 to pay, $450 struck through.
  await expect(
    page.getByRole('article', { name: 'FrontEnd Bootcamp Upfront' }).locator('s'),
  ).toHaveText('was $450');
  await card.getByText('Have a code?').click();
  await card.getByLabel('Discount code').fill(code);
  await card.getByRole('button', { name: 'Apply' }).click();
  await expect(card.getByRole('status')).toContainText('Nothing to pay');
  await expect(card.locator('s')).toHaveText('was $400');
  await expect(card.locator('.text-4xl')).toHaveText('$0');
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'enroll-scholarship-card');

  await gotoApp(page, `/checkout?plan=fsd-installments&code=${code}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Your scholarship for ${plan}`);
  await expect(page.getByText('Pay for')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'checkout-scholarship');
  await page.getByRole('button', { name: 'Confirm your scholarship' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your scholarship is confirmed');
  await expect(page.getByText('Your course is unlocked.')).toBeVisible();
  await expect(page.getByText(successPage.message)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Start learning' })).toHaveAttribute(
    'href',
    '/fsd/home',
  );
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'success-scholarship');
});
