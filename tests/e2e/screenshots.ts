import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Screenshots are for people to look at, on demand: `SCREENSHOTS=1 npm run test:e2e` writes
 * them under test-results/screenshots/. No test compares them, so a normal run (and CI) skips
 * the capture and keeps only the checks beside it.
 */
export const SCREENSHOTS_WANTED = process.env.SCREENSHOTS === '1';

/** Where a capture of the running test goes: one file per project (desktop, phone). */
export function screenshotPath(name: string, extension = 'png'): string {
  return `test-results/screenshots/${test.info().project.name}-${name}.${extension}`;
}

/** A capture of a page or a part of one, when screenshots are wanted. */
export async function saveScreenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  mkdirSync('test-results/screenshots', { recursive: true });
  await target.screenshot({ path: screenshotPath(name), ...options });
}

/**
 * Checks that no part of the page is wider than the viewport, then (when screenshots are
 * wanted) captures the whole page from the top. Sections marked `render-when-near` are only
 * painted near the viewport, so they are drawn first, as a visitor scrolling down would see
 * them: the width check then measures them too.
 */
export async function saveFullPageScreenshot(page: Page, name: string) {
  await page.addStyleTag({ content: '.render-when-near { content-visibility: visible; }' });
  await page.evaluate(() => window.scrollTo(0, 0));
  // With every section drawn, nothing may stick out sideways (a phone would scroll). The
  // viewport's own width, not innerWidth: a mobile Chromium zooms out, growing innerWidth.
  const screen = page.viewportSize()?.width ?? 0;
  const overflow = (await page.evaluate(() => document.documentElement.scrollWidth)) - screen;
  expect(overflow, `${name}: pixels wider than the viewport`).toBeLessThanOrEqual(0);
  await saveScreenshot(page, name, { fullPage: true });
}

/**
 * The page at the running project's width (1280 px on desktop) and at 375 px, each checked
 * for sideways overflow and captured when screenshots are wanted (`<name>-375` for the phone).
 */
export async function saveFullPageAtBothWidths(page: Page, name: string) {
  await saveFullPageScreenshot(page, name);
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 740 });
  await saveFullPageScreenshot(page, `${name}-375`);
  await page.setViewportSize(desktop);
}
