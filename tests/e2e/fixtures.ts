import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLocal(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:' || protocol === 'about:') return true;
  return LOCAL_HOSTS.has(hostname);
}

/**
 * Pages paint before the app's scripts load (decision 011), so a click right after `goto`
 * could reach the server-rendered page before React does: the sign-in link would then take
 * its no-JavaScript path. Every navigation of every page in a test therefore waits until
 * the app has hydrated (root.tsx marks it), or until it is clear no app will run there
 * (JavaScript off, the provider's pages, non-HTML responses: no `js` class).
 */
function waitForAppOnNavigation(page: Page): void {
  const hydrated = () =>
    !document.documentElement.classList.contains('js') ||
    document.documentElement.dataset.hydrated === 'true';
  for (const method of ['goto', 'reload'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
    (page[method] as (...args: unknown[]) => ReturnType<Page['goto']>) = async (...args) => {
      const response = await navigate(...args);
      await page.waitForFunction(hydrated);
      return response;
    };
  }
}

/**
 * Every test fails on any request that leaves localhost: the request is aborted and
 * remembered, and the fixture asserts none happened once the test body is done.
 */
export const test = base.extend<{ offsiteRequests: string[]; appReady: void }>({
  appReady: [
    async ({ context }, use) => {
      context.pages().forEach(waitForAppOnNavigation);
      context.on('page', waitForAppOnNavigation);
      await use();
    },
    { auto: true },
  ],
  offsiteRequests: [
    async ({ context }, use) => {
      const offsite: string[] = [];
      await context.route(
        (url) => !isLocal(url.href),
        async (route) => {
          offsite.push(route.request().url());
          await route.abort('blockedbyclient');
        },
      );
      await use(offsite);
      expect(offsite, 'requests that left localhost').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Runs axe with WCAG 2.1 AA rules and expects zero violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Toasts fade in and out: axe would judge the contrast of a half-transparent frame.
    .exclude('.Toastify')
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/**
 * A full-page screenshot for people to look at. Sections marked `render-when-near` are
 * only painted near the viewport, so a full-page capture would show them blank; they are
 * drawn as a visitor scrolling down would see them.
 */
export async function saveFullPageScreenshot(page: Page, name: string, project: string) {
  await page.addStyleTag({ content: '.render-when-near { content-visibility: visible; }' });
  await page.screenshot({
    path: `test-results/screenshots/${project}-${name}.png`,
    fullPage: true,
  });
}
