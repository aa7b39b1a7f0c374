/** Where a receipt is downloaded: a paid payment's, or an approved bank transfer's. */
export function receiptHref(kind: 'payment' | 'transfer', id: string): string {
  return `/account/receipts/${kind}/${id}`;
}
