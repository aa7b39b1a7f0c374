import { beforeAll, describe, expect, it } from 'vitest';
import type { Access, User } from '~/db/schema';
import { renderEmail } from '~/features/email/email-renderer.server';
import { grantFullstack } from '~/features/fullstack/fullstack-grants.server';
import { addMentor, removeMentor } from '~/features/mentors/mentors.server';
import { atTheSameMoment } from '../../../tests/support/same-moment';
import { insertUser, newCohort, outboxOf } from '../../../tests/support/factories';
import { useTestDatabase } from '../../../tests/support/test-database';
import {
  approvedProjectCount,
  canReview,
  reviewSubmission,
  submissionForReview,
  submissionsOf,
  submitProject,
  waitingReviewCount,
  waitingReviewsFor,
} from './submissions.server';
import { timelineOf } from '../../../tests/support/timeline';

const database = useTestDatabase();
let admin: User;
beforeAll(async () => {
  admin = await insertUser(database.db, { access: 'admin', name: 'Ada Admin' });
});

const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 10, minute));
const by = (user: User) => ({ id: user.id, name: user.name });

/** A cohort with its mentor and a level-1 student. */
async function classroom() {
  const cohort = await newCohort(database.db, 'Projects');
  const mentor = await insertUser(database.db, { name: `Mentor of ${cohort.name}` });
  await addMentor(database.db, { cohortId: cohort.id, email: mentor.email, by: by(admin) });
  const student = await newStudent(cohort.id);
  return { cohort, mentor, student };
}

const newStudent = (cohort: string, access: Access = 'level-1') =>
  insertUser(database.db, { access, cohort, name: `Student of ${cohort}` });

const submit = (
  user: User,
  projectId = 'personal-profile-page',
  now = new Date(),
  note = 'First go',
) =>
  submitProject(
    database.db,
    {
      userId: user.id,
      projectId,
      repositoryUrl: `https://github.com/${user.id}/${projectId}`,
      liveUrl: null,
      note,
    },
    now,
  );

async function submitted(user: User, projectId?: string, now?: Date) {
  const result = await submit(user, projectId, now);
  if (result.outcome !== 'submitted') throw new Error(result.outcome);
  return result.submission;
}

const review = (
  submissionId: string,
  reviewer: User,
  verdict: 'approved' | 'changes-requested',
  feedback = '',
) => reviewSubmission(database.db, { submissionId, reviewer: by(reviewer), verdict, feedback });

describe('submitting a project', () => {
  it('numbers revisions 1, 2… and refuses a new one while one waits or once approved', async () => {
    const { mentor, student } = await classroom();
    const first = await submitted(student);
    expect(first).toMatchObject({
      revision: 1,
      status: 'waiting',
      note: 'First go',
      live_url: null,
    });
    expect(first.id).toMatch(/^prj_[\w-]{22}$/);
    expect(await submit(student)).toEqual({ outcome: 'waiting' });
    // Another project is free.
    expect((await submitted(student, 'restaurant-menu')).revision).toBe(1);

    await review(first.id, mentor, 'changes-requested', 'Add alt text to the photo.');
    const second = await submitted(student);
    expect(second.revision).toBe(2);
    await review(second.id, mentor, 'approved');
    expect(await submit(student)).toEqual({ outcome: 'approved-already' });
    expect(await approvedProjectCount(database.db, student.id)).toBe(1);

    const history = await submissionsOf(database.db, student.id, {
      projectId: 'personal-profile-page',
    });
    expect(history.map((row) => [row.revision, row.status, row.review?.reviewerName])).toEqual([
      [2, 'approved', mentor.name],
      [1, 'changes-requested', mentor.name],
    ]);
    expect(history[1]?.review?.feedback).toBe('Add alt text to the photo.');
  });

  it('refuses an unknown project, and a students-only step to someone who may not read it', async () => {
    const { mentor } = await classroom();
    const visitor = await newStudent('none', 'none');
    expect(await submit(visitor, 'no-such-project')).toEqual({ outcome: 'unknown-project' });
    expect(await submit(visitor, 'weather-app')).toEqual({ outcome: 'step-closed' });
    expect(await submit(visitor, 'react-final-project')).toEqual({ outcome: 'step-closed' });
    // Step 3 is open to every signed-in reader; a mentor reads every step.
    expect((await submit(visitor, 'responsive-landing-page')).outcome).toBe('submitted');
    expect((await submit(mentor, 'weather-app')).outcome).toBe('submitted');
    expect(await submissionsOf(database.db, visitor.id)).toHaveLength(1);
  });

  it('a FullStack project: its students, mentors and admins hand it in; a FrontEnd student may not', async () => {
    const { cohort, mentor } = await classroom();
    const frontendStudent = await newStudent(cohort.id);
    const fullstackStudent = await newStudent(cohort.id);
    await grantFullstack(database.db, {
      userId: fullstackStudent.id,
      admin: by(admin),
      reason: 'Paid by bank transfer',
    });
    expect(await submit(frontendStudent, 'bookshelf-rest-api')).toEqual({ outcome: 'step-closed' });
    expect((await submit(mentor, 'bookshelf-rest-api')).outcome).toBe('submitted');
    expect((await submit(admin, 'mern-task-manager')).outcome).toBe('submitted');
    const submission = await submitted(fullstackStudent, 'bookshelf-rest-api');

    // The loop is the FrontEnd one: the cohort's mentor reviews, the e-mail leads to /fsd.
    await review(submission.id, mentor, 'approved');
    const [email] = await outboxOf(database.db, fullstackStudent.id);
    const rendered = renderEmail(
      'project-approved',
      JSON.parse(email!.payload),
      'https://a.example',
    );
    expect(rendered.text).toContain('your project Bookshelf REST API');
    expect(rendered.text).toContain('https://a.example/fsd/express');
    // The certificate's count is the FrontEnd course's seven projects.
    expect(await approvedProjectCount(database.db, fullstackStudent.id)).toBe(0);
  });

  it('two submissions at the same moment: one is recorded, the other refused', async () => {
    const { student } = await classroom();
    const results = await atTheSameMoment(
      database,
      { table: 'project_submissions', operation: 'insert' },
      [() => submit(student, 'to-do-list'), () => submit(student, 'to-do-list')],
    );
    expect(results.map((result) => result.outcome).sort()).toEqual(['submitted', 'waiting']);
    expect(await submissionsOf(database.db, student.id)).toHaveLength(1);
  });
});

describe('reviewing a project', () => {
  it('records the verdict and e-mails the student the feedback, line breaks kept', async () => {
    const { mentor, student } = await classroom();
    const submission = await submitted(student);
    const feedback = '  Good start.\nFix the <nav> on phones.\n\nThen send it again.  ';
    const result = await review(submission.id, mentor, 'changes-requested', feedback);
    expect(result).toMatchObject({
      outcome: 'reviewed',
      emailed: true,
      submission: { status: 'changes-requested', reviewed_by: mentor.id },
    });
    const [email] = await outboxOf(database.db, student.id);
    expect(email).toMatchObject({
      template: 'project-changes-requested',
      subject: 'Changes requested on your project',
      idempotency_key: `project-review:${submission.id}`,
    });
    const payload = JSON.parse(email!.payload);
    expect(payload).toMatchObject({ projectId: 'personal-profile-page', revision: 1 });
    const rendered = renderEmail(
      email!.template as 'project-changes-requested',
      payload,
      'https://academy.example',
    );
    expect(rendered.text).toContain('Good start.\nFix the <nav> on phones.\n\nThen send it again.');
    expect(rendered.text).toContain('https://academy.example/fed/html-css-test');
    expect(rendered.html).toContain('Good start.<br/>Fix the &lt;nav&gt; on phones.');

    const again = await submitted(student);
    await review(again.id, mentor, 'approved');
    const emails = await outboxOf(database.db, student.id);
    expect(emails.map((row) => row.subject)).toEqual([
      'Changes requested on your project',
      'Your project was approved',
    ]);
    const approved = renderEmail(
      'project-approved',
      JSON.parse(emails[1]!.payload),
      'https://a.example',
    );
    expect(approved.text).toContain('revision 2 of your project Personal Profile Page');
    expect(approved.text).not.toContain('Their feedback');
  });

  it('refuses Request changes without feedback, and writes nothing', async () => {
    const { mentor, student } = await classroom();
    const submission = await submitted(student);
    expect(await review(submission.id, mentor, 'changes-requested', ' \n ')).toEqual({
      outcome: 'feedback-required',
    });
    expect((await submissionsOf(database.db, student.id))[0]).toMatchObject({
      status: 'waiting',
      review: null,
    });
    expect(await outboxOf(database.db, student.id)).toEqual([]);
    expect(await review('prj_nothing', mentor, 'approved')).toEqual({ outcome: 'not-found' });
  });

  it('two reviewers at the same moment: one wins, the other is told who', async () => {
    const { cohort, mentor, student } = await classroom();
    const second = await insertUser(database.db, { name: 'Moses Mentor' });
    await addMentor(database.db, { cohortId: cohort.id, email: second.email, by: by(admin) });
    const submission = await submitted(student);
    const reviewers = [mentor, second];
    const results = await atTheSameMoment(
      database,
      { table: 'project_submissions', operation: 'update' },
      [
        () => review(submission.id, mentor, 'approved'),
        () => review(submission.id, second, 'changes-requested', 'Needs work.'),
      ],
    );
    const winner = results.findIndex((result) => result.outcome === 'reviewed');
    expect(winner).toBeGreaterThanOrEqual(0);
    expect(results[1 - winner]).toMatchObject({
      outcome: 'already-reviewed',
      reviewerName: reviewers[winner]!.name,
    });
    expect(await outboxOf(database.db, student.id)).toHaveLength(1);
    const reviews = await database.db
      .selectFrom('project_reviews')
      .select('reviewer_id')
      .where('submission_id', '=', submission.id)
      .execute();
    expect(reviews).toEqual([{ reviewer_id: reviewers[winner]!.id }]);
    // A later try hears the same.
    expect(await review(submission.id, admin, 'approved')).toMatchObject({
      outcome: 'already-reviewed',
      reviewerName: reviewers[winner]!.name,
    });
  });

  it('a mentor reviews only the students of their cohorts, until removed; an admin any', async () => {
    const a = await classroom();
    const b = await classroom();
    const ofB = await submitted(b.student);
    expect(await canReview(database.db, a.mentor.id, b.student.id)).toBe(false);
    expect(await review(ofB.id, a.mentor, 'approved')).toEqual({ outcome: 'forbidden' });
    expect(await submissionForReview(database.db, a.mentor.id, ofB.id)).toEqual({
      outcome: 'forbidden',
    });
    // Nobody reviews their own project, not even an admin.
    const own = await submitted(admin, 'weather-app');
    expect(await review(own.id, admin, 'approved')).toEqual({ outcome: 'forbidden' });
    // A student of the cohort is no reviewer.
    const classmate = await newStudent(b.cohort.id);
    expect(await review(ofB.id, classmate, 'approved')).toEqual({ outcome: 'forbidden' });

    expect(await submissionForReview(database.db, b.mentor.id, ofB.id)).toMatchObject({
      outcome: 'found',
      student: { id: b.student.id, cohort: b.cohort.id },
      submission: { id: ofB.id, revision: 1 },
      otherRevisions: [],
    });
    await removeMentor(database.db, { cohortId: b.cohort.id, userId: b.mentor.id, by: by(admin) });
    expect(await review(ofB.id, b.mentor, 'approved')).toEqual({ outcome: 'forbidden' });
    expect(await waitingReviewsFor(database.db, b.mentor.id)).toEqual([]);
    expect((await review(ofB.id, admin, 'approved')).outcome).toBe('reviewed');
    expect(await submissionsOf(database.db, b.student.id)).toMatchObject([{ status: 'approved' }]);
    // Cleaned up for the admin's queue below.
    await review(own.id, await insertUser(database.db, { access: 'admin' }), 'approved');
  });
});

describe('the review queue', () => {
  it('lists a mentor’s cohorts’ waiting submissions, the longest waiting first, with their age', async () => {
    const a = await classroom();
    const b = await classroom();
    const other = await newStudent(a.cohort.id);
    await submitted(a.student, 'weather-app', at(5));
    await submitted(other, 'to-do-list', at(1));
    await submitted(b.student, 'weather-app', at(0));
    const reviewed = await submitted(a.student, 'restaurant-menu', at(0));
    await review(reviewed.id, a.mentor, 'approved');

    const queue = await waitingReviewsFor(database.db, a.mentor.id, at(10));
    expect(queue).toMatchObject([
      { studentId: other.id, projectTitle: 'To-do list', revision: 1, ageMs: 9 * 60_000 },
      { studentId: a.student.id, projectTitle: 'Weather app', revision: 1, ageMs: 5 * 60_000 },
    ]);
    expect(await waitingReviewCount(database.db, a.mentor.id)).toBe(2);
    // An admin sees every cohort's; a student, nobody's.
    const all = await waitingReviewsFor(database.db, admin.id, at(10));
    expect(all.map((row) => row.studentId)).toEqual(
      expect.arrayContaining([a.student.id, other.id, b.student.id]),
    );
    expect(all.map((row) => row.submittedAt)).toEqual(
      [...all.map((row) => row.submittedAt)].sort(),
    );
    expect(await waitingReviewCount(database.db, admin.id)).toBe(all.length);
    expect(await waitingReviewsFor(database.db, a.student.id)).toEqual([]);
  });

  it('puts every submission and review in the student’s history', async () => {
    const { mentor, student } = await classroom();
    const submission = await submitted(student, 'personal-profile-page', at(1));
    await reviewSubmission(
      database.db,
      {
        submissionId: submission.id,
        reviewer: by(mentor),
        verdict: 'changes-requested',
        feedback: 'More.',
      },
      at(2),
    );
    const timeline = timelineOf({
      user: { created_at: student.created_at },
      projects: await submissionsOf(database.db, student.id),
    });
    expect(timeline.filter((entry) => entry.kind === 'project')).toEqual([
      {
        at: at(2).toISOString(),
        kind: 'project',
        text: `${mentor.name} requested changes on Personal Profile Page, revision 1`,
      },
      {
        at: at(1).toISOString(),
        kind: 'project',
        text: 'Project submitted: Personal Profile Page, revision 1',
      },
    ]);
  });
});
