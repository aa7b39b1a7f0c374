import { data } from 'react-router';
import { renderReceiptPdf } from '~/features/receipts/receipt-pdf.server';
import {
  formatReceiptNumber,
  RECEIPT_KINDS,
  type ReceiptKind,
} from '~/features/receipts/receipt-links';
import { findReceiptDetails } from '~/features/receipts/receipts.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/receipt';

const NOT_FOUND = 'No such receipt';

function isReceiptKind(kind: string): kind is ReceiptKind {
  return (RECEIPT_KINDS as readonly string[]).includes(kind);
}

/**
 * `/account/receipts/{payment|transfer}/{id}`: the PDF receipt of a paid payment or an
 * approved transfer, to its owner or an admin. Anyone else, a visitor, an id that does not
 * exist or money not received gets the same 404 (as the transfer files of `/receipts/{id}`).
 * A GET: the only thing it may write is the receipt's number, the first time one is asked
 * for money recorded before receipts existed.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const { user } = await ctx.session();
  if (!user || !isReceiptKind(params.kind) || params.id.length > 100) {
    throw data(NOT_FOUND, { status: 404 });
  }
  const receipt = await findReceiptDetails(ctx.db, params.kind, params.id, user);
  if (!receipt) throw data(NOT_FOUND, { status: 404 });
  const pdf = await renderReceiptPdf(receipt);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.length),
      'Content-Disposition': `attachment; filename="receipt-${formatReceiptNumber(receipt.number)}.pdf"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'Cross-Origin-Resource-Policy': 'same-origin',
    },
  });
}
