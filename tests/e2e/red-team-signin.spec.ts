import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { signInThroughPopup, uniqueEmail } from './auth-helpers';
import { expect, gotoApp, test } from './fixtures';
import { E2E_ORIGIN } from '../e2e-origin';

/** Issue 23: what another site, or a stranger's request, can do to sign-in. */

/** The sign-in attempts the e2e server recorded with this return path (read-only). */
function attemptsReturningTo(prefix: string): number {
  const db = new Database(process.env.E2E_DATABASE_PATH ?? '', { readonly: true });
  try {
    const row = db
      .prepare('select count(*) as count from sign_in_attempts where return_to like ?')
      .get(`${prefix}%`) as { count: number };
    return row.count;
  } finally {
    db.close();
  }
}

test("another site's images neither start sign-ins nor spend the rate limit", async ({ page }) => {
  const images = 5;
  const marker = `/red-team-${Date.now().toString(36)}`;
  const body = Array.from(
    { length: images },
    (_, i) => `<img alt="" src="${E2E_ORIGIN}/auth/google?redirectTo=${marker}-${i}">`,
  ).join('');
  // Another site (127.0.0.1 is not localhost's site), served from loopback: a page only
  // Playwright answers counts as public, and Chromium keeps it off local addresses.
  const otherSite = createServer((_, response) => {
    response.setHeader('Content-Type', 'text/html');
    response.end(body);
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  const { port } = otherSite.address() as AddressInfo;
  // Each image ends (as a failed image load) only once the server has answered it.
  let ended = 0;
  const allEnded = new Promise<void>((resolve) => {
    const onEnd = (request: { url(): string }) => {
      if (request.url().startsWith(`${E2E_ORIGIN}/auth/google`) && ++ended === images) resolve();
    };
    page.on('requestfailed', onEnd);
    page.on('requestfinished', onEnd);
  });
  await page.goto(`http://127.0.0.1:${port}/`);
  await allEnded;
  otherSite.close();
  // Refused before counting or writing anything: such a request could never complete.
  expect(attemptsReturningTo(marker)).toBe(0);

  await gotoApp(page, '/');
  await signInThroughPopup(page, { email: uniqueEmail('red-team'), name: 'Rita Red' });
  await expect(page.getByText('Account created successfully')).toBeVisible();
});
