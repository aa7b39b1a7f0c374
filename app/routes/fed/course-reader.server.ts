import { getViewer } from '~/features/auth/guards.server';
import { findStudentCertificate } from '~/features/certificates/student-certificate.server';
import { mayJoinClass } from '~/features/live-classes/live-sessions.server';
import { ownCohortOf } from '~/features/live-classes/student-classes.server';
import { readersCompletedSteps } from '~/features/progress/progress.server';
import { submissionsOf } from '~/features/projects/submissions.server';
import type { RequestContext } from '~/load-context';

/**
 * What the FrontEnd course home and its step pages both read of their reader: their
 * progress, their projects' revisions, their certificate and the cohort whose classes they
 * may join. One place for the two route modules' loaders (`home.tsx`, `step.tsx`).
 */

/** Every revision the reader sent: their step's projects, and the course home's count. */
export async function mySubmissions(context: RequestContext) {
  const viewer = await getViewer(context);
  return viewer ? submissionsOf(context.db, viewer.id) : [];
}

/** Whether the reader is signed in, when they completed this step, and every step they did. */
export async function myProgress(context: RequestContext, slug: string) {
  const viewer = await getViewer(context);
  if (!viewer) return { signedIn: false, completedAt: null, completed: [] };
  const rows = await readersCompletedSteps(context, viewer.id);
  return {
    signedIn: true,
    completedAt: rows.find((row) => row.step === slug)?.completed_at ?? null,
    completed: rows.map((row) => row.step),
  };
}

/**
 * The cohort whose classes the reader may join: their own, while they still have course
 * access to it (a mentor or an admin with a cohort of their own sees its classes too).
 */
export async function myJoinableCohort(context: RequestContext) {
  const { user } = await context.session();
  if (!user) return { user, cohort: undefined };
  const { db } = context;
  const cohort = await ownCohortOf(db, user);
  const mayJoin = cohort && (await mayJoinClass(db, user, { cohort_id: cohort.id }));
  return { user, cohort: mayJoin ? cohort : undefined };
}

/** The course home and the conclusion show a student's certificate once issued. */
export async function myCertificate(context: RequestContext) {
  const { user } = await context.session();
  return user ? findStudentCertificate(context.db, user.id) : null;
}
