import { successPage } from '../../app/content/success';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { openAsNewAccount } from './sessions';
import { readRow } from './e2e-database';

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
