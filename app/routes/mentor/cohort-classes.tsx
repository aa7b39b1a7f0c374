import { data } from 'react-router';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { deny, requireReviewer } from '~/features/auth/guards.server';
import type { Viewer } from '~/features/auth/viewer';
import { CohortClassesView } from '~/features/live-classes/cohort-classes-view';
import { addClassSchema, CLASS_MESSAGES } from '~/features/live-classes/live-class-form';
import { addLiveClasses, classesOfCohort } from '~/features/live-classes/live-sessions.server';
import { cohortRunBy } from '~/features/live-classes/staff-classes.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { parseForm, refuseForm } from '~/lib/form.server';
import { requireServerContext, type RequestContext } from '~/load-context';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import type { Route } from './+types/cohort-classes';
import { cohortClassesPath } from '~/features/live-classes/class-paths';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

/** The cohort, or its 404 (unknown) or 403 (not an admin nor its mentor): nothing read. */
async function cohortOf(context: RequestContext, viewer: Viewer, cohortId: string) {
  const reached = await cohortRunBy(context.db, viewer, cohortId);
  if (reached.outcome === 'not-found') throw data(CLASS_MESSAGES.noCohort, { status: 404 });
  if (reached.outcome === 'forbidden') deny('mentor', viewer);
  return reached.found;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const viewer = await requireReviewer(ctx);
  const cohort = await cohortOf(ctx, viewer, params.cohortId);
  const now = new Date();
  const { upcoming, past } = await classesOfCohort(ctx.db, cohort.id, now);
  return {
    cohort,
    upcoming,
    past,
    timeZone: ctx.env.ACADEMY_TIME_ZONE,
    now: now.toISOString(),
  };
}

/**
 * Add a live class, or a weekly series of them, to the cohort: only for an admin or the
 * cohort's mentor (403), a per-field refusal for bad input (400), nothing written either
 * way. The invitations are queued with the classes and sent at once.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const viewer = await requireReviewer(ctx);
  const cohort = await cohortOf(ctx, viewer, params.cohortId);
  const now = new Date();
  const timeZone = ctx.env.ACADEMY_TIME_ZONE;
  const form = await parseForm(request, addClassSchema({ timeZone, now }));
  if (!form.ok) return refuseForm(form.errors);
  const added = await addLiveClasses(
    ctx.db,
    cohort.id,
    form.data,
    { id: viewer.id, name: viewer.name },
    now,
  );
  if (!added) throw data(CLASS_MESSAGES.noCohort, { status: 404 });
  ctx.log.info(
    { event: 'live-classes-added', cohortId: cohort.id, count: added.length, by: viewer.id },
    'audit',
  );
  ctx.mail.wakeWorker();
  return redirectWithFlash(ctx, cohortClassesPath(cohort.id), {
    type: 'success',
    message: CLASS_MESSAGES.added(added.length),
  });
}

export default function CohortClassesPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CohortClassesView {...loaderData} errors={useActionDataThroughRefreshes(actionData)} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
