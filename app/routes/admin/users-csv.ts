import { cohortOptions } from '~/features/cohorts/cohorts.server';
import { exportFileName, userExportStream } from '~/features/admin/user-export.server';
import { parseUserSearch, withKnownCohort } from '~/features/admin/user-search';
import { requireAdmin } from '~/features/auth/guards.server';
import { requireServices } from '~/lib/load-context';
import { PERMISSION_DENIED_MESSAGES } from '~/ui/permission-denied';
import type { Route } from './+types/users-csv';

/**
 * `/admin/users.csv?q=&access=&cohort=&progress=`: the admin list as filtered, every page of it, as a
 * CSV download, streamed as it is read. Anyone but an admin gets the 403 and the wording
 * of `/admin/home`'s Permission Denied page (as text: a download has no page around it).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    await requireAdmin(context);
  } catch (error) {
    // The guard refuses by throwing a 403 response; anything else is a real failure.
    if (error instanceof Error) throw error;
    return new Response(PERMISSION_DENIED_MESSAGES.admin, {
      status: 403,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'private, no-store',
      },
    });
  }
  const { db } = requireServices(context).services.database;
  const search = withKnownCohort(
    parseUserSearch(new URL(request.url).searchParams),
    await cohortOptions(db, { forFilter: true }),
  );
  return new Response(userExportStream(db, search), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName()}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
