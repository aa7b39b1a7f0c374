import { data } from 'react-router';
import { findReceipt } from '~/features/transfers/receipt-file.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/receipt';

const NOT_FOUND = 'No such receipt';

/**
 * `/receipts/{id}`: the file, to an admin or to the student who uploaded it; anyone else
 * gets the same 404 as for an id that does not exist. It is never cached, never sniffed
 * into another type, and sandboxed (a PDF's scripts cannot run as the site); a PDF is a
 * download, an image is shown.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const { user } = await ctx.session();
  if (!user || params.id.length > 100) throw data(NOT_FOUND, { status: 404 });
  const receipt = await findReceipt(ctx.db, params.id, user);
  if (!receipt) throw data(NOT_FOUND, { status: 404 });
  const { type, bytes, fileName } = receipt;
  const disposition = type === 'application/pdf' ? 'attachment' : 'inline';
  return new Response(bytes, {
    headers: {
      'Content-Type': type,
      'Content-Length': String(bytes.length),
      'Content-Disposition': `${disposition}; filename="${fileName}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy':
        "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      'Cross-Origin-Resource-Policy': 'same-origin',
    },
  });
}
