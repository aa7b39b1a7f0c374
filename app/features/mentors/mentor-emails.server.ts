import { sql, type Kysely } from 'kysely';
import {
  nowTimestamp,
  type Database,
  type ProjectSubmission,
  type ReviewEmails,
} from '~/db/schema';
import { enqueueEmail } from '~/features/email/outbox.server';
import { wallTimeIn, wallTimeToUtc } from '~/features/live-classes/class-times';
import { academyTimeZone } from '~/lib/env.server';
import { isDeliverableAddress } from '~/lib/mail-address';
import type { StaffChanger } from './mentors';

/**
 * The e-mails that tell mentors (decision 071), queued in the transaction of what caused them
 * and never to the person whose act it was: an admin who makes themself a mentor, or a mentor
 * who hands in a project of their own, hears nothing of it.
 */

/** Someone was just made a mentor of a cohort by `by`. */
export async function tellMentorAdded(
  trx: Kysely<Database>,
  input: {
    mentor: { id: string; name: string; email: string };
    cohortId: string;
    cohortName: string;
    by: StaffChanger;
  },
  now: Date,
): Promise<void> {
  const { mentor, by } = input;
  if (mentor.id === by.id || !isDeliverableAddress(mentor.email)) return;
  await enqueueEmail(
    trx,
    {
      key: `mentor-added:${mentor.id}:${input.cohortId}:${nowTimestamp(now)}`,
      template: 'mentor-added',
      payload: { name: mentor.name, cohortName: input.cohortName, addedBy: by.name },
      to: { address: mentor.email, name: mentor.name },
      userId: mentor.id,
      about: by.id,
    },
    now,
  );
}

/**
 * A student handed in a revision: one e-mail to each mentor of their cohort who wants one
 * per project (the others read it in their daily summary).
 */
export async function tellMentorsOfSubmission(
  trx: Kysely<Database>,
  submission: ProjectSubmission,
  now: Date,
): Promise<void> {
  const student = await trx
    .selectFrom('users')
    .select(['name', 'cohort'])
    .where('id', '=', submission.user_id)
    .executeTakeFirstOrThrow();
  const mentors = await trx
    .selectFrom('cohort_staff')
    .innerJoin('users', 'users.id', 'cohort_staff.user_id')
    .select(['users.id', 'users.name', 'users.email'])
    .where('cohort_staff.cohort_id', '=', student.cohort)
    .where('users.id', '<>', submission.user_id)
    .where('users.review_emails', '=', 'each')
    .orderBy('users.id')
    .execute();
  for (const mentor of mentors) {
    if (!isDeliverableAddress(mentor.email)) continue;
    await enqueueEmail(
      trx,
      {
        key: `project-submitted:${submission.id}:${mentor.id}`,
        template: 'project-submitted',
        payload: {
          name: mentor.name,
          studentName: student.name,
          projectId: submission.project_id,
          revision: submission.revision,
          submissionId: submission.id,
        },
        to: { address: mentor.email, name: mentor.name },
        userId: mentor.id,
        about: submission.user_id,
      },
      now,
    );
  }
}

/** A mentor's choice on /account: one e-mail per project handed in, or a daily summary. */
export async function setReviewEmails(
  db: Kysely<Database>,
  userId: string,
  choice: ReviewEmails,
): Promise<void> {
  await db.updateTable('users').set({ review_emails: choice }).where('id', '=', userId).execute();
}

/**
 * The daily summaries due at `now`: to each mentor who chose them, the revisions handed in
 * by students of their cohorts (never their own) on the academy's previous day, in
 * ACADEMY_TIME_ZONE, that still wait for review. One per mentor per day (key
 * `review-digest:{mentor}:{day}`): every pass of that day, on every instance, queues it once;
 * a day with nothing waiting sends nothing. Returns how many it queued.
 */
export async function queueReviewDigests(db: Kysely<Database>, now: Date): Promise<number> {
  const zone = academyTimeZone();
  const today = wallTimeIn(nowTimestamp(now), zone).date;
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 24 * 60 * 60 * 1000)
    .toISOString()
    .slice(0, 10);
  const from = nowTimestamp(wallTimeToUtc(yesterday, '00:00', zone)!);
  const until = nowTimestamp(wallTimeToUtc(today, '00:00', zone)!);
  const rows = await db
    .selectFrom('users as mentor')
    .innerJoin('cohort_staff', 'cohort_staff.user_id', 'mentor.id')
    .innerJoin('users as student', 'student.cohort', 'cohort_staff.cohort_id')
    .innerJoin('project_submissions as submission', 'submission.user_id', 'student.id')
    .leftJoin('email_outbox', (join) =>
      join.on(
        'email_outbox.idempotency_key',
        '=',
        sql<string>`${'review-digest:'} || mentor.id || ${`:${yesterday}`}`,
      ),
    )
    .select([
      'mentor.id as mentorId',
      'mentor.name as mentorName',
      'mentor.email as mentorEmail',
      'submission.id as submissionId',
      'submission.project_id as projectId',
      'submission.revision as revision',
    ])
    .where('mentor.review_emails', '=', 'daily')
    .where('email_outbox.id', 'is', null)
    .where('submission.status', '=', 'waiting')
    .where('submission.submitted_at', '>=', from)
    .where('submission.submitted_at', '<', until)
    .whereRef('student.id', '<>', 'mentor.id')
    .orderBy('mentor.id')
    .orderBy('submission.submitted_at')
    .execute();
  const byMentor = new Map<string, typeof rows>();
  for (const row of rows) byMentor.set(row.mentorId, [...(byMentor.get(row.mentorId) ?? []), row]);
  let queued = 0;
  for (const [mentorId, projects] of byMentor) {
    const { mentorName: name, mentorEmail: email } = projects[0]!;
    if (!isDeliverableAddress(email)) continue;
    const added = await enqueueEmail(
      db,
      {
        key: `review-digest:${mentorId}:${yesterday}`,
        template: 'review-digest',
        payload: {
          name,
          day: yesterday,
          // No student's name: a summary names several people, and a deletion erases one
          // name per message (decision 064); each link opens the review, which names them.
          projects: projects.map(({ submissionId, projectId, revision }) => ({
            submissionId,
            projectId,
            revision,
          })),
        },
        to: { address: email, name },
        userId: mentorId,
      },
      now,
    );
    if (added) queued += 1;
  }
  return queued;
}
