import { randomBytes, randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { findCourseStep } from '~/content/course-steps';
import { findProject, projectsOfTrack, type Project, type ProjectTrack } from '~/content/projects';
import { isUniqueViolation } from '~/db/database.server';
import {
  nowTimestamp,
  type Database,
  type ProjectSubmission,
  type ReviewVerdict,
  type SubmissionStatus,
  type User,
} from '~/db/schema';
import { enqueueEmail, recipientOf } from '~/features/email/outbox.server';
import { fullstackTrackOf } from '~/features/fullstack/fullstack-grants.server';
import { readsFullstack } from '~/features/fullstack/fullstack-access';
import { tellMentorsOfSubmission } from '~/features/mentors/mentor-emails.server';
import { mentorsAnyCohort, readsStudentSteps } from '~/features/mentors/mentors.server';
import { isDeliverableAddress } from '~/lib/mail-address';

/** Who acts: the signed-in person as the session gives them. */
export interface Actor {
  id: string;
  name: string;
}

export type SubmitResult =
  | { outcome: 'submitted'; submission: ProjectSubmission }
  /** A revision of this project waits for review (409). */
  | { outcome: 'waiting' }
  /** The project is approved: nothing more to send (409). */
  | { outcome: 'approved-already' }
  /** No project of the catalogue has this id (404). */
  | { outcome: 'unknown-project' }
  /** The project's step is one this person may not read (403). */
  | { outcome: 'step-closed' };

/** A submission's id: random and public (the review page's address), never guessable. */
const newSubmissionId = () => `prj_${randomBytes(16).toString('base64url')}`;

/**
 * A student hands in a project: revision 1, then 2, 3… after each request for changes.
 * Refused while a revision waits for review and once the project is approved; the unique
 * index over waiting rows refuses the loser of two submissions at once. Only someone who
 * may read the project's step submits (`readsProjectStep`).
 */
export async function submitProject(
  db: Kysely<Database>,
  input: {
    userId: string;
    projectId: string;
    repositoryUrl: string;
    liveUrl: string | null;
    note: string;
  },
  now: Date = new Date(),
): Promise<SubmitResult> {
  const project = findProject(input.projectId);
  if (!project) return { outcome: 'unknown-project' };
  try {
    return await db.transaction().execute(async (trx): Promise<SubmitResult> => {
      const user = await trx
        .selectFrom('users')
        .select(['id', 'access'])
        .where('id', '=', input.userId)
        .executeTakeFirstOrThrow();
      if (!(await readsProjectStep(trx, user, project))) return { outcome: 'step-closed' };
      const latest = await trx
        .selectFrom('project_submissions')
        .select(['revision', 'status'])
        .where('user_id', '=', input.userId)
        .where('project_id', '=', project.id)
        .orderBy('revision', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (latest?.status === 'waiting') return { outcome: 'waiting' };
      if (latest?.status === 'approved') return { outcome: 'approved-already' };
      const submission = await trx
        .insertInto('project_submissions')
        .values({
          id: newSubmissionId(),
          user_id: input.userId,
          project_id: project.id,
          revision: (latest?.revision ?? 0) + 1,
          repository_url: input.repositoryUrl,
          live_url: input.liveUrl,
          note: input.note,
          status: 'waiting',
          submitted_at: nowTimestamp(now),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await tellMentorsOfSubmission(trx, submission, now);
      return { outcome: 'submitted', submission };
    });
  } catch (error) {
    // Another submission of this project got in first, and waits now.
    if (isUniqueViolation(error)) return { outcome: 'waiting' };
    throw error;
  }
}

/**
 * Whether a person may read the step that carries a project, asked in the submission's
 * transaction: anyone signed in for Step 3; level-1 students, admins and mentors for the
 * students-only FrontEnd steps; FullStack students, admins and mentors for a FullStack step.
 */
async function readsProjectStep(
  trx: Kysely<Database>,
  user: Pick<User, 'id' | 'access'>,
  project: Project,
): Promise<boolean> {
  const studentsOnly = project.track === 'fullstack' || findCourseStep(project.step)?.studentsOnly;
  if (!studentsOnly) return true;
  const mentorsACohort = await mentorsAnyCohort(trx, user.id);
  if (project.track === 'frontend') return readsStudentSteps({ ...user, mentorsACohort });
  const enrolledInFullstack = (await fullstackTrackOf(trx, user.id)).open;
  return readsFullstack({ ...user, mentorsACohort, enrolledInFullstack });
}

/**
 * The students someone may review: everyone but themselves for an admin, the students of
 * their cohorts for a mentor. Read from the database on every call, so a mentor removed
 * from a cohort loses its students at once.
 */
function reviewableBy(actorId: string) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.and([
      eb('users.id', '<>', actorId),
      eb.or([
        eb.exists(
          eb
            .selectFrom('users as actor')
            .select('actor.id')
            .where('actor.id', '=', actorId)
            .where('actor.access', '=', 'admin'),
        ),
        eb(
          'users.cohort',
          'in',
          eb
            .selectFrom('cohort_staff')
            .select('cohort_staff.cohort_id')
            .where('cohort_staff.user_id', '=', actorId)
            .where('cohort_staff.role', '=', 'mentor'),
        ),
      ]),
    ]);
}

/**
 * Whether `actorId` may review `studentId`'s projects (and see them): an admin, or a mentor
 * of the student's cohort; nobody reviews their own. The review page's loader asks it;
 * `reviewSubmission` asks it again inside its transaction.
 */
export async function canReview(
  db: Kysely<Database>,
  actorId: string,
  studentId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.id', '=', studentId)
    .where(reviewableBy(actorId))
    .executeTakeFirst();
  return row !== undefined;
}

export type ReviewResult =
  | {
      outcome: 'reviewed';
      submission: ProjectSubmission;
      /** False when the student's address cannot receive mail (nothing was queued). */
      emailed: boolean;
    }
  /** Someone reviewed it first (409): "Already reviewed by {name}". */
  | { outcome: 'already-reviewed'; reviewerName: string; verdict: ReviewVerdict }
  /** Request changes without feedback (400). */
  | { outcome: 'feedback-required' }
  /** Not this person's to review: another cohort's student, or their own (403). */
  | { outcome: 'forbidden' }
  | { outcome: 'not-found' };

/**
 * A verdict on a waiting submission, in one transaction: the submission leaves `waiting`
 * once (of two reviewers at once, the second finds it reviewed, by whom), the review is
 * recorded with the reviewer's name, and the student's e-mail is queued with the feedback.
 * Who may review is checked here, from the database, whatever the caller checked before.
 */
export async function reviewSubmission(
  db: Kysely<Database>,
  input: { submissionId: string; reviewer: Actor; verdict: ReviewVerdict; feedback: string },
  now: Date = new Date(),
): Promise<ReviewResult> {
  const feedback = input.feedback.trim();
  const at = nowTimestamp(now);
  return db.transaction().execute(async (trx): Promise<ReviewResult> => {
    const found = await trx
      .selectFrom('project_submissions')
      .innerJoin('users', 'users.id', 'project_submissions.user_id')
      .select(['project_submissions.user_id', 'project_submissions.status'])
      .where('project_submissions.id', '=', input.submissionId)
      .executeTakeFirst();
    if (!found) return { outcome: 'not-found' };
    if (!(await canReview(trx, input.reviewer.id, found.user_id))) return { outcome: 'forbidden' };
    if (found.status !== 'waiting') return alreadyReviewed(trx, input.submissionId);
    if (input.verdict === 'changes-requested' && !feedback) {
      return { outcome: 'feedback-required' };
    }
    const submission = await trx
      .updateTable('project_submissions')
      .set({ status: input.verdict, reviewed_at: at, reviewed_by: input.reviewer.id })
      .where('id', '=', input.submissionId)
      .where('status', '=', 'waiting')
      .returningAll()
      .executeTakeFirst();
    // Reviewed since it was read: by the other reviewer, whose review is committed now.
    if (!submission) return alreadyReviewed(trx, input.submissionId);
    await trx
      .insertInto('project_reviews')
      .values({
        id: randomUUID(),
        submission_id: submission.id,
        reviewer_id: input.reviewer.id,
        reviewer_name: input.reviewer.name,
        verdict: input.verdict,
        feedback,
        reviewed_at: at,
      })
      .execute();
    const emailed = await emailStudent(trx, submission, input.reviewer, feedback, now);
    return { outcome: 'reviewed', submission, emailed };
  });
}

async function alreadyReviewed(trx: Kysely<Database>, submissionId: string): Promise<ReviewResult> {
  const review = await trx
    .selectFrom('project_reviews')
    .select(['reviewer_name', 'verdict'])
    .where('submission_id', '=', submissionId)
    .executeTakeFirstOrThrow();
  return {
    outcome: 'already-reviewed',
    reviewerName: review.reviewer_name,
    verdict: review.verdict,
  };
}

async function emailStudent(
  trx: Kysely<Database>,
  submission: ProjectSubmission,
  reviewer: Actor,
  feedback: string,
  now: Date,
): Promise<boolean> {
  const student = await recipientOf(trx, submission.user_id);
  if (!isDeliverableAddress(student.email)) return false;
  const payload = {
    name: student.name,
    projectId: submission.project_id,
    revision: submission.revision,
    reviewerName: reviewer.name,
    feedback,
  };
  await enqueueEmail(
    trx,
    {
      key: `project-review:${submission.id}`,
      ...(submission.status === 'approved'
        ? { template: 'project-approved' as const, payload }
        : { template: 'project-changes-requested' as const, payload }),
      to: { address: student.email, name: student.name },
      userId: submission.user_id,
      about: reviewer.id,
    },
    now,
  );
  return true;
}

/** One row of a mentor's review queue. */
export interface WaitingReview {
  submissionId: string;
  studentId: string;
  studentName: string;
  projectId: string;
  projectTitle: string;
  revision: number;
  submittedAt: string;
  /** How long it has waited, in milliseconds. */
  ageMs: number;
}

/**
 * The submissions waiting for `actorId`'s review, the longest waiting first: every
 * student's for an admin, their cohorts' students' for a mentor, nobody's for anyone else.
 */
export async function waitingReviewsFor(
  db: Kysely<Database>,
  actorId: string,
  now: Date = new Date(),
): Promise<WaitingReview[]> {
  const rows = await db
    .selectFrom('project_submissions')
    .innerJoin('users', 'users.id', 'project_submissions.user_id')
    .select([
      'project_submissions.id as submissionId',
      'users.id as studentId',
      'users.name as studentName',
      'project_submissions.project_id as projectId',
      'project_submissions.revision',
      'project_submissions.submitted_at as submittedAt',
    ])
    .where('project_submissions.status', '=', 'waiting')
    .where(reviewableBy(actorId))
    .orderBy('project_submissions.submitted_at')
    .orderBy('project_submissions.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    projectTitle: findProject(row.projectId)?.title ?? row.projectId,
    ageMs: Math.max(0, now.getTime() - Date.parse(row.submittedAt)),
  }));
}

/** How many submissions wait for `actorId`'s review: the count in the header menu. */
export async function waitingReviewCount(db: Kysely<Database>, actorId: string): Promise<number> {
  const row = await db
    .selectFrom('project_submissions')
    .innerJoin('users', 'users.id', 'project_submissions.user_id')
    .select((eb) => eb.fn.countAll<number | string>().as('waiting'))
    .where('project_submissions.status', '=', 'waiting')
    .where(reviewableBy(actorId))
    .executeTakeFirstOrThrow();
  return Number(row.waiting);
}

/** One revision a student sent, with its review once there is one. */
export interface SubmissionRecord {
  id: string;
  projectId: string;
  projectTitle: string;
  revision: number;
  repositoryUrl: string;
  liveUrl: string | null;
  note: string;
  status: SubmissionStatus;
  submittedAt: string;
  review: {
    verdict: ReviewVerdict;
    feedback: string;
    reviewerName: string;
    reviewedAt: string;
  } | null;
}

/**
 * Every revision a student sent, for every project, the newest first, each with its
 * review: the step page, the student's mentor view and the admin's history read it.
 * `projectId` narrows it to one project (the review page's earlier revisions).
 */
export async function submissionsOf(
  db: Kysely<Database>,
  userId: string,
  { projectId }: { projectId?: string } = {},
): Promise<SubmissionRecord[]> {
  let query = db
    .selectFrom('project_submissions as s')
    .leftJoin('project_reviews as r', 'r.submission_id', 's.id')
    .select([
      's.id',
      's.project_id',
      's.revision',
      's.repository_url',
      's.live_url',
      's.note',
      's.status',
      's.submitted_at',
      'r.verdict',
      'r.feedback',
      'r.reviewer_name',
      'r.reviewed_at',
    ])
    .where('s.user_id', '=', userId);
  if (projectId) query = query.where('s.project_id', '=', projectId);
  const rows = await query
    .orderBy('s.submitted_at', 'desc')
    .orderBy('s.revision', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    projectId: row.project_id,
    projectTitle: findProject(row.project_id)?.title ?? row.project_id,
    revision: row.revision,
    repositoryUrl: row.repository_url,
    liveUrl: row.live_url,
    note: row.note,
    status: row.status,
    submittedAt: row.submitted_at,
    review:
      row.verdict && row.reviewer_name && row.reviewed_at
        ? {
            verdict: row.verdict,
            feedback: row.feedback ?? '',
            reviewerName: row.reviewer_name,
            reviewedAt: row.reviewed_at,
          }
        : null,
  }));
}

export type SubmissionForReview =
  | {
      outcome: 'found';
      submission: SubmissionRecord;
      student: { id: string; name: string; cohort: string };
      /** The same project's other revisions, newest first, with their reviews. */
      otherRevisions: SubmissionRecord[];
    }
  | { outcome: 'forbidden' }
  | { outcome: 'not-found' };

/** The review page: one submission, its student and its history, if `actorId` may review it. */
export async function submissionForReview(
  db: Kysely<Database>,
  actorId: string,
  submissionId: string,
): Promise<SubmissionForReview> {
  const found = await db
    .selectFrom('project_submissions')
    .innerJoin('users', 'users.id', 'project_submissions.user_id')
    .select(['users.id', 'users.name', 'users.cohort', 'project_submissions.project_id'])
    .where('project_submissions.id', '=', submissionId)
    .executeTakeFirst();
  if (!found) return { outcome: 'not-found' };
  if (!(await canReview(db, actorId, found.id))) return { outcome: 'forbidden' };
  const revisions = await submissionsOf(db, found.id, { projectId: found.project_id });
  const submission = revisions.find((revision) => revision.id === submissionId);
  if (!submission) return { outcome: 'not-found' };
  return {
    outcome: 'found',
    submission,
    student: { id: found.id, name: found.name, cohort: found.cohort },
    otherRevisions: revisions.filter((revision) => revision.id !== submissionId),
  };
}

/**
 * How many of a track's projects a student has had approved (the certificate's "N of 7", or
 * of 4 for FullStack).
 */
export async function approvedProjectCount(
  db: Kysely<Database>,
  userId: string,
  track: ProjectTrack = 'frontend',
): Promise<number> {
  const row = await db
    .selectFrom('project_submissions')
    .select((eb) => eb.fn.count<number | string>('project_id').distinct().as('approved'))
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .where(
      'project_id',
      'in',
      projectsOfTrack(track).map((project) => project.id),
    )
    .executeTakeFirstOrThrow();
  return Number(row.approved);
}
