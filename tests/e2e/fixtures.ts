import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLocal(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:' || protocol === 'about:') return true;
  return LOCAL_HOSTS.has(hostname);
}

/**
 * Pages paint before the app's scripts load (decision 011), so a click right after a
 * navigation could reach the server-rendered page before React does: the sign-in link
 * would then take its no-JavaScript path. Tests therefore navigate with these, which wait
 * until the app has hydrated (root.tsx marks it), or until it is clear no app will run
 * there (JavaScript off, the provider's pages, non-HTML responses: no `js` class).
 */
const appHydrated = () =>
  !document.documentElement.classList.contains('js') ||
  document.documentElement.dataset.hydrated === 'true';

export async function gotoApp(page: Page, ...args: Parameters<Page['goto']>) {
  const response = await page.goto(...args);
  await page.waitForFunction(appHydrated);
  return response;
}

export async function reloadApp(page: Page, ...args: Parameters<Page['reload']>) {
  const response = await page.reload(...args);
  await page.waitForFunction(appHydrated);
  return response;
}

/**
 * Every test with a browser fails on any request that leaves localhost: the request is
 * aborted and remembered, and the fixture asserts none happened once the test body is done.
 * Likewise on any Content-Security-Policy violation a page reports (a blocked script, style or
 * eval), which the page itself may survive and only the browser's Issues panel would show.
 * Both are set up on the test's browser context, so a test that asks only for `request`
 * (an `@http` test: status codes, headers, what a response holds) opens no browser at all.
 */
export const test = base.extend<{ offsiteRequests: string[]; cspViolations: string[] }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  cspViolations: async ({}, use) => {
    const violations: string[] = [];
    await use(violations);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
  // eslint-disable-next-line no-empty-pattern
  offsiteRequests: async ({}, use) => {
    const offsite: string[] = [];
    await use(offsite);
    expect(offsite, 'requests that left localhost').toEqual([]);
  },
  context: async ({ context, cspViolations, offsiteRequests }, use, testInfo) => {
    if (testInfo.project.name === 'http') {
      throw new Error('An @http test speaks HTTP only: it opens no browser (use `request`).');
    }
    await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
      cspViolations.push(`${page.url()}: ${text}`);
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as Record<string, (text: string) => void>)
          .__reportCspViolation;
        report?.(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
      });
    });
    await context.route(
      (url) => !isLocal(url.href),
      async (route) => {
        offsiteRequests.push(route.request().url());
        await route.abort('blockedbyclient');
      },
    );
    await use(context);
  },
});

export { expect };

/**
 * Runs axe with WCAG 2.1 AA rules and expects zero violations. `exclude` leaves out content
 * that is not the site's own page (an e-mail shown in a sandboxed frame, where axe cannot
 * run scripts).
 */
export async function expectNoAxeViolations(page: Page, exclude: string[] = []): Promise<void> {
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Toasts fade in and out: axe would judge the contrast of a half-transparent frame.
    .exclude('.Toastify');
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}
