import { cohortOptions } from '~/features/cohorts/cohorts.server';
import { requireAdmin } from '~/features/auth/guards.server';
import { PERMISSION_DENIED_MESSAGES } from '~/features/auth/permission-denied';
import { exportFileName, userExportStream } from '~/features/admin/user-export.server';
import { parseUserSearch, withKnownCohort } from '~/features/admin/user-search';
import { csvDownload, guardDownload } from '~/lib/download.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/users-csv';

/**
 * `/admin/users.csv?q=&access=&cohort=&progress=`: the admin list as filtered, every page of it, as a
 * CSV download, streamed as it is read. Anyone but an admin gets the 403 and the wording
 * of `/admin/home`'s Permission Denied page (as text: a download has no page around it).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await guardDownload(() => requireAdmin(context), PERMISSION_DENIED_MESSAGES.admin);
  if (admin instanceof Response) return admin;
  const { db } = requireServerContext(context);
  const search = withKnownCohort(
    parseUserSearch(new URL(request.url).searchParams),
    await cohortOptions(db, { forFilter: true }),
  );
  return csvDownload(userExportStream(db, search), exportFileName());
}
