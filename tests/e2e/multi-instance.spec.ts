import { hostname } from 'node:os';
import type { Page } from '@playwright/test';
import { LISTENER_APPLICATION_NAME } from '../../app/lib/postgres-event-bus.server';
import {
  dropTempDatabase,
  startServer,
  tempDatabaseUrl,
  type RunningServer,
} from '../support/server-process';
import { sqlQuery } from '../support/sql-client';
import { signInFromLoginPage } from './auth-helpers';
import { expect, gotoApp, test } from './fixtures';

/**
 * Two server processes on different ports sharing one PostgreSQL database, as behind a
 * load balancer. Runs when TEST_DATABASE_URL names a PostgreSQL server (CI sets it).
 */
test.describe('two instances on one PostgreSQL', () => {
  test.skip(!process.env.TEST_DATABASE_URL, 'needs TEST_DATABASE_URL (a PostgreSQL server)');
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let databaseUrl: string;
  let a: RunningServer;
  let b: RunningServer;

  test.beforeAll(async () => {
    databaseUrl = await tempDatabaseUrl();
    const env = { DATABASE_URL: databaseUrl, ADMIN_EMAILS: 'admin@example.com' };
    a = await startServer(env);
    b = await startServer(env);
  });

  test.afterAll(async () => {
    await a?.stop();
    await b?.stop();
    if (databaseUrl) await dropTempDatabase(databaseUrl);
  });

  async function changeStatusOnA(page: Page, email: string, access: string, cohort: string) {
    await gotoApp(page, `${a.origin}/admin/home?q=${encodeURIComponent(email)}`);
    await page.locator('tbody tr').first().getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'User Details' })).toBeVisible();
    await page.getByLabel('Access').selectOption(access);
    await page.getByLabel('Cohort').selectOption(cohort);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(`${a.origin}/admin/home`);
  }

  test("a session from A works on B, and A's changes reach B live, even after B's listener drops", async ({
    page,
    context,
  }) => {
    await signInFromLoginPage(page, { email: 'admin@example.com', name: 'Ada Admin' }, a.origin);
    await expect(page).toHaveURL(`${a.origin}/fed/home`);

    // Sessions live in the database: B knows the person A signed in.
    const watching = await context.newPage();
    await gotoApp(watching, `${b.origin}/admin/home?q=chioma.eze`);
    await expect(watching.getByRole('navigation', { name: 'Main' })).toContainText('Hi, Ada Admin');
    const first = watching.locator('tbody tr').first();
    await expect(first).toContainText('none');

    await changeStatusOnA(page, 'chioma.eze@example.com', 'level-1', 'cohort-1');
    await expect(first).toContainText('level-1', { timeout: 1_000 });

    // Cut B's LISTEN connection; it must reconnect and miss nothing after.
    const listener = `${LISTENER_APPLICATION_NAME} ${hostname()}:${b.port}`.slice(0, 63);
    const terminated = await sqlQuery<{ ok: boolean }>(
      databaseUrl,
      'select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = ?',
      [listener],
    );
    expect(terminated.length).toBe(1);
    await expect
      .poll(
        async () =>
          (
            await sqlQuery(
              databaseUrl,
              'select pid from pg_stat_activity where application_name = ?',
              [listener],
            )
          ).length,
        { timeout: 10_000 },
      )
      .toBe(1);

    await gotoApp(watching, `${b.origin}/admin/home?q=emeka.bello`);
    const second = watching.locator('tbody tr').first();
    await expect(second).toContainText('none');
    await changeStatusOnA(page, 'emeka.bello@example.com', 'none', 'cohort-1');
    // The list names the cohort (decision 073).
    await expect(second).toContainText('Cohort 1', { timeout: 1_000 });
  });
});
