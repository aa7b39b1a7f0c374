import type { Kysely } from 'kysely';
import { FRONTEND_PROJECTS } from '~/content/projects';
import type { Access, Database } from '~/db/schema';
import type { AttendanceRate } from '~/features/live-classes/attendance';
import { attendanceRatesOf } from '~/features/live-classes/attendance.server';
import { NUMBERED_STEPS } from '~/features/progress/progress';
import {
  canReview,
  submissionsOf,
  waitingReviewCount,
  type SubmissionRecord,
} from '~/features/projects/submissions.server';
import type { QuizStanding } from '~/features/quizzes/quiz';
import { quizStandingsOf } from '~/features/quizzes/quiz-attempts.server';
import { cohortsRunBy } from './mentors.server';

const STEP_SLUGS: string[] = NUMBERED_STEPS.map((step) => step.slug);
const PROJECT_IDS: string[] = FRONTEND_PROJECTS.map((project) => project.id);

/**
 * The header's Mentor entry: how many submissions wait for this person's review, or null
 * for someone who reviews nobody's (neither an admin nor a mentor), who gets no entry.
 */
export async function reviewQueueSize(
  db: Kysely<Database>,
  user: { id: string; access: Access; mentorsACohort: boolean },
): Promise<number | null> {
  if (user.access !== 'admin' && !user.mentorsACohort) return null;
  return waitingReviewCount(db, user.id);
}

/** One student of a mentor's cohort as My cohorts lists them. */
export interface RosterStudent {
  id: string;
  name: string;
  /** Numbered steps completed, of `NUMBERED_STEPS.length`. */
  stepsDone: number;
  /** Projects approved, of `FRONTEND_PROJECTS.length`. */
  projectsApproved: number;
  /** When their newest open session started; null once every session has ended. */
  lastSignInAt: string | null;
}

export interface CohortRoster {
  id: string;
  name: string;
  archived: boolean;
  /** Each with their live-class attendance (null until a class of theirs has ended). */
  students: (RosterStudent & { attendance: AttendanceRate | null })[];
}

/** What the rosters and the student view count per student, in the one query each runs. */
function studentFigures(db: Kysely<Database>) {
  return db.selectFrom('users').select((eb) => [
    'users.id',
    'users.name',
    'users.cohort',
    'users.access',
    eb
      .selectFrom('step_completions')
      .select(eb.fn.countAll<number | string>().as('n'))
      .whereRef('step_completions.user_id', '=', 'users.id')
      .where('step_completions.step', 'in', STEP_SLUGS)
      .as('stepsDone'),
    eb
      .selectFrom('project_submissions')
      .select((sub) => sub.fn.count<number | string>('project_id').distinct().as('n'))
      .whereRef('project_submissions.user_id', '=', 'users.id')
      .where('project_submissions.status', '=', 'approved')
      .where('project_submissions.project_id', 'in', PROJECT_IDS)
      .as('projectsApproved'),
    eb
      .selectFrom('sessions')
      .select((sub) => sub.fn.max<string | null>('sessions.created_at').as('at'))
      .whereRef('sessions.user_id', '=', 'users.id')
      .as('lastSignInAt'),
  ]);
}

type FigureRow = {
  id: string;
  name: string;
  stepsDone: number | string | null;
  projectsApproved: number | string | null;
  lastSignInAt: string | null;
};

const toRosterStudent = (row: FigureRow): RosterStudent => ({
  id: row.id,
  name: row.name,
  stepsDone: Number(row.stepsDone ?? 0),
  projectsApproved: Number(row.projectsApproved ?? 0),
  lastSignInAt: row.lastSignInAt ?? null,
});

/**
 * My cohorts: each cohort a person mentors (every cohort for an admin) with its students,
 * by name. Read on every request, so a mentor removed from a cohort no longer sees it.
 */
export async function cohortRostersFor(
  db: Kysely<Database>,
  actor: { id: string; access: Access },
): Promise<CohortRoster[]> {
  const cohorts = await cohortsRunBy(db, actor);
  if (cohorts.length === 0) return [];
  const rows = await studentFigures(db)
    .where(
      'users.cohort',
      'in',
      cohorts.map((cohort) => cohort.id),
    )
    .where('users.id', '<>', actor.id)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
  const attendance = await attendanceRatesOf(db, rows);
  return cohorts.map((cohort) => ({
    id: cohort.id,
    name: cohort.name,
    archived: cohort.archived_at !== null,
    students: rows
      .filter((row) => row.cohort === cohort.id)
      .map((row) => ({ ...toRosterStudent(row), attendance: attendance.get(row.id) ?? null })),
  }));
}

export interface MentorStudentView {
  student: RosterStudent & { cohortName: string | null };
  /** Every revision of every project, newest first, each with its review. */
  submissions: SubmissionRecord[];
  /** Each quiz's best score and attempts. */
  quizzes: QuizStanding[];
}

/**
 * A student as their mentor sees them: progress and every submission with its review, and
 * nothing of payments, transfers, receipts or access. Null when `actorId` may not review
 * them (another cohort's student, themselves, or nobody with that id): the page is a 404
 * either way, so it does not tell who exists.
 */
export async function studentForMentor(
  db: Kysely<Database>,
  actorId: string,
  studentId: string,
): Promise<MentorStudentView | null> {
  if (!(await canReview(db, actorId, studentId))) return null;
  const [row, submissions, quizzes] = await Promise.all([
    studentFigures(db)
      .leftJoin('cohorts', 'cohorts.id', 'users.cohort')
      .select('cohorts.name as cohortName')
      .where('users.id', '=', studentId)
      .executeTakeFirstOrThrow(),
    submissionsOf(db, studentId),
    quizStandingsOf(db, studentId),
  ]);
  return {
    student: { ...toRosterStudent(row), cohortName: row.cohortName },
    submissions,
    quizzes,
  };
}
