import { randomBytes } from 'node:crypto';
import { expect, expectNoAxeViolations, gotoApp, test } from './fixtures';
import { saveFullPageScreenshot } from './screenshots';
import { insertCohort, insertEnrolment } from '../support/factories';
import { createAccount, openAsNewAccount, type TestAccount, useAccount } from './sessions';
import { withE2eDatabase } from './e2e-database';

/** A paid FrontEnd enrolment, as a verified card payment leaves it, and a cohort if given. */
async function enrolInFrontEnd(account: TestAccount, cohort?: { name: string; schedule: string }) {
  await withE2eDatabase(async (db) => {
    await insertEnrolment(db, { userId: account.id, orderId: null });
    if (cohort) {
      const id = `cohort-e2e-${randomBytes(4).toString('hex')}`;
      await insertCohort(db, { id, startDate: '2027-03-09', ...cohort });
      await db.updateTable('users').set({ cohort: id }).where('id', '=', account.id).execute();
    }
  });
}

test.describe('what a person already holds (issue 24)', () => {
  test('an enrolled student is sent to the course, not sold the track again', async ({
    page,
    context,
  }) => {
    const student = await createAccount('level-1', 'Paid Student');
    await enrolInFrontEnd(student);
    await useAccount(context, student);
    await gotoApp(page, '/enroll');
    const frontEnd = page.getByRole('article', { name: 'FrontEnd Bootcamp Upfront' });
    await expect(frontEnd).toContainText(
      'You’re enrolled in the FrontEnd track — go to your course',
    );
    await expect(frontEnd.getByRole('button', { name: /^Pay Now/ })).toHaveCount(0);
    // FullStack is another track: still for sale, its button named after its plan.
    await expect(
      page.getByRole('button', { name: /^Pay Now for FullStack Bootcamp Upfront \(opens/ }),
    ).toBeVisible();
    // The header's Enroll Now is for those who have not enrolled.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Enroll Now', includeHidden: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'enroll-as-student');

    // The plan's checkout page says the same, with the way to the course.
    await gotoApp(page, '/checkout?plan=fed-installments');
    await expect(
      page.getByText('You’re enrolled in the FrontEnd track — go to your course.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go to your course' }).click();
    await expect(page).toHaveURL(/\/fed\/home$/);
    await expect(page.getByRole('heading', { name: 'Your cohort' })).toBeVisible();
    await expect(page.getByText('You will be placed in a cohort before it starts.')).toBeVisible();
  });

  test('a student placed in a cohort finds it on the course home', async ({ page, context }) => {
    const student = await createAccount('level-1', 'Placed Student');
    const name = `March 2027 Evening ${randomBytes(3).toString('hex')}`;
    await enrolInFrontEnd(student, { name, schedule: 'Tue and Thu, 7–9 pm WAT' });
    await useAccount(context, student);
    await gotoApp(page, '/fed/home');
    const cohort = page.getByRole('region', { name: 'Your cohort' });
    await expect(cohort).toContainText(name);
    await expect(cohort).toContainText('Starts 9 March 2027');
    await expect(cohort).toContainText('Tue and Thu, 7–9 pm WAT');
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'course-home-cohort');
  });

  test('someone signed in without access is shown how to unlock the protected steps', async ({
    page,
  }) => {
    await openAsNewAccount(page, '/fed/home', 'none', 'Curious Reader');
    const unlock = page.getByRole('region', { name: 'Enroll to unlock the protected steps' });
    await expect(unlock).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your cohort' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveFullPageScreenshot(page, 'course-home-locked');
    await unlock.getByRole('link', { name: 'See the plans' }).click();
    await expect(page).toHaveURL(/\/enroll$/);
    // Nothing held yet: every plan is for sale and the header keeps Enroll Now.
    await expect(page.getByRole('button', { name: /^Pay Now for / })).toHaveCount(4);
    await expect(
      page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Enroll Now', includeHidden: true }),
    ).toHaveCount(1);
  });
});
