import Database from 'better-sqlite3';
import { expect, type Locator, type Page } from '@playwright/test';
import { gotoApp } from './fixtures';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

/** On a phone the header menu hides behind its toggle. */
export async function openMenu(page: Page): Promise<void> {
  const toggle = page.locator('header nav > button[aria-controls]');
  if (!(await toggle.isVisible())) return;
  // A navigation that lands just after the click closes the menu again: retry until open.
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 500 });
  }).toPass({ timeout: 10_000 });
}

/** A link of the site's main menu, by its exact name. */
export function mainMenuLink(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

/** Clicks `trigger`, fills the local provider's form in the popup and submits it. */
export async function signInThroughPopup(
  page: Page,
  options: { email: string; name: string; trigger?: () => Promise<void> },
): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  if (options.trigger) await options.trigger();
  else {
    await openMenu(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Login' })
      .click();
  }
  const popup = await popupOpened;
  await expect(popup.getByText('Local development sign-in')).toBeVisible();
  await popup.getByLabel('Email').fill(options.email);
  await popup.getByLabel('Display name').fill(options.name);
  // Listen first: the popup may close before a click's own waiting is over.
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await closed;
}

/** The sign-in button in the page's main column (the login page's, the checkout's). */
export function clickLoginWithGoogle(page: Page): Promise<void> {
  return page.getByRole('main').getByRole('link', { name: 'Login With Google' }).click();
}

/** Opens the login page (on `origin`, the e2e server by default) and signs in from its button. */
export async function signInFromLoginPage(
  page: Page,
  person: { email: string; name: string },
  origin = '',
): Promise<void> {
  await gotoApp(page, `${origin}/login`);
  await signInThroughPopup(page, { ...person, trigger: () => clickLoginWithGoogle(page) });
}

/** Reads the e2e server's database directly, read-only, to check what was (not) written. */
export function countUsersWithEmail(email: string): number {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error('E2E_DATABASE_PATH is not set by playwright.config.ts');
  const db = new Database(path, { readonly: true });
  try {
    const row = db.prepare('select count(*) as count from users where email = ?').get(email) as {
      count: number;
    };
    return row.count;
  } finally {
    db.close();
  }
}
