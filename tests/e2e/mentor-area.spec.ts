import { submitProject } from '../../app/features/projects/submissions.server';
import { insertTransfer } from '../support/factories';
import { openMenu } from './auth-helpers';
import { member, newCohort, rightsCast } from './cohort-people';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import { postForm } from './form-posts';
import { type TestAccount, useAccount } from './sessions';
import { readValue, withE2eDatabase } from './e2e-database';

/** Issue 26's screenshots, where people look at them. */
async function submit(student: TestAccount, projectId = 'personal-profile-page') {
  return withE2eDatabase(async (db) => {
    const result = await submitProject(db, {
      userId: student.id,
      projectId,
      repositoryUrl: `https://github.com/${student.id}/${projectId}`,
      liveUrl: `https://${student.id}.example.org/`,
      note: 'First line of my note.\nSecond line <b>not bold</b>.',
    });
    if (result.outcome !== 'submitted') throw new Error(result.outcome);
    return result.submission;
  });
}

const submissionStatus = (id: string) =>
  readValue<string>('select status from project_submissions where id = ?', id);

const reviewCount = (id: string) =>
  readValue<number>('select count(*) from project_reviews where submission_id = ?', id);

test('a mentor sees the waiting count change live, requests changes, and a second mentor gets 409', async ({
  page,
  browser,
}, testInfo) => {
  // The whole acceptance path in one test: two browsers, the mailbox, four pages.
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  // A retry makes its own cohort: names are unique.
  const cohortName = `Cohort Review ${project} ${testInfo.retry}`;
  const cohort = await newCohort(cohortName);
  const mentor = await member('none', cohort, `Mentor Mia ${project}`, { mentor: true });
  const second = await member('none', cohort, `Mentor Max ${project}`, { mentor: true });
  const student = await member('level-1', cohort, `Student Sam ${project}`);
  const other = await member('level-1', cohort, `Student Olu ${project}`);
  const waiting = await submit(student);
  const otherWaiting = await submit(other, 'restaurant-menu');

  await useAccount(page.context(), mentor);
  await gotoApp(page, '/fed/home');
  await openMenu(page);
  const count = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Mentor/ });
  await expect(count).toHaveText('Mentor2 waiting for review');
  await count.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Submissions waiting for review' }).getByRole('row');
  await expect(rows.nth(1)).toContainText(student.name);
  await expect(rows.nth(1)).toContainText('Personal Profile Page');
  await expect(rows.nth(1)).toContainText('waiting less than a minute');
  await expect(rows.nth(2)).toContainText(other.name);
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'mentor-review-queue');

  // Another mentor reviews Olu's project through the review route: the count falls live.
  const approved = await postForm(`/mentor/reviews/${otherWaiting.id}`, second.cookie, {
    intent: 'approve',
    feedback: '',
  });
  expect(approved.status).toBe(302);
  await expect(rows).toHaveCount(2);
  await openMenu(page);
  await expect(count).toHaveText('Mentor1 waiting for review');

  await page.getByRole('link', { name: 'Personal Profile Page' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Personal Profile Page' }),
  ).toBeVisible();
  const repository = page.getByRole('link', { name: new RegExp(`github.com/${student.id}`) });
  await expect(repository).toHaveAttribute('target', '_blank');
  await expect(repository).toHaveAttribute('rel', 'noopener noreferrer');
  // The note is text: its line break kept, its markup shown, not rendered.
  await expect(page.getByText('Second line <b>not bold</b>.')).toBeVisible();

  // Request changes without feedback: refused beside the field, nothing written.
  await page.getByRole('button', { name: 'Request changes' }).click();
  await expect(
    page.getByText('Write your feedback: the student needs to know what to change.'),
  ).toBeVisible();
  await expect(page.getByLabel('Feedback')).toHaveAttribute('aria-invalid', 'true');
  expect(submissionStatus(waiting.id)).toBe('waiting');
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'mentor-review-page');

  // The second mentor opens the same revision in their own browser at the same time.
  // Without JavaScript (a plain form), so the live refresh does not take the form away first.
  const secondContext = await browser.newContext({ javaScriptEnabled: false });
  await useAccount(secondContext, second);
  const secondPage = await secondContext.newPage();
  await gotoApp(secondPage, `/mentor/reviews/${waiting.id}`);

  await page.getByLabel('Feedback').fill('Add alt text to the photo.\nThen send it again.');
  await page.getByRole('button', { name: 'Request changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await expect(page.getByText('Nothing is waiting for review.')).toBeVisible();
  expect(submissionStatus(waiting.id)).toBe('changes-requested');

  await secondPage.getByRole('button', { name: 'Approve' }).click();
  await expect(secondPage.getByRole('alert')).toHaveText(`Already reviewed by ${mentor.name}`);
  expect(reviewCount(waiting.id)).toBe(1);
  expect(submissionStatus(waiting.id)).toBe('changes-requested');
  await secondContext.close();

  // The student's e-mail, through the outbox.
  await expect(async () => {
    await gotoApp(page, '/dev-mail');
    await expect(
      page
        .getByRole('link')
        .filter({ hasText: student.email })
        .filter({ hasText: 'Changes requested on your project' }),
    ).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 10_000 });

  // The student's mentor view: the whole history, nothing about payments or access.
  await gotoApp(page, '/mentor/cohorts');
  await expect(page.getByRole('heading', { level: 2, name: cohortName })).toBeVisible();
  const studentRow = page.getByRole('row', { name: new RegExp(student.name) });
  await expect(studentRow).toContainText('0 of 8 steps');
  await expect(studentRow).toContainText('0 of 7 approved');
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'mentor-mentor-cohorts');
  await studentRow.getByRole('link', { name: student.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: student.name })).toBeVisible();
  await expect(page.getByText('Add alt text to the photo.')).toBeVisible();
  await expect(page.getByText(`Changes requested by ${mentor.name}`)).toBeVisible();
  for (const word of ['Payment', 'Transfer', 'Receipt', 'Access']) {
    await expect(page.getByRole('main')).not.toContainText(word);
  }
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'mentor-mentor-student');
});

test('role × route: the mentor pages, their .data and the review action @http', async ({
  baseURL,
}, testInfo) => {
  const cohort = await newCohort(`Cohort Rights ${testInfo.retry}`);
  const elsewhere = await newCohort(`Cohort Elsewhere ${testInfo.retry}`);
  const { student, otherStudent, mentor, otherMentor, none, admin } = await rightsCast(
    cohort,
    elsewhere,
  );
  const submission = await submit(student);

  const pages = ['/mentor', '/mentor.data', '/mentor/cohorts', '/mentor/cohorts.data'];
  const ownPages = [
    `/mentor/reviews/${submission.id}`,
    `/mentor/reviews/${submission.id}.data`,
    `/mentor/students/${student.id}`,
    `/mentor/students/${student.id}.data`,
  ];
  const get = (path: string, cookie: string) =>
    fetch(`${baseURL}${path}`, { headers: { cookie }, redirect: 'manual' });

  // Not reviewers: 403 everywhere, and the action writes nothing.
  for (const [who, cookie] of [
    ['visitor', ''],
    ['none', none.cookie],
    ['level-1 of the cohort', student.cookie],
    ['level-1 of another cohort', otherStudent.cookie],
  ] as const) {
    for (const path of [...pages, ...ownPages]) {
      const response = await get(path, cookie);
      expect(response.status, `${who} ${path}`).toBe(403);
      expect(await response.text(), `${who} ${path}`).not.toContain(submission.repository_url);
    }
    const review = await postForm(`/mentor/reviews/${submission.id}`, cookie, {
      intent: 'approve',
    });
    expect(review.status, who).toBe(403);
  }
  // The mentor of another cohort: their own area opens, this cohort's student does not.
  for (const path of pages) expect((await get(path, otherMentor.cookie)).status, path).toBe(200);
  expect((await get(`/mentor/reviews/${submission.id}`, otherMentor.cookie)).status).toBe(403);
  expect((await get(`/mentor/reviews/${submission.id}.data`, otherMentor.cookie)).status).toBe(403);
  expect((await get(`/mentor/students/${student.id}`, otherMentor.cookie)).status).toBe(404);
  expect((await get(`/mentor/students/${student.id}.data`, otherMentor.cookie)).status).toBe(404);
  const refused = await postForm(`/mentor/reviews/${submission.id}`, otherMentor.cookie, {
    intent: 'approve',
  });
  expect(refused.status).toBe(403);
  const queue = await (await get('/mentor', otherMentor.cookie)).text();
  expect(queue).not.toContain(student.name);
  expect(submissionStatus(submission.id)).toBe('waiting');
  expect(reviewCount(submission.id)).toBe(0);

  // The mentor of the cohort and an admin: everything opens.
  for (const cookie of [mentor.cookie, admin.cookie]) {
    for (const path of [...pages, ...ownPages]) {
      expect((await get(path, cookie)).status, path).toBe(200);
    }
  }
  // An unknown submission is a 404; a mentor gets 403 on the admin area and its exports.
  expect((await get('/mentor/reviews/prj_nothing', mentor.cookie)).status).toBe(404);
  for (const path of [
    '/admin/home',
    '/admin/home.data',
    '/admin/payments',
    '/admin/payments.data',
    '/admin/cohorts',
    '/admin/users.csv',
    '/admin/payments.csv',
    `/admin/user-details/${student.id}`,
    '/admin/events',
  ]) {
    expect((await get(path, mentor.cookie)).status, path).toBe(403);
  }
  // Nor a receipt of their own cohort's student: payments are not a mentor's business.
  const transferId = `tr-mentor-${student.id}`;
  await withE2eDatabase((db) =>
    insertTransfer(db, {
      id: transferId,
      userId: student.id,
      planId: 'fed-upfront',
      amount: 60_000_000,
      status: 'pending',
      createdAt: new Date().toISOString(),
    }),
  );
  expect((await get(`/receipts/rcp-${transferId}`, mentor.cookie)).status).toBe(404);
  expect((await get(`/receipts/rcp-${transferId}`, student.cookie)).status).toBe(200);
  const change = await postForm(`/admin/user-details/${student.id}`, mentor.cookie, {
    access: 'admin',
    cohort,
  });
  expect(change.status).toBe(403);
  // A mentor reads every step, the students-only ones too; the admin approves.
  for (const step of ['/fed/javascript', '/fed/react']) {
    expect((await get(step, mentor.cookie)).status, step).toBe(200);
  }
  expect((await get('/fed/react', none.cookie)).status).toBe(403);
  const approved = await postForm(`/mentor/reviews/${submission.id}`, admin.cookie, {
    intent: 'approve',
    feedback: '',
  });
  expect(approved.status).toBe(302);
  expect(approved.headers.get('location')).toBe('/mentor');
  expect(submissionStatus(submission.id)).toBe('approved');

  // Removed from the cohort: the mentor area closes at the next request.
  await withE2eDatabase((db) =>
    db.deleteFrom('cohort_staff').where('user_id', '=', mentor.id).execute(),
  );
  expect((await get('/mentor', mentor.cookie)).status).toBe(403);
  expect((await get(`/mentor/students/${student.id}`, mentor.cookie)).status).toBe(403);
});
