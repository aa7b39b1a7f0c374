import { createAccounts, type Account } from '../support/accounts';
import {
  PAYSTACK_SECRET_KEY,
  startFakePaystack,
  type FakePaystack,
} from '../support/fake-paystack';
import {
  startFakeStripe,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  type FakeStripe,
} from '../support/fake-stripe';
import {
  dropTempDatabase,
  startServer,
  tempDatabaseUrl,
  type RunningServer,
} from '../support/server-process';
import { expect, gotoApp, test } from './fixtures';

/**
 * Pay Now with a real provider configured (against the in-process fake of its API): the
 * browser itself must reach the provider's checkout page, which our own CSP could refuse
 * (Chromium applies `form-action` to the redirect that answers the form's POST). The
 * provider's host is routed to a local page, so nothing leaves the machine.
 */
const PROVIDERS = [
  {
    name: 'stripe',
    checkout: /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_/,
    start: async () => {
      const fake: FakeStripe = await startFakeStripe();
      return {
        fake,
        env: {
          STRIPE_SECRET_KEY,
          STRIPE_WEBHOOK_SECRET,
          STRIPE_API_URL: fake.url,
          PAYMENT_PROVIDER: 'stripe',
        },
      };
    },
  },
  {
    name: 'paystack',
    checkout: /^https:\/\/checkout\.paystack\.com\/ac_/,
    start: async () => {
      const fake: FakePaystack = await startFakePaystack();
      return {
        fake,
        env: { PAYSTACK_SECRET_KEY, PAYSTACK_API_URL: fake.url, PAYMENT_PROVIDER: 'paystack' },
      };
    },
  },
] as const;

for (const provider of PROVIDERS) {
  test.describe(`Pay Now with ${provider.name} configured`, () => {
    test.describe.configure({ mode: 'serial' });
    let fake: { close: () => Promise<void> };
    let server: RunningServer;
    let databaseUrl: string;
    let buyer: Account;

    test.beforeAll(async () => {
      const started = await provider.start();
      fake = started.fake;
      databaseUrl = await tempDatabaseUrl();
      buyer = (await createAccounts(databaseUrl, [{ access: 'none', name: 'Pat Payer' }]))[0]!;
      server = await startServer({ DATABASE_URL: databaseUrl, ...started.env });
    });

    test.afterAll(async () => {
      await server?.stop();
      await fake?.close();
      if (databaseUrl) await dropTempDatabase(databaseUrl);
    });

    test('the browser arrives at the provider’s checkout page', async ({ page, context }) => {
      const [name, value] = buyer.cookie.split('=') as [string, string];
      await context.addCookies([
        { name, value, domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' },
      ]);
      await context.route(provider.checkout, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><title>Checkout</title><h1>${provider.name} checkout</h1>`,
        }),
      );
      await gotoApp(page, `${server.origin}/enroll`);
      const [checkout] = await Promise.all([
        page.waitForEvent('popup'),
        page
          .getByRole('button', { name: /^Pay Now/ })
          .first()
          .click(),
      ]);
      await checkout.waitForURL(provider.checkout, { timeout: 10_000 });
      await expect(
        checkout.getByRole('heading', { name: `${provider.name} checkout` }),
      ).toBeVisible();
    });
  });
}
