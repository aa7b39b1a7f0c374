import type { PermissionDeniedArea } from '~/features/auth/permission-denied';
import { data, redirect } from 'react-router';
import type { EnrolmentStanding } from '~/features/enrolment/enrolment-standing';
import { enrolmentStandingOf } from '~/features/enrolment/enrolment-standing.server';
import { readsFullstack } from '~/features/fullstack/fullstack-access';
import { readsStudentSteps } from '~/features/mentors/mentors.server';
import type { RequestContext } from '~/load-context';
import { requireServerContext } from '~/load-context';
import type { Viewer } from './viewer';

/** What a 403 carries to the Permission Denied page: no content of the refused page. */
export interface PermissionDeniedData {
  area: PermissionDeniedArea;
  signedIn: boolean;
  /**
   * The person's own standing while an unpaid installment pauses their access: the page
   * says what the course home says (decisions 053, 075).
   */
  paused?: EnrolmentStanding;
}

/**
 * The viewer as the server's guards know them: also whether they mentor a cohort, read
 * with the session (one query a request) and never sent to the browser as such.
 */
export interface SignedInViewer extends Viewer {
  mentorsACohort: boolean;
  enrolledInFullstack: boolean;
}

export async function getViewer(context: Partial<RequestContext>): Promise<SignedInViewer | null> {
  const { user } = await requireServerContext(context).session();
  if (!user) return null;
  const { id, name, access, mentorsACohort, enrolledInFullstack } = user;
  return {
    id,
    name,
    access,
    mentorsACohort,
    enrolledInFullstack,
    readsFullstack: readsFullstack(user),
  };
}

/** The 403 of an area for this viewer: the guards' refusal, and a page's for what is not theirs. */
export function deny(area: PermissionDeniedArea, viewer: Viewer | null): never {
  throw data<PermissionDeniedData>({ area, signedIn: viewer !== null }, { status: 403 });
}

/**
 * A course area's refusal: a student whose installment plan is paused for an unpaid
 * installment is told which one, since when and how to pay it, in the words of the course
 * home's "Your enrolment" panel (decisions 053, 068, 075).
 */
async function denyCourse(
  context: Partial<RequestContext>,
  area: PermissionDeniedArea,
  viewer: SignedInViewer | null,
): Promise<never> {
  if (!viewer) return deny(area, viewer);
  const ctx = requireServerContext(context);
  const standing = await enrolmentStandingOf(ctx.db, viewer.id, {
    graceDays: ctx.env.OVERDUE_GRACE_DAYS,
  });
  if (!standing?.overdue?.paused) return deny(area, viewer);
  throw data<PermissionDeniedData>({ area, signedIn: true, paused: standing }, { status: 403 });
}

/**
 * Level-1 students, admins and the mentors of any cohort (DESIGN §13: a mentor reads every
 * step, checked on every request); anyone else gets 403 before any content is read.
 */
export async function requireStudent(context: Partial<RequestContext>): Promise<SignedInViewer> {
  const viewer = await getViewer(context);
  if (viewer && readsStudentSteps(viewer)) return viewer;
  return denyCourse(context, 'student', viewer);
}

/**
 * The mentor area's door: admins (every cohort) and the mentors of at least one cohort,
 * asked on every request, so a mentor removed from their last cohort is refused at once.
 * Which students and submissions they reach is the domain's check (`canReview`).
 */
export async function requireReviewer(context: Partial<RequestContext>): Promise<SignedInViewer> {
  const viewer = await getViewer(context);
  if (viewer?.access === 'admin' || viewer?.mentorsACohort) return viewer;
  return deny('mentor', viewer);
}

/**
 * The FullStack area's door (decision 047): FullStack students, admins and mentors, asked on
 * every request; anyone else gets the FullStack Permission Denied page before any content
 * is read.
 */
export async function requireFullstack(context: Partial<RequestContext>): Promise<SignedInViewer> {
  const viewer = await getViewer(context);
  if (viewer?.readsFullstack) return viewer;
  return denyCourse(context, 'fullstack', viewer);
}

/**
 * A person's own pages (/account): the signed-in person with their session's hash; a visitor
 * is sent to sign in and comes back to `returnTo`.
 */
export async function requireSignedIn(context: Partial<RequestContext>, returnTo: string) {
  const { user, sessionHash } = await requireServerContext(context).session();
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(returnTo)}`);
  return { user, sessionHash };
}

export async function requireAdmin(context: Partial<RequestContext>): Promise<SignedInViewer> {
  const viewer = await getViewer(context);
  if (viewer?.access === 'admin') return viewer;
  return deny('admin', viewer);
}
