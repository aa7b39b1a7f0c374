import type { Page } from '@playwright/test';
import { expect, gotoApp } from './fixtures';

/**
 * A signed-in person buys `plan` as a student would: Pay Now on /enroll opens the local
 * provider's page in a new tab, which shows `amount`; Pay there lands on /success with the
 * course unlocked (its webhook verified). Returns that tab.
 */
export async function payWithLocalProvider(
  page: Page,
  plan: string,
  amount: string,
): Promise<Page> {
  await gotoApp(page, '/enroll');
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: new RegExp(`^Pay Now for ${plan}`) }).click();
  const checkout = await opened;
  await expect(checkout).toHaveURL(/\/dev-pay\/ord-[0-9a-f]{32}$/);
  await expect(checkout.getByText(amount, { exact: true })).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(checkout).toHaveURL(/\/success\?order=ord-[0-9a-f]{32}$/);
  await expect(checkout.getByText('Your course is unlocked.')).toBeVisible();
  return checkout;
}
