import { cohortOptions } from '~/features/cohorts/cohorts.server';
import { csvDownload, refuseDownloadToNonAdmins } from '~/features/admin/csv-export.server';
import { exportFileName, userExportStream } from '~/features/admin/user-export.server';
import { parseUserSearch, withKnownCohort } from '~/features/admin/user-search';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/users-csv';

/**
 * `/admin/users.csv?q=&access=&cohort=&progress=`: the admin list as filtered, every page of it, as a
 * CSV download, streamed as it is read. Anyone but an admin gets the 403 and the wording
 * of `/admin/home`'s Permission Denied page (as text: a download has no page around it).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const refused = await refuseDownloadToNonAdmins(context);
  if (refused) return refused;
  const { db } = requireServerContext(context);
  const search = withKnownCohort(
    parseUserSearch(new URL(request.url).searchParams),
    await cohortOptions(db, { forFilter: true }),
  );
  return csvDownload(userExportStream(db, search), exportFileName());
}
