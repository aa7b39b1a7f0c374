import { datedFileName } from '~/features/admin/csv-export.server';
import { requireAdmin } from '~/features/auth/guards.server';
import { PERMISSION_DENIED_MESSAGES } from '~/features/auth/permission-denied';
import { parsePaymentSearch } from '~/features/enrolment/payment-search';
import { ledgerExportStream } from '~/features/enrolment/payment-search.server';
import { csvDownload, guardDownload } from '~/lib/download.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/payments-csv';

/**
 * `/admin/payments.csv?q=&status=&provider=&from=&to=`: the payments ledger as filtered,
 * every page of it, as a CSV download, streamed as it is read. Anyone but an admin gets the
 * 403 of the admin area, as text.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await guardDownload(() => requireAdmin(context), PERMISSION_DENIED_MESSAGES.admin);
  if (admin instanceof Response) return admin;
  const { db } = requireServerContext(context);
  const search = parsePaymentSearch(new URL(request.url).searchParams);
  return csvDownload(ledgerExportStream(db, search), datedFileName('payments'));
}
