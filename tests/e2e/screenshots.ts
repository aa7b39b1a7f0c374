import { expect, test, type Page } from '@playwright/test';

/** Where a capture of the running test goes: one file per project (desktop, phone). */
export function screenshotPath(name: string, extension = 'png'): string {
  return `test-results/screenshots/${test.info().project.name}-${name}.${extension}`;
}

/**
 * A full-page screenshot for people to look at, drawn from the top, after checking that no
 * part of the page is wider than the viewport. Sections marked `render-when-near` are only
 * painted near the viewport, so a full-page capture would show them blank; they are drawn
 * as a visitor scrolling down would see them.
 */
export async function saveFullPageScreenshot(page: Page, name: string) {
  await page.addStyleTag({ content: '.render-when-near { content-visibility: visible; }' });
  await page.evaluate(() => window.scrollTo(0, 0));
  // With every section drawn, nothing may stick out sideways (a phone would scroll). The
  // viewport's own width, not innerWidth: a mobile Chromium zooms out, growing innerWidth.
  const screen = page.viewportSize()?.width ?? 0;
  const overflow = (await page.evaluate(() => document.documentElement.scrollWidth)) - screen;
  expect(overflow, `${name}: pixels wider than the viewport`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}
