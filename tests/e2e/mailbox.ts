import type { Page } from '@playwright/test';
import { expect, gotoApp } from './fixtures';

/** The local mailbox lists `subject` for `email` once (the worker sends within a moment). */
export async function expectMail(page: Page, email: string, subject: string): Promise<void> {
  await expect(async () => {
    await gotoApp(page, '/dev-mail');
    await expect(
      page.getByRole('link').filter({ hasText: email }).filter({ hasText: subject }),
    ).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
}
