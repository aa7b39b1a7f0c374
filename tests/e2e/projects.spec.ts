import type { Locator, Page } from '@playwright/test';
import { addMentor } from '../../app/features/mentors/mentors.server';
import { submitProject } from '../../app/features/projects/submissions.server';
import { openMenu } from './auth-helpers';
import { expect, expectNoAxeViolations, gotoApp, reloadApp, test } from './fixtures';
import { saveScreenshot } from './screenshots';
import { postForm } from './form-posts';
import { createAccount, useAccount } from './sessions';
import { readValue, withE2eDatabase } from './e2e-database';

/** A fresh cohort with a level-1 student in it and, when asked, an account mentoring it. */
async function cohortWith(label: string) {
  const cohort = `cohort-e2e-${Math.random().toString(36).slice(2, 10)}`;
  const student = await createAccount('level-1', `Student Ada ${label}`);
  const mentor = await createAccount('none', `Mentor Ike ${label}`);
  await withE2eDatabase(async (db) => {
    const at = new Date().toISOString();
    await db
      .insertInto('cohorts')
      .values({
        id: cohort,
        // Unique, so a retry makes a cohort of its own.
        name: `Cohort Projects ${label} ${cohort.slice(-8)}`,
        created_at: at,
        updated_at: at,
        schedule: '',
      })
      .execute();
    await db.updateTable('users').set({ cohort }).where('id', '=', student.id).execute();
    const added = await addMentor(db, {
      cohortId: cohort,
      email: mentor.email,
      by: { id: 'e2e', name: 'E2E Admin' },
    });
    expect(added.outcome).toBe('added');
  });
  return { student, mentor };
}

const submissionCount = (userId: string) =>
  readValue<number>('select count(*) from project_submissions where user_id = ?', userId);

/** One project's block on its step page. */
const projectBlock = (page: Page, title: string) => page.getByRole('region', { name: title });

/**
 * The mentor sees the live count of one waiting submission in the menu, follows it to the
 * Reviews page (the course home they left links to the project's step too) and opens it.
 */
async function openWaitingReview(mentorPage: Page) {
  const mentorLink = mentorPage
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Mentor/ });
  await openMenu(mentorPage);
  await expect(mentorLink).toHaveText('Mentor1 waiting for review');
  await mentorLink.click();
  await expect(mentorPage.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await mentorPage.getByRole('link', { name: 'Personal Profile Page' }).click();
  await expect(
    mentorPage.getByRole('heading', { level: 1, name: 'Personal Profile Page' }),
  ).toBeVisible();
}

async function submitForm(block: Locator, repository: string, note = '') {
  await block.getByLabel('Repository link').fill(repository);
  await block.getByLabel('Live site link (optional)').fill('https://ada.example.org/');
  await block.getByLabel('Note to your mentor (optional)').fill(note);
  await block.getByRole('button', { name: 'Submit your project' }).click();
}

test('a student hands in a project, a mentor asks for changes, then approves revision 2', async ({
  page,
  browser,
}, testInfo) => {
  // The acceptance path: two browsers, the mailbox, and both sides of the review.
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const { student, mentor } = await cohortWith(project);

  const mentorContext = await browser.newContext({ viewport: page.viewportSize() });
  await useAccount(mentorContext, mentor);
  const mentorPage = await mentorContext.newPage();
  await gotoApp(mentorPage, '/fed/home');

  await useAccount(page.context(), student);
  await gotoApp(page, '/fed/html-css-test');
  const block = projectBlock(page, 'Personal Profile Page');
  await expect(block.getByText('Not submitted yet')).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(block, 'submit-form');

  // A link that is not https: refused beside its field, what was typed kept.
  await submitForm(block, 'http://github.com/ada/profile', 'My first page.');
  const repository = block.getByLabel('Repository link');
  await expect(repository).toHaveAttribute('aria-invalid', 'true');
  await expect(
    block.getByText(/Enter the link to your repository, starting with https:\/\//),
  ).toBeVisible();
  await expect(repository).toHaveValue('http://github.com/ada/profile');
  await expect(block.getByLabel('Note to your mentor (optional)')).toHaveValue('My first page.');
  expect(submissionCount(student.id)).toBe(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(block, 'submit-error');

  await submitForm(block, 'https://github.com/ada/profile', 'My first page.\nBe kind.');
  await expect(page.getByText('Project sent for review (revision 1).')).toBeVisible();
  await expect(block.getByRole('heading', { name: 'Revision 1 Waiting for review' })).toBeVisible();
  await expect(block.getByText(/^Sent /)).toBeVisible();
  await expect(block.getByRole('button', { name: 'Submit your project' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(block, 'submit-waiting');

  // The mentor's count rises without a reload; they open the submission and ask for changes.
  await openWaitingReview(mentorPage);
  await mentorPage.getByLabel('Feedback').fill('Add alt text to the photo.\nThen send it again.');
  await mentorPage.getByRole('button', { name: 'Request changes' }).click();
  await expect(mentorPage.getByText('Nothing is waiting for review.')).toBeVisible();

  await reloadApp(page);
  await expect(block.getByRole('heading', { name: 'Revision 1 Changes requested' })).toBeVisible();
  await expect(block.getByText('Add alt text to the photo.')).toBeVisible();
  await expect(block.getByText(`Changes requested by ${mentor.name}`)).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(block, 'submit-changes-requested');

  // The e-mail goes through the outbox: the worker delivers it shortly after.
  await expect
    .poll(
      async () => {
        await gotoApp(page, '/dev-mail');
        return page.getByRole('link').filter({ hasText: student.email }).allTextContents();
      },
      { timeout: 10_000 },
    )
    .toContainEqual(expect.stringContaining('Changes requested on your project'));

  await gotoApp(page, '/fed/html-css-test');
  // Revision 2 starts from revision 1's links and note.
  await expect(block.getByText('Send revision 2')).toBeVisible();
  await expect(block.getByLabel('Repository link')).toHaveValue('https://github.com/ada/profile');
  await expect(block.getByLabel('Live site link (optional)')).toHaveValue(
    'https://ada.example.org/',
  );
  await expect(block.getByLabel('Note to your mentor (optional)')).toHaveValue(
    'My first page.\nBe kind.',
  );
  await submitForm(block, 'https://github.com/ada/profile-v2');
  await expect(block.getByRole('heading', { name: 'Revision 2 Waiting for review' })).toBeVisible();

  await openWaitingReview(mentorPage);
  await mentorPage.getByRole('button', { name: 'Approve' }).click();
  await expect(mentorPage.getByText('Nothing is waiting for review.')).toBeVisible();
  await mentorContext.close();

  await gotoApp(page, '/fed/home');
  await expect(page.getByText('Projects: 1 of 7 approved')).toBeVisible();
  await expect(page.getByRole('link', { name: /Responsive Landing Page/ })).toHaveAttribute(
    'href',
    '/fed/html-css-test',
  );
  await expectNoAxeViolations(page);
});

test('a second version while one waits, a closed step and a visitor are refused, nothing written', async ({
  page,
}) => {
  const { student } = await cohortWith('refusals');
  await useAccount(page.context(), student);
  await gotoApp(page, '/fed/html-css-test');
  // Sent meanwhile from another tab: this page still shows the form.
  await withE2eDatabase(async (db) => {
    const sent = await submitProject(db, {
      userId: student.id,
      projectId: 'personal-profile-page',
      repositoryUrl: 'https://github.com/ada/other-tab',
      liveUrl: null,
      note: '',
    });
    expect(sent.outcome).toBe('submitted');
  });
  const block = projectBlock(page, 'Personal Profile Page');
  await submitForm(block, 'https://github.com/ada/profile');
  await expect(block.getByRole('alert')).toHaveText(
    'Your project is waiting for review; you can send a new version once it is reviewed',
  );
  expect(submissionCount(student.id)).toBe(1);
  await expectNoAxeViolations(page);

  const post = (path: string, cookie: string, projectId: string) =>
    postForm(path, cookie, {
      intent: 'submit-project',
      projectId,
      repositoryUrl: 'https://github.com/someone/project',
      liveUrl: '',
      note: '',
    });
  const locked = await createAccount('none', 'Locked Lee');
  expect((await post('/fed/javascript2', locked.cookie, 'weather-app')).status).toBe(403);
  expect((await post('/fed/html-css-test', '', 'personal-profile-page')).status).toBe(401);
  // A project of another step, and no project at all: 404.
  expect((await post('/fed/html-css-test', locked.cookie, 'weather-app')).status).toBe(404);
  expect((await post('/fed/html-css-test', locked.cookie, 'nothing')).status).toBe(404);
  expect(submissionCount(locked.id)).toBe(0);
  // Whoever may read Step 6 may hand in its projects: a level-1 student of another
  // cohort, a mentor (who reads every step) and an admin; each is sent back to the step.
  const elsewhere = await cohortWith('elsewhere');
  const admin = await createAccount('admin', 'Admin Ann projects');
  for (const [who, account] of [
    ['level-1 of another cohort', elsewhere.student],
    ['mentor', elsewhere.mentor],
    ['admin', admin],
  ] as const) {
    const sent = await post('/fed/javascript2', account.cookie, 'weather-app');
    expect(sent.status, who).toBe(302);
    expect(sent.headers.get('location'), who).toBe('/fed/javascript2#project-weather-app');
    expect(submissionCount(account.id), who).toBe(1);
  }
  expect(
    readValue(
      'select count(*) from project_submissions where repository_url = ?',
      'https://github.com/someone/project',
    ),
  ).toBe(3);
});

test('a mentor sees no lock on the students-only steps', async ({ page }) => {
  const { mentor } = await cohortWith('menu');
  await useAccount(page.context(), mentor);
  await gotoApp(page, '/fed/react');
  const steps = page.getByRole('navigation', { name: 'Course steps' });
  await expect(steps.getByRole('link', { name: /Step 7: React/ })).toBeVisible();
  await expect(steps.getByLabel('Students only')).toHaveCount(0);
});
