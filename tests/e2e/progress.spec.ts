import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import { createAccount, signInNewAccount } from './sessions';
import { readRows } from './e2e-database';
import { E2E_ORIGIN } from '../e2e-origin';

const ORIGIN = E2E_ORIGIN;

function completedSteps(userId: string): string[] {
  return readRows<{ step: string }>(
    'select step from step_completions where user_id = ? order by step',
    userId,
  ).map((row) => row.step);
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Course steps' });

test.describe('progress through the course', () => {
  test('a student marks steps complete; the menu and the course home follow, and it can be undone', async ({
    page,
  }) => {
    const student = await signInNewAccount(page.context(), 'level-1', 'Pat Progress');
    await gotoApp(page, '/fed/home');
    await expect(page.getByText('0 of 8 steps completed')).toBeVisible();
    await page.getByRole('link', { name: 'Start with Step 1: Roadmap' }).click();
    await expect(page).toHaveURL(/\/fed\/roadmap$/);

    await page.getByRole('button', { name: 'Mark as complete' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Completed' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as not complete' })).toBeVisible();
    await expect(
      menu(page).getByRole('link', { name: 'Step 1: Roadmap (completed)' }),
    ).toBeVisible();
    expect(completedSteps(student.id)).toEqual(['roadmap']);

    await gotoApp(page, '/fed/javascript');
    await page.getByRole('button', { name: 'Mark as complete' }).click();
    await expect(page.getByRole('button', { name: 'Mark as not complete' })).toBeVisible();

    await gotoApp(page, '/fed/home');
    await expect(page.getByText('2 of 8 steps completed')).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    await expect(
      page.getByRole('link', { name: 'Continue with Step 2: HTML & CSS' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'fed-home-progress');

    await gotoApp(page, '/fed/roadmap');
    await page.getByRole('button', { name: 'Mark as not complete' }).click();
    await expect(page.getByRole('button', { name: 'Mark as complete' })).toBeVisible();
    await expect.poll(() => completedSteps(student.id)).toEqual(['javascript']);
    await expectNoAxeViolations(page);
  });

  test('marking works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const student = await signInNewAccount(context, 'level-1', 'Noah NoScript');
    const page = await context.newPage();
    await gotoApp(page, '/fed/html-css');
    await page.getByRole('button', { name: 'Mark as complete' }).click();
    await expect(page.getByText('Completed', { exact: true })).toBeVisible();
    expect(completedSteps(student.id)).toEqual(['html-css']);
    await context.close();
  });

  test('only steps the reader may read can be marked: none gets 403 on a protected step @http', async ({
    request,
  }) => {
    const none = await createAccount('none', 'Nina None');
    const post = (path: string, cookie?: string) =>
      request.post(`${ORIGIN}${path}`, {
        headers: { Origin: ORIGIN, ...(cookie && { Cookie: cookie }) },
        form: { intent: 'complete' },
        maxRedirects: 0,
      });
    expect((await post('/fed/javascript', none.cookie)).status()).toBe(403);
    expect((await post('/fed/javascript')).status()).toBe(403);
    expect((await post('/fed/roadmap')).status()).toBe(401);
    expect((await post('/fed/roadmap', none.cookie)).status()).toBe(200);
    expect((await post('/fed/home', none.cookie)).status()).toBe(404);
    expect(completedSteps(none.id)).toEqual(['roadmap']);
    const student = await createAccount('level-1', 'Lee Level');
    const admin = await createAccount('admin', 'Ada Progress');
    expect((await post('/fed/conclusion', student.cookie)).status()).toBe(200);
    expect((await post('/fed/conclusion', admin.cookie)).status()).toBe(200);
    const tampered = await request.post(`${ORIGIN}/fed/roadmap`, {
      headers: { Origin: ORIGIN, Cookie: student.cookie },
      form: { intent: 'delete-everything' },
    });
    expect(tampered.status()).toBe(400);
    expect(completedSteps(student.id)).toEqual(['conclusion']);
  });
});
