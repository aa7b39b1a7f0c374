import { readFileSync } from 'node:fs';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import {
  createAccount,
  daysAgo,
  openAsNewAccount,
  submitTransferAs,
  type TestAccount,
} from './sessions';
import { openE2eDatabase, runStatement } from './e2e-database';

/**
 * A $400 card payment of `buyer`'s, placed `days` ago, as the checkout and the local
 * provider's webhook leave it (the purchase itself has its own test in payments.spec.ts).
 */
function insertCardPayment(buyer: TestAccount, days: number) {
  const at = new Date(Date.now() - days * 86_400_000).toISOString();
  const id = `ord-ledger-${buyer.id}`;
  const db = openE2eDatabase();
  try {
    db.prepare(
      `insert into orders (id, user_id, plan_id, track, amount, currency, installments, provider, status, created_at, updated_at)
       values (?, ?, 'fed-upfront', 'frontend', 40000, 'USD', 1, 'local', 'paid', ?, ?)`,
    ).run(id, buyer.id, at, at);
    db.prepare(
      `insert into payments (id, order_id, user_id, provider, provider_payment_id, amount, currency, status, raw_event, created_at)
       values (?, ?, ?, 'local', ?, 40000, 'USD', 'paid', '{}', ?)`,
    ).run(`pay-${id}`, id, buyer.id, `charge-${id}`, at);
  } finally {
    db.close();
  }
}

/** The transfer approved, as an admin's decision leaves it (its review has its own tests). */
function approveTransfer(transferId: string) {
  runStatement(
    "update bank_transfers set status = 'approved', cohort = 'cohort-1', decided_at = ? where id = ?",
    new Date().toISOString(),
    transferId,
  );
}

test('the ledger lists card payments and approved transfers with totals, a period, and its CSV', async ({
  page,
}) => {
  const buyer = await createAccount('none', 'Ledger Buyer');
  insertCardPayment(buyer, 60);
  const { transferId } = await submitTransferAs(buyer);
  approveTransfer(transferId);
  await openAsNewAccount(
    page,
    `/admin/payments?q=${encodeURIComponent(buyer.email)}`,
    'admin',
    'Ledger Keeper',
  );
  await saveFullPageScreenshot(page, 'ledger');
  await expect(page.getByTestId('payment-count')).toHaveText('1 order and 1 bank transfer');
  const transfer = page.locator('tbody tr', { hasText: 'Bank transfer' });
  await expect(transfer.locator('td[data-label="Buyer"]')).toContainText(buyer.email);
  await expect(transfer.locator('td[data-label="Plan"]')).toHaveText('FrontEnd Bootcamp Upfront');
  await expect(transfer.locator('td[data-label="Amount"]')).toHaveText('₦600,000');
  await expect(transfer.locator('td[data-label="Status"]')).toHaveText('paid');
  const totals = page.getByRole('region', { name: 'Received, net of refunds' });
  await expect(totals.getByRole('listitem')).toHaveText(['₦600,000', '$400']);
  await expectNoAxeViolations(page);

  // The last week only: the card payment of two months ago drops out, from the list and the totals.
  await page.getByLabel('From').fill(daysAgo(7));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}(&|$)/);
  await expect(page.getByTestId('payment-count')).toHaveText('1 bank transfer');
  await expect(totals.getByRole('listitem')).toHaveText(['₦600,000']);
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'ledger-period');

  // The export is exactly the list on screen.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(',Bank transfer,');
  expect(lines[1]).toContain(buyer.email);
});
