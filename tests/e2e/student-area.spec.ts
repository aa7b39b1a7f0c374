import { execFileSync } from 'node:child_process';
import { COURSE_CONTENT } from '../../app/content/course-content.server';
import type { StepContent } from '../../app/content/course-content.types';
import { COURSE_STEPS, QUIZ_STEP, type StepSlug } from '../../app/content/course-steps';
import { quizOfPage } from '../../app/content/quizzes';
import { PERMISSION_DENIED_MESSAGES } from '../../app/features/auth/permission-denied';
import { openMenu } from './auth-helpers';
import { expect, expectNoAxeViolations, gotoApp, reloadApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import {
  createAccount,
  openAsNewAccount,
  submitTransferAs,
  type TestAccount,
  useAccount,
} from './sessions';
import { createFlashCookie, type Flash } from '../../app/lib/flash.server';
import { E2E_COOKIE_SECRET, E2E_ORIGIN } from '../e2e-origin';

/** A toast signed with the server's key, as a redirect would have set it. */
async function signedFlash(flash: Flash): Promise<string> {
  const cookie = createFlashCookie({ secure: false, secrets: [E2E_COOKIE_SECRET] });
  return (await cookie.serialize(flash)).split(';')[0]!.slice('flash='.length);
}

type Role = 'visitor' | 'none' | 'level-1' | 'admin';
const ROLES: Role[] = ['visitor', 'none', 'level-1', 'admin'];

type PageContent = Pick<StepContent, 'heading' | 'intro' | 'sections'>;

/** What a step's page shows: its content, or on the quiz page its quiz's title and intro. */
function contentOf(slug: StepSlug): PageContent {
  if (slug !== QUIZ_STEP) return COURSE_CONTENT[slug];
  const quiz = quizOfPage(slug)!;
  return { heading: quiz.title, intro: quiz.covers, sections: [] };
}

/** Titles and links that only someone allowed to see the step may receive. */
function secretsOf(content: PageContent): string[] {
  return content.sections.flatMap((section) => {
    if (section.kind === 'cards') return section.cards.flatMap((card) => [card.title, card.link]);
    if (section.kind === 'projects') {
      return section.projects.flatMap((p) => [
        p.title,
        p.link,
        p.previewURL,
        p.downloadURL,
        p.solutionURL,
      ]);
    }
    return [];
  });
}

function mayOpen(role: Role, studentsOnly: boolean): boolean {
  return !studentsOnly || role === 'level-1' || role === 'admin';
}

test.describe('the student area for each role', () => {
  for (const role of ROLES) {
    test(`${role}: every step answers with the status and content the access table says @http`, async ({
      request,
    }) => {
      const account = role === 'visitor' ? undefined : await createAccount(role);
      const headers: Record<string, string> = account ? { cookie: account.cookie } : {};
      for (const step of COURSE_STEPS) {
        const content = contentOf(step.slug);
        const page = await request.get(`/fed/${step.slug}`, { headers });
        const data = await request.get(`/fed/${step.slug}.data`, { headers });
        const html = await page.text();
        const loaderData = await data.text();
        if (mayOpen(role, step.studentsOnly)) {
          expect(page.status(), step.slug).toBe(200);
          expect(html).toContain(content.heading.replaceAll('&', '&amp;'));
          for (const secret of secretsOf(content))
            expect(html).toContain(secret.replaceAll('&', '&amp;'));
          if (account) expect(html).toContain(account.name);
        } else {
          expect(page.status(), step.slug).toBe(403);
          expect(data.status(), `${step.slug}.data`).toBe(403);
          expect(html).toContain(PERMISSION_DENIED_MESSAGES.student);
          for (const secret of [content.intro, ...secretsOf(content)]) {
            expect(html, step.slug).not.toContain(secret);
            expect(loaderData, `${step.slug}.data`).not.toContain(secret);
          }
        }
      }
    });
  }

  test.describe('a bank transfer’s receipt and the transfer form', () => {
    let owner: TestAccount;
    let receiptId: string;
    test.beforeAll(async () => {
      owner = await createAccount('none', 'Receipt Owner');
      ({ receiptId } = await submitTransferAs(owner));
    });

    for (const role of ROLES) {
      test(`${role}: someone else’s receipt is ${role === 'admin' ? 'served' : 'a 404'}; the form ${role === 'visitor' ? 'is refused with 401' : 'is read'} @http`, async ({
        request,
      }) => {
        const account = role === 'visitor' ? undefined : await createAccount(role);
        const headers: Record<string, string> = account ? { cookie: account.cookie } : {};
        const receipt = await request.get(`/receipts/${receiptId}`, { headers });
        expect(receipt.status()).toBe(role === 'admin' ? 200 : 404);
        if (role === 'admin') expect(receipt.headers()['content-type']).toBe('image/png');
        else expect(receipt.headers()['content-type']).not.toBe('image/png');
        // A form without its receipt: a visitor is refused before it is read, and nothing is stored.
        const form = await request.post('/enroll', {
          headers: { ...headers, origin: E2E_ORIGIN },
          multipart: {
            plan: 'fed-upfront',
            amount: '600000',
            transferDate: '2020-01-01',
            reference: 'Me',
          },
          maxRedirects: 0,
        });
        expect(form.status()).toBe(role === 'visitor' ? 401 : 400);
      });
    }

    test('the student who uploaded it gets their receipt, never cached @http', async ({
      request,
    }) => {
      const receipt = await request.get(`/receipts/${receiptId}`, {
        headers: { cookie: owner.cookie },
      });
      expect(receipt.status()).toBe(200);
      expect(receipt.headers()['content-type']).toBe('image/png');
      expect(receipt.headers()['cache-control']).toBe('private, no-store');
      expect(receipt.headers()['x-content-type-options']).toBe('nosniff');
      expect(
        (
          await request.get('/receipts/rcp_no_such', { headers: { cookie: owner.cookie } })
        ).status(),
      ).toBe(404);
    });
  });

  test('/fed goes to /fed/home and an unknown step is the 404 page', async ({ page, request }) => {
    await gotoApp(page, '/fed');
    await expect(page).toHaveURL('/fed/home');
    expect((await request.get('/fed/no-such-step')).status()).toBe(404);
    expect((await request.get('/fed/home/deeper')).status()).toBe(404);
  });
});

test.describe('in the browser', () => {
  let admin: TestAccount;
  test.beforeAll(async () => {
    admin = await createAccount('admin', 'Amaka Admin');
  });

  test('the side menu shows the name, the steps in order, the current step, and no quiz @phone', async ({
    page,
    context,
    isMobile,
  }) => {
    await useAccount(context, admin);
    await gotoApp(page, '/fed/roadmap');
    const menu = page.getByRole('complementary', { name: 'Course' });
    await expect(menu.getByText('Amaka Admin')).toBeVisible();
    if (isMobile) {
      const toggle = menu.getByRole('button', { name: 'Course steps' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    }
    const links = menu.getByRole('navigation', { name: 'Course steps' }).getByRole('link');
    await expect(links).toHaveText([
      'Introduction',
      'Step 1: Roadmap',
      'Step 2: HTML & CSS',
      'Step 3: HTML & CSS Projects',
      'Step 4: CSS Framework',
      'Step 5: JavaScript',
      'Step 6: JavaScript Projects',
      'Step 7: React',
      'Step 8: Conclusion',
    ]);
    await expect(links.filter({ hasText: 'Quiz' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Step 1: Roadmap' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.getByRole('link', { name: /^Next: HTML & CSS$/ }).click();
    await expect(page).toHaveURL('/fed/html-css');
    await expect(page.getByRole('link', { name: /^Previous: Roadmap$/ })).toBeVisible();
  });

  for (const step of COURSE_STEPS) {
    test(`${step.slug}: no axe violations, and every external link opens safely`, async ({
      page,
      context,
    }) => {
      await useAccount(context, admin);
      await gotoApp(page, `/fed/${step.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        contentOf(step.slug).heading,
      );
      await expectNoAxeViolations(page);
      const external = page.locator('main a[href^="http"]');
      for (const link of await external.all()) {
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      }
    });
  }

  test('each project has its preview, download and solution links', async ({ page, context }) => {
    await useAccount(context, admin);
    await gotoApp(page, '/fed/html-css-test');
    for (const label of ['Preview Project', 'Download Project Files', 'View Solution']) {
      await expect(page.getByRole('link', { name: new RegExp(`^${label}`) })).toHaveCount(3);
    }
  });

  test('a visitor on a protected step sees Permission Denied with a sign-in button', async ({
    page,
  }) => {
    const response = await gotoApp(page, '/fed/javascript');
    expect(response?.status()).toBe(403);
    await expect(page.getByText(PERMISSION_DENIED_MESSAGES.student)).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Back To Home' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Login With Google' }).first()).toBeVisible();
    await expect(main.getByRole('link', { name: /hello@frontierdevacademy.com/ })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Message us on Instagram' })).toBeVisible();
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, `fed-denied`);
  });

  test('a signed-in student without access sees no sign-in button on a denied step', async ({
    page,
  }) => {
    await openAsNewAccount(page, '/fed/react', 'none', 'Nonso None');
    await expect(page.getByText(PERMISSION_DENIED_MESSAGES.student)).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Login With Google' }),
    ).toHaveCount(0);
    // Not a dead end: enrolling is the way to these steps.
    await page.getByRole('main').getByRole('link', { name: 'Enroll Now' }).click();
    await expect(page).toHaveURL('/enroll');
    await page.goBack();
    await openMenu(page);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByText('Hi, Nonso None'),
    ).toBeVisible();
  });

  test('an access change from the command line applies on the next request @http', async ({
    request,
  }) => {
    const account = await createAccount('none');
    const headers = { cookie: account.cookie };
    expect((await request.get('/fed/conclusion', { headers })).status()).toBe(403);
    execFileSync(
      'node_modules/.bin/tsx',
      ['scripts/user.ts', 'set-access', account.email, 'level-1'],
      {
        env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_PATH },
      },
    );
    expect((await request.get('/fed/conclusion', { headers })).status()).toBe(200);
  });

  test('the student pages are no wider than the screen; screenshots', async ({ page, context }) => {
    await useAccount(context, admin);
    for (const slug of ['home', 'html-css-test']) {
      await gotoApp(page, `/fed/${slug}`);
      await saveFullPageScreenshot(page, `fed-${slug}`);
    }
  });
});

test('signed-in answers are never kept by a shared cache; every page varies on cookies @http', async ({
  request,
}) => {
  const student = await createAccount('level-1');
  for (const path of ['/fed/home', '/fed/javascript', '/fed/javascript.data', '/login', '/']) {
    const response = await request.get(path, {
      headers: { cookie: student.cookie },
      maxRedirects: 0,
    });
    expect(response.headers()['cache-control'], path).toBe('private, no-store');
    expect(response.headers()['vary'], path).toMatch(/\bCookie\b/);
  }
  for (const path of ['/fed/home', '/login', '/', '/enroll']) {
    const response = await request.get(path, { headers: { cookie: '' } });
    expect(response.headers()['cache-control'], path).toBe('no-cache');
    expect(response.headers()['vary'], path).toMatch(/\bCookie\b/);
  }
});

test('a return path with letters a header cannot carry is sent percent-encoded, not a 500 @http', async ({
  request,
}) => {
  const student = await createAccount('level-1');
  const response = await request.get('/login?redirectTo=/%E3%80%82evil', {
    headers: { cookie: student.cookie },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()['location']).toBe('/%E3%80%82evil');
});

test('after a move to another page, focus is on its main heading; a toast’s close button shows its ring', async ({
  page,
  context,
}) => {
  await openAsNewAccount(page, '/fed/home', 'level-1', 'Keyboard Student');
  const menu = page.getByRole('navigation', { name: 'Course steps' });
  if (!(await menu.isVisible())) {
    await page
      .getByRole('complementary', { name: 'Course' })
      .getByRole('button', { name: 'Course steps' })
      .click();
  }
  await menu.getByRole('link', { name: 'Step 1: Roadmap' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/fed/roadmap');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();

  // A message that follows a redirect comes as a toast; its close button is reachable.
  await context.addCookies([
    {
      name: 'flash',
      value: await signedFlash({ type: 'success', message: 'Saved for the test.' }),
      domain: 'localhost',
      path: '/',
    },
  ]);
  await reloadApp(page);
  const close = page.getByRole('button', { name: /close/i });
  await expect(page.locator('.Toastify').getByText('Saved for the test.')).toBeVisible();
  await close.focus();
  await expect(close).toHaveCSS('outline-style', 'solid');
  await expect(close).toHaveCSS('outline-width', '3px');
});

// On a phone the menu sits above the page.
test('a short page: the side menu runs down to the footer', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1400 });
  // A visitor's Permission Denied page is a few lines under the heading.
  await gotoApp(page, '/fed/css-framework');
  await expect(page.getByText(PERMISSION_DENIED_MESSAGES.student)).toBeVisible();
  const menu = await page.getByRole('complementary', { name: 'Course' }).boundingBox();
  const footer = await page.getByRole('contentinfo').boundingBox();
  expect(Math.abs(menu!.y + menu!.height - footer!.y)).toBeLessThanOrEqual(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the course steps are listed, on a phone too, and lead to their pages @phone', async ({
    page,
  }) => {
    await gotoApp(page, '/fed/home');
    const course = page.getByRole('complementary', { name: 'Course' });
    // The toggle could do nothing without scripts, so it is not offered; the steps are shown.
    await expect(course.getByRole('button', { name: 'Course steps' })).toBeHidden();
    const steps = course.getByRole('navigation', { name: 'Course steps' });
    await expect(steps.getByRole('link', { name: 'Step 1: Roadmap' })).toBeVisible();
    await steps.getByRole('link', { name: 'Step 1: Roadmap' }).click();
    await expect(page).toHaveURL('/fed/roadmap');
  });
});
