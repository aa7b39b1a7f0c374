import { data, Link, redirect } from 'react-router';
import { site } from '~/content/site';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { deny, getViewer } from '~/features/auth/guards.server';
import { ClassTime, JoinCountdown } from '~/features/live-classes/class-time';
import { joinWindow, JOIN_OPENS_MINUTES_BEFORE } from '~/features/live-classes/class-times';
import {
  findLiveClass,
  mayJoinClass,
  recordJoin,
} from '~/features/live-classes/live-sessions.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/live-join';
import { privatePageMeta } from '~/lib/seo';
import { PageTitle } from '~/ui/page-title';

/**
 * `/live/{id}/join`: the only way to a class's meeting link. Someone who may join (the
 * cohort's students with course access, its mentors, admins) is sent on to the meeting
 * from 15 minutes before the start until the end, and a student's first join is recorded;
 * before it the page says when the class is and, with JavaScript, counts down and asks
 * again when the window opens (decision 072). Nobody else reaches the link.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const { db } = ctx;
  const session = await findLiveClass(db, params.sessionId);
  if (!session) throw data('No such class', { status: 404 });
  const { user } = await ctx.session();
  const viewer = await getViewer(ctx);
  if (!user || !viewer || !(await mayJoinClass(db, user, session))) deny('student', viewer);
  const now = new Date();
  const window = joinWindow(session, now);
  if (window === 'open') {
    // Attendance is the cohort's students': a mentor or an admin looking in is not counted.
    if (user.cohort === session.cohort_id && user.access === 'level-1') {
      await recordJoin(db, session.id, viewer.id, now);
    }
    return redirect(session.join_url);
  }
  return {
    window,
    id: session.id,
    title: session.title,
    startsAt: session.starts_at,
    recordingUrl: window === 'ended' ? session.recording_url : null,
    academyZone: ctx.env.ACADEMY_TIME_ZONE,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(`${loaderData?.title ?? 'Live class'} | ${site.shortName}`);

export default function JoinClassPage({ loaderData }: Route.ComponentProps) {
  const { window, id, title, startsAt, recordingUrl, academyZone } = loaderData;
  return (
    <article className="mx-auto w-full max-w-2xl px-4 py-12">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Live class</p>
      <PageTitle className="mt-1">{title}</PageTitle>
      {window === 'not-yet' && (
        <p className="mt-4 text-lg text-slate-700">
          This class starts on <ClassTime startsAt={startsAt} academyZone={academyZone} />. The link
          opens {JOIN_OPENS_MINUTES_BEFORE} minutes before the start.
        </p>
      )}
      {window === 'not-yet' && <JoinCountdown startsAt={startsAt} joinPath={`/live/${id}/join`} />}
      {window === 'ended' && (
        <>
          <p className="mt-4 text-lg text-slate-700">This class has ended.</p>
          {recordingUrl && (
            <p className="mt-3">
              <a
                href={recordingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-brand-700 underline"
              >
                Watch the recording<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          )}
        </>
      )}
      {window === 'cancelled' && (
        <p className="mt-4 text-lg text-slate-700">This class was cancelled.</p>
      )}
      <p className="mt-8">
        <Link to="/fed/schedule" className="font-semibold text-brand-700 underline">
          Back to the schedule
        </Link>
      </p>
    </article>
  );
}

export const ErrorBoundary = GuardedRouteBoundary;
