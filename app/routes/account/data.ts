import { ACCOUNT_DATA_MESSAGES } from '~/features/account/account-data';
import {
  ACCOUNT_DATA_TYPE,
  accountDataStream,
  consumeExportAllowance,
  exportFileName,
} from '~/features/account/account-export.server';
import { getViewer } from '~/features/auth/guards.server';
import { PERMISSION_DENIED_MESSAGES } from '~/features/auth/permission-denied';
import { deniedDownload, streamedDownload } from '~/lib/download.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/data';

/**
 * `POST /account/data`: the signed-in person's data as a JSON download, streamed as it is
 * read (decision 049). Never by id: it is always the session's own person. A visitor gets
 * the account area's 403 as text; a download too many this hour, 429 with when to try again.
 */
export async function action({ context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const viewer = await getViewer(ctx);
  if (!viewer) return deniedDownload(PERMISSION_DENIED_MESSAGES.account);
  const { db } = ctx;
  const now = new Date();
  const allowance = await consumeExportAllowance(db, viewer.id, now);
  if (!allowance.allowed) {
    ctx.log.warn({ event: 'rate-limited', route: 'account-data' }, 'security');
    const minutes = Math.ceil(allowance.retryAfterSeconds / 60);
    return new Response(ACCOUNT_DATA_MESSAGES.exportRateLimited(minutes), {
      status: 429,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'private, no-store',
        'Retry-After': String(allowance.retryAfterSeconds),
      },
    });
  }
  ctx.log.info({ event: 'account-data-export' }, 'audit');
  return streamedDownload(
    accountDataStream(db, viewer.id, { origin: ctx.env.ORIGIN, now }),
    exportFileName(now),
    ACCOUNT_DATA_TYPE,
  );
}

/** The file is made only on a POST (a link or a prefetch never makes one). */
export function loader() {
  return new Response('Use the Download my data button on your account page.', {
    status: 405,
    headers: { Allow: 'POST', 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
