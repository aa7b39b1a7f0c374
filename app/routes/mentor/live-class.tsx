import { data } from 'react-router';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { deny, requireReviewer } from '~/features/auth/guards.server';
import type { Viewer } from '~/features/auth/viewer';
import {
  attendanceOf,
  attendanceRateOf,
  markAttendance,
} from '~/features/live-classes/attendance.server';
import {
  CANCEL_CLASS,
  CLASS_MESSAGES,
  classPageSchema,
  MARK_ATTENDANCE,
  SAVE_CLASS,
  SAVE_RECORDING,
} from '~/features/live-classes/live-class-form';
import { LiveClassView } from '~/features/live-classes/live-class-view';
import {
  cancelLiveClass,
  saveRecording,
  updateLiveClass,
  type ClassChangeResult,
} from '~/features/live-classes/live-sessions.server';
import { classRunBy } from '~/features/live-classes/staff-classes.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { parseForm, refuseForm } from '~/lib/form.server';
import { requireServerContext, type RequestContext } from '~/load-context';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import type { Route } from './+types/live-class';
import { classPagePath } from '~/features/live-classes/class-paths';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

/** The class, or its 404 (unknown) or 403 (not an admin nor its cohort's mentor). */
async function classOf(context: RequestContext, viewer: Viewer, sessionId: string) {
  const reached = await classRunBy(context.db, viewer, sessionId);
  if (reached.outcome === 'not-found') throw data(CLASS_MESSAGES.notFound, { status: 404 });
  if (reached.outcome === 'forbidden') deny('mentor', viewer);
  return reached.found;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const viewer = await requireReviewer(ctx);
  const { session, cohortName } = await classOf(ctx, viewer, params.sessionId);
  const now = new Date();
  const attendance = await attendanceOf(ctx.db, session, now);
  return {
    session,
    cohortName,
    attendance,
    rate: attendanceRateOf(attendance, session, now),
    timeZone: ctx.env.ACADEMY_TIME_ZONE,
    now: now.toISOString(),
    confirmingCancel: new URL(request.url).searchParams.get('cancel') === 'confirm',
  };
}

/**
 * A refused change of the class, answered beside the form it came from (`values` carries
 * its intent and what was typed): a class gone is the page's 404.
 */
function refuseChange(
  outcome: Exclude<ClassChangeResult['outcome'], 'changed'> | 'not-member',
  values: Record<string, string> & { intent: string },
) {
  switch (outcome) {
    case 'not-found':
      throw data(CLASS_MESSAGES.notFound, { status: 404 });
    case 'not-member':
      return refuseForm({ formError: CLASS_MESSAGES.notMember, fieldErrors: {}, values });
    case 'cancelled': {
      const formError =
        values.intent === CANCEL_CLASS ? CLASS_MESSAGES.cancelledAlready : CLASS_MESSAGES.cancelled;
      return refuseForm({ formError, fieldErrors: {}, values }, 409);
    }
    case 'not-ended':
      return refuseForm({ fieldErrors: { recordingUrl: CLASS_MESSAGES.notEnded }, values }, 409);
  }
}

/**
 * Save the class, Cancel it, its Recording link and an attendance mark: only for an admin
 * or the cohort's mentor (403), checked before the form is read; a refusal writes nothing.
 * A saved or cancelled class e-mails its students their calendar's update at once.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const viewer = await requireReviewer(ctx);
  const { session } = await classOf(ctx, viewer, params.sessionId);
  const now = new Date();
  const timeZone = ctx.env.ACADEMY_TIME_ZONE;
  const form = await parseForm(request, classPageSchema({ timeZone, now }));
  if (!form.ok) return refuseForm(form.errors);
  const { db } = ctx;
  const fields = form.data;
  const by = { id: viewer.id, name: viewer.name };
  const done = (message: string) =>
    redirectWithFlash(ctx, classPagePath(session.id), {
      type: 'success',
      message,
    });
  const audit = (extra: Record<string, string> = {}) =>
    ctx.log.info(
      { event: `live-class-${fields.intent}`, sessionId: session.id, by: viewer.id, ...extra },
      'audit',
    );

  switch (fields.intent) {
    case MARK_ATTENDANCE: {
      const { userId, mark } = fields;
      const marked = await markAttendance(db, { sessionId: session.id, userId, mark }, by, now);
      if (marked.outcome !== 'marked')
        return refuseChange(marked.outcome, { intent: fields.intent });
      audit({ userId, mark });
      return done(CLASS_MESSAGES.marked(marked.name, mark));
    }
    case SAVE_RECORDING: {
      const saved = await saveRecording(db, session.id, fields.recordingUrl, now);
      const values = { intent: fields.intent, recordingUrl: fields.recordingUrl };
      if (saved.outcome !== 'changed') return refuseChange(saved.outcome, values);
      audit();
      return done(CLASS_MESSAGES.recordingSaved);
    }
    default: {
      const changed =
        fields.intent === SAVE_CLASS
          ? await updateLiveClass(db, session.id, fields, now)
          : await cancelLiveClass(db, session.id, now);
      if (changed.outcome !== 'changed')
        return refuseChange(changed.outcome, { intent: fields.intent });
      audit();
      ctx.mail.wakeWorker();
      return done(
        fields.intent === SAVE_CLASS ? CLASS_MESSAGES.saved : CLASS_MESSAGES.cancelledDone,
      );
    }
  }
}

export default function LiveClassPage({ loaderData, actionData }: Route.ComponentProps) {
  return <LiveClassView {...loaderData} errors={useActionDataThroughRefreshes(actionData)} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
