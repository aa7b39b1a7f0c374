import type { Page } from '@playwright/test';
import { COURSE_STEPS } from '../../app/content/course-steps';
import { noteRequiredMessage } from '../../app/features/certificates/certificate-form';
import { MENTOR_MESSAGES } from '../../app/features/mentors/mentors';
import { addLiveClasses } from '../../app/features/live-classes/live-sessions.server';
import { addMentor } from '../../app/features/mentors/mentors.server';
import { reviewSubmission, submitProject } from '../../app/features/projects/submissions.server';
import { E2E_ORIGIN } from '../e2e-origin';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import { createAccount, signInNewAccount, useAccount } from './sessions';
import { readRows, readValue, withE2eDatabase } from './e2e-database';
import { insertStepCompletions } from '../support/factories';
import { member, newCohort } from './cohort-people';

const ORIGIN = E2E_ORIGIN;

function mentorRows(cohortId: string): { user_id: string }[] {
  return readRows(
    'select user_id from cohort_staff where cohort_id = ? order by user_id',
    cohortId,
  );
}

const mentorsOfCohort1 = (page: Page) =>
  page.getByRole('region', { name: 'Mentors of Cohort 1', exact: true });

test.describe('mentors on /admin/cohorts', () => {
  test('an admin adds existing accounts as mentors of Cohort 1 by e-mail, sees refusals beside the field, removes one', async ({
    page,
  }, testInfo) => {
    // /admin/cohorts lists every cohort the other specs made by now: axe over it takes long.
    test.slow();
    const suffix = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const mira = await createAccount('none', `Mira Mentor ${suffix}`);
    const ben = await createAccount('level-1', `Ben Mentor ${suffix}`);
    const admin = await signInNewAccount(page.context(), 'admin', `Cohort Admin ${suffix}`);

    await gotoApp(page, '/admin/cohorts');
    const section = mentorsOfCohort1(page);
    const email = section.getByLabel('E-mail of the new mentor');
    const unknown = `nobody-${suffix}@example.net`;
    await email.fill(unknown);
    await section.getByRole('button', { name: 'Add mentor' }).click();
    await expect(section.getByRole('alert')).toHaveText(MENTOR_MESSAGES.unknownEmail);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveValue(unknown);
    // Only Cohort 1's field carries the refusal.
    await expect(page.getByText(MENTOR_MESSAGES.unknownEmail)).toHaveCount(1);
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'admin-cohorts-refused');

    for (const person of [mira, ben]) {
      await email.fill(person.email.toUpperCase());
      await section.getByRole('button', { name: 'Add mentor' }).click();
      await expect(page.getByText(MENTOR_MESSAGES.added(person.name, 'Cohort 1'))).toBeVisible();
      await expect(section.getByRole('listitem').filter({ hasText: person.name })).toContainText(
        person.email,
      );
    }
    expect(mentorRows('cohort-1').map((row) => row.user_id)).toEqual(
      expect.arrayContaining([mira.id, ben.id]),
    );
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'admin-cohorts-mentors');

    await email.fill(mira.email);
    // The refusal once its answer is in (a live update may be reloading the page meanwhile).
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.status() === 409,
    );
    await section.getByRole('button', { name: 'Add mentor' }).click();
    await answered;
    await expect(section.getByRole('alert')).toHaveText(MENTOR_MESSAGES.alreadyMentor);

    await section.getByRole('button', { name: `Remove ${ben.name}` }).click();
    await expect(page.getByText(MENTOR_MESSAGES.removed(ben.name, 'Cohort 1'))).toBeVisible();
    await expect(section.getByRole('listitem').filter({ hasText: ben.name })).toHaveCount(0);
    await expect(section.getByRole('listitem').filter({ hasText: mira.name })).toHaveCount(1);
    expect(mentorRows('cohort-1').map((row) => row.user_id)).not.toContain(ben.id);

    // Both people's history: the mentor's, and the admin's who made the change.
    await gotoApp(page, `/admin/user-details/${ben.id}`);
    const history = page.getByTestId('change-history');
    await expect(history).toContainText(`${admin.name} made ${ben.name} mentor of Cohort 1`);
    await expect(history).toContainText(`${admin.name} removed ${ben.name} as mentor of Cohort 1`);
    await gotoApp(page, `/admin/user-details/${admin.id}`);
    await expect(history).toContainText(`${admin.name} made ${mira.name} mentor of Cohort 1`);
  });
});

const NUMBERED = COURSE_STEPS.filter((step) => step.number !== undefined).map((step) => step.slug);

test.describe('mentors and projects on the user page', () => {
  test('the history shows the Mentor entry and each project review; the certificate asks for a note until all 7 projects are approved', async ({
    page,
  }, testInfo) => {
    const suffix = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const student = await createAccount('level-1', `Sade Student ${suffix}`);
    const mentor = await createAccount('none', `Remi Reviewer ${suffix}`);
    const admin = await createAccount('admin', `Project Admin ${suffix}`);
    await withE2eDatabase(async (db) => {
      await db
        .updateTable('users')
        .set({ cohort: 'cohort-1' })
        .where('id', '=', student.id)
        .execute();
      const by = { id: admin.id, name: admin.name };
      await addMentor(db, { cohortId: 'cohort-1', email: mentor.email, by });
      const submitted = await submitProject(db, {
        userId: student.id,
        projectId: 'personal-profile-page',
        repositoryUrl: 'https://github.com/sade/profile',
        liveUrl: null,
        note: '',
      });
      if (submitted.outcome !== 'submitted') throw new Error(submitted.outcome);
      await reviewSubmission(db, {
        submissionId: submitted.submission.id,
        reviewer: { id: mentor.id, name: mentor.name },
        verdict: 'changes-requested',
        feedback: 'Add alt text to the photo.',
      });
      // Every step complete: only the projects keep the certificate from going without a note.
      await insertStepCompletions(db, student.id, NUMBERED);
    });
    await useAccount(page.context(), admin);

    await gotoApp(page, `/admin/user-details/${student.id}`);
    const history = page.getByTestId('change-history');
    await expect(history).toContainText('Project submitted: Personal Profile Page, revision 1');
    await expect(history).toContainText(
      `${mentor.name} requested changes on Personal Profile Page, revision 1`,
    );
    const certificate = page.getByRole('region', { name: 'Certificate', exact: true });
    await expect(certificate).toContainText('Projects approved: 0 of 7');
    await expect(certificate.getByLabel('Note (required)')).toBeVisible();
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'admin-user-history');

    await certificate.getByRole('button', { name: 'Issue certificate' }).click();
    await expect(
      certificate
        .getByText(noteRequiredMessage({ track: 'frontend', stepsDone: 8, projectsApproved: 0 }))
        .first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await gotoApp(page, `/admin/user-details/${mentor.id}`);
    await expect(history).toContainText(`${admin.name} made ${mentor.name} mentor of Cohort 1`);
  });
});

test.describe('a mentor reaches none of the admin side', () => {
  test('mentor of Cohort 1: 403 on /admin/cohorts and the user page, their .data and forms; nothing written @http', async ({
    request,
  }) => {
    const mentor = await createAccount('none', 'Role Mentor');
    const other = await createAccount('none', 'Role Other');
    const student = await createAccount('level-1', 'Role Student');
    await withE2eDatabase((db) =>
      addMentor(db, {
        cohortId: 'cohort-1',
        email: mentor.email,
        by: { id: 'e2e', name: 'E2E Admin' },
      }),
    );
    const headers = { Cookie: mentor.cookie, Origin: ORIGIN };
    for (const path of ['/admin/cohorts', `/admin/user-details/${student.id}`]) {
      for (const url of [path, `${path}.data`]) {
        const page = await request.get(`${ORIGIN}${url}`, { headers, maxRedirects: 0 });
        expect(page.status(), `GET ${url}`).toBe(403);
      }
    }
    const forms: [string, Record<string, string>][] = [
      ['/admin/cohorts', { intent: 'add-mentor', cohortId: 'cohort-1', email: other.email }],
      ['/admin/cohorts', { intent: 'remove-mentor', cohortId: 'cohort-1', userId: mentor.id }],
      [
        `/admin/user-details/${student.id}`,
        { intent: 'issue-certificate', name: 'Role Student', note: 'early' },
      ],
    ];
    for (const [path, form] of forms) {
      const answer = await request.post(`${ORIGIN}${path}`, { headers, form, maxRedirects: 0 });
      expect(answer.status(), `POST ${path} ${form.intent}`).toBe(403);
    }
    // Other tests change Cohort 1's mentors at the same time: look at these two people only.
    const mentorIds = mentorRows('cohort-1').map((row) => row.user_id);
    expect(mentorIds).toContain(mentor.id);
    expect(mentorIds).not.toContain(other.id);
    expect(readValue('select count(*) from certificates where user_id = ?', student.id)).toBe(0);
  });
});

test('a mentor’s class page gives the join link as a link that opens the meeting in a new tab @http', async ({
  request,
}) => {
  const cohort = await newCohort('Join link cohort');
  const mentor = await member('none', cohort, 'Link Mentor', { mentor: true });
  const joinUrl = 'https://meet.example.com/mentor-room';
  const [session] = (await withE2eDatabase((db) =>
    addLiveClasses(
      db,
      cohort,
      {
        title: 'Routing clinic',
        description: '',
        startsAt: new Date(Date.now() + 3 * 24 * 60 * 60_000),
        durationMinutes: 60,
        joinUrl,
        step: null,
        repeatWeeks: 1,
      },
      { id: 'e2e', name: 'E2E Admin' },
    ),
  ))!;
  const page = await request.get(`${ORIGIN}/mentor/live/${session!.id}`, {
    headers: { Cookie: mentor.cookie },
  });
  expect(page.status()).toBe(200);
  const html = await page.text();
  const link = html.match(
    /<a [^>]*href="https:\/\/meet\.example\.com\/mentor-room"[^>]*>(.*?)<\/a>/,
  );
  expect(link, 'the join link is an <a>').not.toBeNull();
  expect(link![0]).toContain('target="_blank"');
  expect(link![0]).toContain('rel="noopener noreferrer"');
  expect(link![1]).toContain(joinUrl);
});

test('a mentor chooses a daily summary of projects to review on /account (screenshots)', async ({
  page,
}) => {
  const cohort = await newCohort('Review mail cohort');
  const mentor = await member('none', cohort, 'Sum Mentor', { mentor: true });
  await useAccount(page.context(), mentor);
  await gotoApp(page, '/account');
  const section = page.getByRole('region', { name: 'Projects to review' });
  const each = section.getByRole('radio', { name: 'One e-mail for each project handed in' });
  const daily = section.getByRole('radio', { name: 'One summary a day of the projects handed in' });
  await expect(each).toBeChecked();
  await daily.check();
  await section.getByRole('button', { name: 'Save how I hear of projects' }).click();
  await expect(
    page.getByText('You get one summary a day of the projects handed in for review.'),
  ).toBeVisible();
  await expect(daily).toBeChecked();
  expect(readValue<string>('select review_emails from users where id = ?', mentor.id)).toBe(
    'daily',
  );
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'account-review-emails');
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoAxeViolations(page);
  await saveFullPageScreenshot(page, 'account-review-emails-375');

  // Someone who mentors nothing is not asked.
  await useAccount(page.context(), await createAccount('level-1', 'Not A Mentor'));
  await gotoApp(page, '/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Projects to review' })).toHaveCount(0);
});
