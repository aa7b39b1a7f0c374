/**
 * Issue 33: a step's material is rendered once per step and served from memory to everyone
 * who may read it, with what is personal rendered around it per request; the stylesheet is
 * inlined on a first visit and linked as an immutable file afterwards (decision 054).
 */
import { request as http } from 'node:http';
import type { Page } from '@playwright/test';
import { COURSE_CONTENT } from '../../app/content/course-content.server';
import { PERMISSION_DENIED_MESSAGES } from '../../app/features/auth/permission-denied';
import { E2E_ORIGIN } from '../e2e-origin';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import { createAccount, signInNewAccount, type TestAccount, useAccount } from './sessions';
import { withE2eDatabase } from './e2e-database';
import { insertStepCompletions } from '../support/factories';

const STEP = 'javascript';
const content = COURSE_CONTENT[STEP];
/** What only a reader of the step may receive: its cards' titles and links. */
const secrets = content.sections.flatMap((section) =>
  section.kind === 'cards' ? section.cards.flatMap((card) => [card.title, card.link]) : [],
);

async function complete(account: TestAccount, steps: string[]) {
  await withE2eDatabase((db) => insertStepCompletions(db, account.id, steps));
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Course steps' });

/** The document's bytes as the server sends them to a browser asking for gzip. */
function compressedSize(path: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = http(`${E2E_ORIGIN}${path}`, {
      headers: { cookie, 'accept-encoding': 'gzip', accept: 'text/html' },
    });
    sent.on('response', (response) => {
      expect(response.headers['content-encoding']).toBe('gzip');
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
    });
    sent.on('error', reject).end();
  });
}

test.describe('a step served from the rendered cache', () => {
  test('two students get their own name, ticks and progress around the same cached step', async ({
    browser,
    request,
  }) => {
    const ada = await createAccount('level-1', 'Ada Cachewell');
    const bob = await createAccount('level-1', 'Bob Cachemore');
    await complete(ada, ['roadmap', 'html-css']);
    await complete(bob, [STEP]);
    // Warm: the step is in the cache before either page below is asked for.
    expect((await request.get(`/fed/${STEP}`, { headers: { cookie: ada.cookie } })).status()).toBe(
      200,
    );

    for (const [student, other, ticked, unticked] of [
      [ada, bob, 'Step 1: Roadmap (completed)', 'Step 5: JavaScript (completed)'],
      [bob, ada, 'Step 5: JavaScript (completed)', 'Step 1: Roadmap (completed)'],
    ] as const) {
      const context = await browser.newContext();
      await useAccount(context, student);
      const page = await context.newPage();
      await gotoApp(page, `/fed/${STEP}`);
      await expect(page.getByRole('heading', { level: 1, name: content.heading })).toBeVisible();
      await expect(page.getByRole('link', { name: secrets[0] as string }).first()).toBeAttached();
      await expect(page.getByText(student.name).first()).toBeAttached();
      await expect(page.getByText(other.name)).toHaveCount(0);
      await expect(menu(page).getByRole('link', { name: ticked })).toBeVisible();
      await expect(menu(page).getByRole('link', { name: unticked })).toHaveCount(0);
      // Bob completed this step, Ada did not: each sees their own form.
      await expect(
        page.getByRole('button', {
          name: student === bob ? 'Mark as not complete' : 'Mark as complete',
        }),
      ).toBeVisible();
      if (student === ada) {
        await expectNoAxeViolations(page);
        await saveFullPageScreenshot(page, 'cached-step');
      }
      await context.close();
    }
  });

  test('a client-side navigation carries the next step’s material in its data', async ({
    page,
  }) => {
    await signInNewAccount(page.context(), 'level-1', 'Nav Cachewell');
    await gotoApp(page, `/fed/${STEP}`);
    const next = COURSE_CONTENT.javascript2;
    const nextCard = next.sections.flatMap((s) => (s.kind === 'cards' ? s.cards : []))[0]!;
    await page.getByRole('link', { name: /^Next:/ }).click();
    await expect(page).toHaveURL(/\/fed\/javascript2$/);
    await expect(page.getByRole('heading', { level: 1, name: next.heading })).toBeVisible();
    await expect(
      page.getByRole('link', { name: new RegExp(nextCard.title) }).first(),
    ).toBeAttached();
    // And back: the first step's material is there again, from the data request.
    await page.getByRole('link', { name: /^Previous:/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: content.heading })).toBeVisible();
    await expect(
      page.getByRole('link', { name: new RegExp(secrets[0] as string) }).first(),
    ).toBeAttached();
  });

  test('a visitor and a student without access never receive the cached step @http', async ({
    request,
  }) => {
    const reader = await createAccount('level-1', 'Warm Reader');
    const none = await createAccount('none', 'No Access Cache');
    // Warm the cache both ways: the document and the data request.
    for (const path of [`/fed/${STEP}`, `/fed/${STEP}.data`]) {
      expect((await request.get(path, { headers: { cookie: reader.cookie } })).status()).toBe(200);
    }
    for (const cookie of ['', none.cookie]) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const page = await request.get(`/fed/${STEP}`, { headers });
      const data = await request.get(`/fed/${STEP}.data`, { headers });
      expect(page.status()).toBe(403);
      expect(data.status()).toBe(403);
      const html = await page.text();
      const loaderData = await data.text();
      expect(html).toContain(PERMISSION_DENIED_MESSAGES.student);
      for (const secret of [content.intro, ...secrets]) {
        expect(html).not.toContain(secret.replaceAll('&', '&amp;'));
        expect(loaderData).not.toContain(secret);
      }
    }
  });

  test('the stylesheet is inlined on a first visit, then linked as a cached file @http', async ({
    request,
  }) => {
    const student = await createAccount('level-1', 'Style Cachewell');
    const first = await request.get(`/fed/${STEP}`, { headers: { cookie: student.cookie } });
    const firstHtml = await first.text();
    expect(firstHtml).toMatch(/<style>[^<]*tailwindcss/);
    const href = /<link rel="prefetch" href="(\/assets\/app-[\w-]+\.css)"\/>/.exec(firstHtml)?.[1];
    expect(href).toBeDefined();
    const setCookie = first
      .headersArray()
      .find(
        (header) => header.name.toLowerCase() === 'set-cookie' && header.value.startsWith('css='),
      )?.value;
    expect(setCookie).toContain(`css=${href!.slice('/assets/'.length)}`);

    const file = await request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    const cookie = `${student.cookie}; ${setCookie!.split(';')[0]}`;
    const repeat = await request.get(`/fed/${STEP}`, { headers: { cookie } });
    const repeatHtml = await repeat.text();
    expect(repeatHtml).not.toContain('tailwindcss');
    expect(repeatHtml).toContain(`<link rel="stylesheet" href="${href}"/>`);
    expect(repeat.headers()['set-cookie'] ?? '').not.toContain('css=');
    // DESIGN §8: a signed-in course page, on a repeat visit, at most 12 KB compressed.
    expect(await compressedSize(`/fed/${STEP}`, cookie)).toBeLessThanOrEqual(12 * 1024);
  });
});
