import type { Page } from '@playwright/test';
import { RECEIPT_MAX_BYTES, TRANSFER_MESSAGES } from '../../app/features/transfers/transfer-form';
import { expect, test } from './fixtures';
import { daysAgo, openAsNewAccount } from './sessions';

/** A phone photo's size: a PNG's signature and then 6 MB. */
const SIX_MB_PHOTO = {
  name: 'photo.png',
  mimeType: 'image/png',
  buffer: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(6 * 1024 * 1024 - 8),
  ]),
};
expect(SIX_MB_PHOTO.buffer.length).toBeGreaterThan(RECEIPT_MAX_BYTES);

/** Fills "I have made a transfer" with the 6 MB photo and submits it. */
async function submitLargeReceipt(page: Page) {
  const form = page.getByRole('form', { name: 'I have made a transfer' });
  await form.getByLabel('Amount sent (₦)').fill('600000');
  await form.getByLabel('Transfer date').fill(daysAgo(1));
  await form.getByLabel('Transfer reference').fill('Ada Obi');
  const receipt = form.getByLabel('Receipt');
  // The limit is said next to the field before anything is chosen.
  await expect(receipt).toHaveAccessibleDescription(/at most 5 MB/);
  await receipt.setInputFiles(SIX_MB_PHOTO);
  await form.getByRole('button', { name: 'Submit transfer' }).click();
  return { form, receipt };
}

async function expectTooLargeMessage(page: Page) {
  const { form, receipt } = await submitLargeReceipt(page);
  await expect(form.getByText('Please check the fields marked below.')).toBeVisible();
  await expect(receipt).toHaveAttribute('aria-invalid', 'true');
  await expect(receipt).toHaveAccessibleDescription(
    new RegExp(TRANSFER_MESSAGES.receiptTooLarge.replace('.', '\\.')),
  );
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
}

test.describe('a receipt larger than 5 MB', () => {
  test('shows the field’s message in the browser', async ({ page }) => {
    await openAsNewAccount(page, '/enroll', 'none', 'Pat Photo');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await expectTooLargeMessage(page);
    // Refused as it was chosen: six megabytes are not sent over a phone's connection.
    expect(posts).toEqual([]);
  });

  test.describe('before the app loads (no JavaScript)', () => {
    test.use({ javaScriptEnabled: false });

    test('the server answers the form with the field’s message', async ({ page }) => {
      await openAsNewAccount(page, '/enroll', 'none', 'Nia NoScript');
      const answer = page.waitForResponse(
        (response) => response.request().method() === 'POST' && response.url().endsWith('/enroll'),
      );
      await expectTooLargeMessage(page);
      expect((await answer).status()).toBe(413);
    });
  });
});
