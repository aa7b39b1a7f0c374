import { site } from '~/content/site';
import {
  formatReceiptNumber,
  receiptHref,
  type ReceiptKind,
} from '~/features/receipts/receipt-links';
import { Paragraph, TextLink, useSiteUrl } from './email-layout';

/**
 * The line of a payment's or an approved transfer's e-mail about its receipt: a link to the
 * PDF, or, in a message queued before receipts existed (no `id`), this e-mail.
 */
export function ReceiptParagraph({
  kind,
  id,
  number,
}: {
  kind: ReceiptKind;
  id?: string;
  number?: number;
}) {
  const receiptUrl = useSiteUrl(id ? receiptHref(kind, id) : '/');
  return (
    <Paragraph>
      {id ? (
        <>
          Your receipt{number ? ` ${formatReceiptNumber(number)}` : ''} is ready:{' '}
          <TextLink href={receiptUrl}>download the receipt (PDF)</TextLink>, signed in with this
          e-mail address.
        </>
      ) : (
        'Keep this e-mail as your receipt.'
      )}{' '}
      Questions about your payment? Write to{' '}
      <TextLink href={site.email.href}>{site.email.display}</TextLink>.
    </Paragraph>
  );
}
