import type { Track } from '~/db/schema';
import { installmentReceived } from '~/features/enrolment/order-words';
import { CourseUnlocked } from './course-unlocked';
import { ReceiptParagraph } from './receipt-paragraph';
import { ActionButton, EmailLayout, Paragraph, useSiteUrl } from './email-layout';

export const PAYMENT_RECEIVED_SUBJECT = 'Payment received — your course is unlocked';

export interface PaymentEmailProps {
  name: string;
  planName: string;
  /** Formatted, e.g. "$400" or "₦600,000". */
  amount: string;
  installment: number;
  installments: number;
  /** The order's id, the reference the success page shows. */
  reference?: string;
  /** The track bought; FrontEnd in messages queued before the FullStack track (decision 047). */
  track?: Track;
  /** The payment's receipt; absent from messages queued before receipts. */
  paymentId?: string;
  receiptNumber?: number;
}

/** A later installment's words are the success page's, "Installment 2 of 3 received" (decision 075). */
export function installmentSubject({ installment, installments }: PaymentEmailProps): string {
  return installment <= 1
    ? PAYMENT_RECEIVED_SUBJECT
    : installmentReceived(installment, installments);
}

/** Sent for every confirmed payment: the first unlocks the course, later ones are receipts. */
export function PaymentReceivedEmail(props: PaymentEmailProps) {
  const courseUrl = useSiteUrl(props.track === 'fullstack' ? '/fsd/home' : '/fed/home');
  const first = props.installment <= 1;
  return (
    <EmailLayout
      heading={first ? 'Your course is unlocked' : installmentSubject(props)}
      preview={`We received ${props.amount} for ${props.planName}.`}
    >
      <Paragraph>
        Hi {props.name}, we received your payment of {props.amount} for {props.planName}
        {props.installments > 1
          ? ` (installment ${props.installment} of ${props.installments})`
          : ''}
        .
      </Paragraph>
      {props.reference && <Paragraph>Reference: {props.reference}</Paragraph>}
      {first ? (
        <CourseUnlocked track={props.track} />
      ) : (
        <>
          <Paragraph>Your enrolment stays active; there is nothing else to do.</Paragraph>
          <ActionButton href={courseUrl}>Start learning</ActionButton>
        </>
      )}
      <ReceiptParagraph kind="payment" id={props.paymentId} number={props.receiptNumber} />
    </EmailLayout>
  );
}
