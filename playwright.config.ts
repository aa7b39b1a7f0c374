import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium';
import { E2E_COOKIE_SECRET, E2E_ORIGIN, E2E_PORT } from './tests/e2e-origin';

const dataDir = mkdtempSync(join(tmpdir(), 'bootcamp-e2e-'));
// Workers inherit this, so tests can check what the server wrote.
process.env.E2E_DATABASE_PATH ??= join(dataDir, 'e2e.sqlite');

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // A test that fails once is a defect to find, never a retry that hides it (issue 43).
  retries: 0,
  // Generous for a slow machine: the same flows took twice as long on one machine of this
  // kind as on another (a whole purchase 25 s against 55 s). A passing wait costs nothing;
  // only a failing one waits the full time.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: E2E_ORIGIN,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  // Checks that speak HTTP only (`@http`: status codes, headers, what a response holds) run
  // once, without a browser. Every other test runs on the desktop. The phone is a layout pass
  // (phone-layout.spec.ts: every page in every role that sees it) plus the flows that change
  // on a small screen, tagged `@phone` (both sizes) or `@phone-only`. docs/testing.md says
  // which level tests what. The phone comes first: its layout tests are the longest (half a
  // minute to a minute each), so they start first and the short tests fill in around them.
  projects: [
    {
      name: 'phone',
      grep: /@phone/,
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
    },
    {
      name: 'desktop',
      grepInvert: /@http|@phone-only/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    { name: 'http', grep: /@http/ },
  ],
  webServer: {
    // Exactly what `npm start` serves: the compiled bundle with NODE_ENV=production.
    command: 'npm run serve',
    url: `${E2E_ORIGIN}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORT),
      DATABASE_URL: process.env.E2E_DATABASE_PATH,
      ADMIN_EMAILS: 'admin@example.com',
      COOKIE_SECRET: E2E_COOKIE_SECRET,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
      SIGN_IN_RATE_LIMIT: '1000',
      // Every test tries codes from this one address; each person keeps the limit of 10.
      DISCOUNT_CODE_ADDRESS_RATE_LIMIT: '1000',
    },
  },
});
