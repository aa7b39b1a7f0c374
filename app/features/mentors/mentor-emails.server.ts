import type { Kysely } from 'kysely';
import { nowTimestamp, type Database, type ProjectSubmission } from '~/db/schema';
import { enqueueEmail } from '~/features/email/outbox.server';
import { isDeliverableAddress } from '~/lib/mail-address';
import type { StaffChanger } from './mentors.server';

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

/** A student handed in a revision: one e-mail to each mentor of their cohort. */
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
