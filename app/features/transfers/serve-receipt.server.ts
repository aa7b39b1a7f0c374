import { data } from 'react-router';
import type { RequestContext } from '~/lib/load-context';
import { RECEIPT_TYPES, type ReceiptType } from './receipt-file.server';

const NOT_FOUND = 'No such receipt';

/**
 * `/receipts/{id}`: the file, to an admin or to the student who uploaded it; anyone else
 * gets the same 404 as for an id that does not exist. It is never cached, never sniffed
 * into another type, and sandboxed (a PDF's scripts cannot run as the site); a PDF is a
 * download, an image is shown.
 */
export async function serveReceipt(context: RequestContext, receiptId: string): Promise<Response> {
  const { user } = await context.session();
  if (!user || receiptId.length > 100) throw data(NOT_FOUND, { status: 404 });
  let query = context.services.database.db
    .selectFrom('receipts')
    .select(['content_type', 'bytes', 'created_at'])
    .where('id', '=', receiptId);
  if (user.access !== 'admin') query = query.where('user_id', '=', user.id);
  const receipt = await query.executeTakeFirst();
  const type = receipt?.content_type as ReceiptType | undefined;
  if (!receipt || !type || !(type in RECEIPT_TYPES)) throw data(NOT_FOUND, { status: 404 });
  const fileName = `receipt-${receipt.created_at.slice(0, 10)}.${RECEIPT_TYPES[type].extension}`;
  const disposition = type === 'application/pdf' ? 'attachment' : 'inline';
  const bytes = Buffer.from(receipt.bytes);
  return new Response(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), {
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
