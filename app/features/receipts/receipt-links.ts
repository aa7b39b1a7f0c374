import { site } from '~/content/site';
import type { ReceiptKind } from '~/db/schema';

export type { ReceiptKind };

export const RECEIPT_KINDS = ['payment', 'transfer'] as const satisfies readonly ReceiptKind[];

/** The receipt PDF of a paid payment or an approved bank transfer (its owner's and admins'). */
export function receiptHref(kind: ReceiptKind, id: string): string {
  return `/account/receipts/${kind}/${encodeURIComponent(id)}`;
}

/** A receipt's number as printed and in its file's name: `FDA-000042`. */
export function formatReceiptNumber(number: number): string {
  return `${site.receiptPrefix}-${String(number).padStart(6, '0')}`;
}
