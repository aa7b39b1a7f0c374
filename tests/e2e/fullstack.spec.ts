import { FULLSTACK_CONTENT } from '../../app/content/fullstack-content.server';
import { FULLSTACK_STEPS } from '../../app/content/fullstack-steps';
import { PERMISSION_DENIED_MESSAGES } from '../../app/features/auth/permission-denied';
import { insertEnrolment } from '../support/factories';
import { mainMenuLink, openMenu, signInFromLoginPage, uniqueEmail } from './auth-helpers';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import { newCohort, member } from './cohort-people';
import { payWithLocalProvider } from './checkout';
import { postForm } from './form-posts';
import { expectMail } from './mailbox';
import { createAccount, openAsNewAccount, type TestAccount, useAccount } from './sessions';
import { readValue, withE2eDatabase } from './e2e-database';

/** A level-1 student who bought the FullStack track (an active FullStack enrolment). */
async function fullstackStudent(name = 'Fola FullStack'): Promise<TestAccount> {
  const account = await createAccount('level-1', name);
  await withE2eDatabase((db) =>
    insertEnrolment(db, {
      userId: account.id,
      orderId: null,
      track: 'fullstack',
      planId: 'fsd-upfront',
    }),
  );
  return account;
}

type Role = 'visitor' | 'none' | 'frontend' | 'fullstack' | 'admin';

async function accountFor(role: Role): Promise<TestAccount | undefined> {
  if (role === 'visitor') return undefined;
  if (role === 'fullstack') return fullstackStudent();
  return createAccount(role === 'frontend' ? 'level-1' : role);
}

/** Words only a FullStack reader may receive: each step's intro, cards and links. */
function secretsOf(slug: (typeof FULLSTACK_STEPS)[number]['slug']): string[] {
  const content = FULLSTACK_CONTENT[slug];
  return [
    content.intro,
    ...content.sections.flatMap((section) =>
      section.kind === 'cards'
        ? section.cards.flatMap((card) => [card.title, card.link])
        : section.kind === 'projects'
          ? section.projects.flatMap((project) => [project.title, project.link])
          : [],
    ),
  ];
}

const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;');

for (const role of ['visitor', 'none', 'frontend', 'fullstack', 'admin'] as const) {
  test(`${role}: every /fsd page and its .data answer as the FullStack track allows @http`, async ({
    request,
  }) => {
    const account = await accountFor(role);
    const headers: Record<string, string> = account ? { cookie: account.cookie } : {};
    const reads = role === 'fullstack' || role === 'admin';
    for (const step of FULLSTACK_STEPS) {
      const page = await request.get(`/fsd/${step.slug}`, { headers });
      const data = await request.get(`/fsd/${step.slug}.data`, { headers });
      const html = await page.text();
      const loaderData = await data.text();
      if (reads) {
        expect(page.status(), step.slug).toBe(200);
        expect(html).toContain(escaped(FULLSTACK_CONTENT[step.slug].heading));
        continue;
      }
      expect(page.status(), step.slug).toBe(403);
      expect(data.status(), `${step.slug}.data`).toBe(403);
      expect(html).toContain(PERMISSION_DENIED_MESSAGES.fullstack);
      for (const secret of secretsOf(step.slug)) {
        expect(html, step.slug).not.toContain(escaped(secret));
        expect(loaderData, `${step.slug}.data`).not.toContain(secret);
      }
    }
    // Marking a step is the readers' too; anyone else changes nothing.
    const marked = await postForm('/fsd/node', account?.cookie ?? '', { intent: 'complete' });
    expect(marked.status).toBe(reads ? 200 : 403);
    if (account) {
      const rows = readValue<number>(
        "select count(*) from step_completions where user_id = ? and step = 'fsd/node'",
        account.id,
      );
      expect(rows).toBe(reads ? 1 : 0);
    }
  });
}

test('access none set by an admin closes the FullStack track: /fsd/express, its .data and its project submission answer 403 @http', async ({
  request,
}) => {
  const student = await fullstackStudent('Fola Closed');
  const admin = await createAccount('admin', 'Closing Admin');
  const headers = { cookie: student.cookie };
  expect((await request.get('/fsd/express', { headers })).status()).toBe(200);
  const saved = await postForm(`/admin/user-details/${student.id}`, admin.cookie, {
    intent: 'save-status',
    access: 'none',
    cohort: 'none',
    reason: 'Chargeback opened',
  });
  expect(saved.status).toBe(302);
  expect((await request.get('/fsd/express', { headers })).status()).toBe(403);
  expect((await request.get('/fsd/express.data', { headers })).status()).toBe(403);
  const submitted = await postForm('/fsd/express', student.cookie, {
    intent: 'submit-project',
    projectId: 'bookshelf-rest-api',
    repositoryUrl: 'https://github.com/fola/bookshelf-rest-api',
    liveUrl: '',
    note: '',
  });
  expect(submitted.status).toBe(403);
  expect(
    readValue<number>('select count(*) from project_submissions where user_id = ?', student.id),
  ).toBe(0);
});

test('a FullStack student finds the track in the header and from the FrontEnd home, and marks a step', async ({
  page,
  context,
}) => {
  const student = await fullstackStudent('Fola Track');
  await useAccount(context, student);
  await gotoApp(page, '/fed/home');
  await page.getByRole('link', { name: 'Your FullStack track continues here' }).click();
  await expect(page).toHaveURL('/fsd/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(FULLSTACK_CONTENT.home.heading);
  await expect(page.getByText('0 of 7 steps completed')).toBeVisible();
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'fsd-home');

  await openMenu(page);
  await mainMenuLink(page, 'FullStack').click();
  await expect(page).toHaveURL('/fsd/home');

  await gotoApp(page, '/fsd/node');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(FULLSTACK_CONTENT.node.heading);
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Completed' })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'fsd-step');
  await gotoApp(page, '/fsd/home');
  await expect(page.getByText('1 of 7 steps completed')).toBeVisible();
  for (const link of await page.locator('main a[href^="http"]').all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
});

test('a FrontEnd student on a FullStack step: the FullStack Permission Denied page and the way to upgrade', async ({
  page,
}) => {
  await openAsNewAccount(page, '/fsd/express', 'level-1', 'Femi FrontEnd');
  await expect(page.getByText(PERMISSION_DENIED_MESSAGES.fullstack)).toBeVisible();
  await expect(mainMenuLink(page, 'FullStack')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'fsd-denied');
  await page.getByRole('main').getByRole('link', { name: 'Upgrade to FullStack' }).click();
  await expect(page).toHaveURL('/enroll#upgrade');
});

test('a new student buys the FullStack track with the local provider: the e-mail names it, /fsd and /fed open, the header shows it', async ({
  page,
}) => {
  const email = uniqueEmail('fullstack-buyer');
  await signInFromLoginPage(page, { email, name: 'Fola Buyer' });
  const checkout = await payWithLocalProvider(page, 'FullStack Bootcamp Upfront', '$1,000');

  for (const path of ['/fsd/node', '/fed/javascript']) {
    expect((await gotoApp(checkout, path))?.status(), path).toBe(200);
  }
  await openMenu(checkout);
  await expect(mainMenuLink(checkout, 'FullStack')).toBeVisible();

  await gotoApp(checkout, '/dev-mail');
  await checkout
    .getByRole('link')
    .filter({ hasText: email })
    .filter({ hasText: 'Payment received — your course is unlocked' })
    .click();
  await expect(
    // The message's HTML part and its text part both say it.
    checkout.getByText('Your FullStack Developer Bootcamp is open to you now').first(),
  ).toBeVisible();
});

test('an admin grants FullStack to a FrontEnd student with a reason: they read /fsd/express at once, the history says so; revoked after a question, it closes', async ({
  page,
  browser,
}) => {
  const student = await createAccount('level-1', 'Femi Upgrade');
  const studentContext = await browser.newContext();
  await useAccount(studentContext, student);
  const studentPage = await studentContext.newPage();
  expect((await gotoApp(studentPage, '/fsd/express'))?.status()).toBe(403);

  const admin = await openAsNewAccount(
    page,
    `/admin/user-details/${student.id}`,
    'admin',
    'Grant Admin',
  );
  const track = page.getByRole('region', { name: 'FullStack track' });
  // A reason is required: the form refuses an empty one without writing anything.
  await track.getByRole('button', { name: 'Grant the FullStack track' }).click();
  await expect(track.getByLabel('Why they get the FullStack track')).toBeFocused();
  await track
    .getByLabel('Why they get the FullStack track')
    .fill('Paid the difference at the front desk');
  await track.getByRole('button', { name: 'Grant the FullStack track' }).click();
  await expect(page.getByText('The FullStack track is open to them now.')).toBeVisible();
  await expect(track).toContainText('through a grant by Grant Admin');
  await expect(
    page.getByText(
      'Grant Admin granted the FullStack track. Reason: Paid the difference at the front desk',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  // The list shows the track, and its Track filter finds them among the FullStack students.
  await gotoApp(page, `/admin/home?q=${encodeURIComponent(student.email)}`);
  await page.getByLabel('Track').selectOption('fullstack');
  await expect(page).toHaveURL(/track=fullstack/);
  await expect(page.locator('tbody tr', { hasText: student.email })).toContainText('FullStack');
  await page.getByLabel('Track').selectOption('frontend');
  await expect(page.getByText('No User found')).toBeVisible();

  const open = await gotoApp(studentPage, '/fsd/express');
  expect(open?.status()).toBe(200);
  await expect(studentPage.getByRole('heading', { level: 1 })).toHaveText(
    FULLSTACK_CONTENT.express.heading,
  );
  // A second grant is refused and changes nothing.
  const again = await postForm(`/admin/user-details/${student.id}`, admin.cookie, {
    intent: 'grant-fullstack',
    reason: 'Twice',
  });
  expect(again.status).toBe(409);
  expect(
    readValue<number>(
      "select count(*) from enrolments where user_id = ? and track = 'fullstack'",
      student.id,
    ),
  ).toBe(1);

  // Revoked with a reason, after a question: the track closes at once, the history says so.
  await gotoApp(page, `/admin/user-details/${student.id}`);
  await track.getByRole('link', { name: 'Revoke the FullStack grant…' }).click();
  await track.getByLabel('Why the grant is revoked').fill('The difference was refunded');
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'admin-revoke-fullstack-question');
  await track.getByRole('button', { name: 'Yes, revoke the FullStack track' }).click();
  await expect(
    page.getByText('The FullStack track is closed to them now, and they are told by e-mail.'),
  ).toBeVisible();
  await expect(
    page.getByText('Grant Admin revoked the FullStack track. Reason: The difference was refunded'),
  ).toBeVisible();
  expect((await gotoApp(studentPage, '/fsd/express'))?.status()).toBe(403);
  await studentContext.close();
});

test('a FullStack project goes round the review loop: handed in on /fsd/express, approved by the cohort’s mentor, counted on /fsd/home', async ({
  page,
  context,
  browser,
}, testInfo) => {
  const cohort = await newCohort(`FullStack projects ${testInfo.project.name} ${Date.now()}`);
  const mentor = await member('none', cohort, 'Mentor Femi', { mentor: true });
  const student = await fullstackStudent('Fola Projects');
  await withE2eDatabase((db) =>
    db.updateTable('users').set({ cohort }).where('id', '=', student.id).execute(),
  );
  const submission = (cookie: string, projectId: string) =>
    postForm('/fsd/express', cookie, {
      intent: 'submit-project',
      projectId,
      repositoryUrl: `https://github.com/fola/${projectId}`,
      liveUrl: '',
      note: '',
    });
  // A FrontEnd student is refused by the step's guard; another step's project is not this
  // page's. Neither stores anything.
  const frontend = await createAccount('level-1', 'Femi Projects');
  expect((await submission(frontend.cookie, 'bookshelf-rest-api')).status).toBe(403);
  expect((await submission(student.cookie, 'recipe-book-api')).status).toBe(404);
  expect(
    readValue<number>(
      'select count(*) from project_submissions where user_id in (?, ?)',
      frontend.id,
      student.id,
    ),
  ).toBe(0);

  await useAccount(context, student);
  await gotoApp(page, '/fsd/express');
  const block = page.getByRole('region', { name: 'Bookshelf REST API' });
  await block.getByLabel('Repository link').fill('https://github.com/fola/bookshelf-rest-api');
  await block.getByRole('button', { name: 'Submit your project' }).click();
  await expect(page.getByText('Project sent for review (revision 1).')).toBeVisible();
  await expect(page).toHaveURL('/fsd/express#project-bookshelf-rest-api');
  await expect(block.getByRole('heading', { name: 'Revision 1 Waiting for review' })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'fsd-project-waiting');

  const mentorContext = await browser.newContext({ viewport: page.viewportSize() });
  await useAccount(mentorContext, mentor);
  const mentorPage = await mentorContext.newPage();
  await gotoApp(mentorPage, '/mentor');
  await mentorPage.getByRole('link', { name: 'Bookshelf REST API' }).click();
  await mentorPage.getByRole('button', { name: 'Approve' }).click();
  await expect(
    mentorPage.getByText('Project approved. The student has been e-mailed.'),
  ).toBeVisible();
  await mentorContext.close();

  await gotoApp(page, '/fsd/home');
  await expect(page.getByText('Projects: 1 of 4 approved')).toBeVisible();
  await saveFullPageScreenshot(page, 'fsd-home-projects');
  await page.getByRole('link', { name: 'Hand in Recipe Book API with MongoDB (Step 3)' }).click();
  await expect(page).toHaveURL('/fsd/mongodb');
  await expectMail(page, student.email, 'Your project was approved');
});
