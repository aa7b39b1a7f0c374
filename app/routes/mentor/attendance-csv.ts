import { requireReviewer } from '~/features/auth/guards.server';
import { PERMISSION_DENIED_MESSAGES } from '~/features/auth/permission-denied';
import { attendanceOf } from '~/features/live-classes/attendance.server';
import { attendanceCsv } from '~/features/live-classes/attendance-export.server';
import { wallTimeIn } from '~/features/live-classes/class-times';
import { CLASS_MESSAGES } from '~/features/live-classes/live-class-form';
import { classRunBy } from '~/features/live-classes/staff-classes.server';
import { csvDownload, deniedDownload, guardDownload } from '~/lib/download.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/attendance-csv';

/**
 * `/mentor/live/:sessionId/attendance.csv`: the class's attendance view as a download, like
 * the users list's export. Only for an admin or the cohort's mentor; anyone else gets the
 * mentor area's Permission Denied words as text (a download has no page around it), an
 * unknown class a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const reviewer = await guardDownload(
    () => requireReviewer(ctx),
    PERMISSION_DENIED_MESSAGES.mentor,
  );
  if (reviewer instanceof Response) return reviewer;
  const { db } = ctx;
  const reached = await classRunBy(db, reviewer, params.sessionId);
  if (reached.outcome === 'not-found') {
    return new Response(CLASS_MESSAGES.notFound, {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  if (reached.outcome === 'forbidden') return deniedDownload(PERMISSION_DENIED_MESSAGES.mentor);
  const { session } = reached.found;
  const body = attendanceCsv(session, await attendanceOf(db, session));
  const day = wallTimeIn(session.starts_at, ctx.env.ACADEMY_TIME_ZONE).date;
  return csvDownload(body, `attendance-${day}.csv`);
}
