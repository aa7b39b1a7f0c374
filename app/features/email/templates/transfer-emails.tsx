import { site } from '~/content/site';
import type { Track } from '~/db/schema';
import { installmentReceived } from '~/features/enrolment/order-words';
import { CourseUnlocked } from './course-unlocked';
import { ReceiptParagraph } from './receipt-paragraph';
import { ActionButton, EmailLayout, Paragraph, TextLink, useSiteUrl } from './email-layout';

export const TRANSFER_RECEIVED_SUBJECT = 'We received your bank transfer details';
const TRANSFER_APPROVED_SUBJECT = 'Transfer confirmed — your course is unlocked';
export const TRANSFER_REJECTED_SUBJECT = 'We could not confirm your bank transfer';
export const transferSubmittedSubject = (props: { studentName: string; amount: string }) =>
  `Transfer to review: ${props.studentName}, ${props.amount}`;

export interface TransferEmailProps {
  name: string;
  planName: string;
  /** Formatted, e.g. "₦600,000". */
  amount: string;
  /** The day of the transfer as the student gave it, e.g. "21 November 2026". */
  transferDate: string;
  /** The plan's track; FrontEnd in messages queued before the FullStack track (decision 047). */
  track?: Track;
}

/** An approval's receipt; absent from messages queued before receipts. */
export interface TransferReceiptProps {
  transferId?: string;
  receiptNumber?: number;
}

/**
 * Which installment of the plan an approved transfer paid (decision 074); absent from
 * messages queued before transfers counted installments.
 */
export interface TransferApprovedProps extends TransferReceiptProps {
  installment?: number;
  installments?: number;
}

/** "Installment 2 of 3 received" for a later installment, or null for the first (or only). */
function laterInstallment({ installment, installments }: TransferApprovedProps): string | null {
  return installment && installments && installment > 1
    ? installmentReceived(installment, installments)
    : null;
}

export function transferApprovedSubject(props: TransferApprovedProps): string {
  return laterInstallment(props) ?? TRANSFER_APPROVED_SUBJECT;
}

/** Sent when a student submits a transfer: it is in the queue, and when to expect an answer. */
export function TransferReceivedEmail(props: TransferEmailProps) {
  const homeUrl = useSiteUrl('/fed/home');
  return (
    <EmailLayout
      heading="We received your transfer details"
      preview={`Your transfer of ${props.amount} is waiting for review.`}
    >
      <Paragraph>
        Hi {props.name}, thank you: we received the details of your bank transfer of {props.amount}{' '}
        on {props.transferDate} for {props.planName}, with its receipt.
      </Paragraph>
      <Paragraph>
        We match it with our bank statement and confirm it within {site.followUpHours} hours. You
        will get another e-mail then, and your course page shows where it stands.
      </Paragraph>
      <ActionButton href={homeUrl}>See your transfer</ActionButton>
    </EmailLayout>
  );
}

/** An admin approved the transfer: the course is open, or a later installment is paid. */
export function TransferApprovedEmail(props: TransferEmailProps & TransferApprovedProps) {
  const later = laterInstallment(props);
  return (
    <EmailLayout
      heading={later ?? 'Your course is unlocked'}
      preview={`We confirmed your transfer of ${props.amount}.`}
    >
      <Paragraph>
        Hi {props.name}, we confirmed your bank transfer of {props.amount} for {props.planName}.
      </Paragraph>
      {!later && <CourseUnlocked track={props.track} />}
      <ReceiptParagraph kind="transfer" id={props.transferId} number={props.receiptNumber} />
    </EmailLayout>
  );
}

/** An admin could not match the transfer: why, and how to try again. */
export function TransferRejectedEmail(props: TransferEmailProps & { reason: string }) {
  const enrolUrl = useSiteUrl('/enroll');
  return (
    <EmailLayout
      heading="We could not confirm your transfer"
      preview={`About your transfer of ${props.amount}: ${props.reason}`}
    >
      <Paragraph>
        Hi {props.name}, we could not confirm your bank transfer of {props.amount} on{' '}
        {props.transferDate} for {props.planName}.
      </Paragraph>
      <Paragraph>The reason: {props.reason}</Paragraph>
      <Paragraph>
        You can submit the transfer again with the right details or receipt, or reply to this e-mail
        and we will help.
      </Paragraph>
      <ActionButton href={enrolUrl}>Submit the transfer again</ActionButton>
      <Paragraph>
        Questions? Write to <TextLink href={site.email.href}>{site.email.display}</TextLink>. We
        answer within {site.followUpHours} hours.
      </Paragraph>
    </EmailLayout>
  );
}

/** To each admin who wants it: a student submitted a transfer, and where to review it. */
export function TransferSubmittedEmail(props: {
  adminName: string;
  studentName: string;
  planName: string;
  amount: string;
  transferDate: string;
  transferId: string;
}) {
  const reviewUrl = useSiteUrl(`/admin/transfers/${props.transferId}`);
  const settingsUrl = useSiteUrl('/admin/transfers');
  return (
    <EmailLayout
      heading="A transfer to review"
      preview={`${props.studentName} reported a transfer of ${props.amount}.`}
    >
      <Paragraph>
        Hi {props.adminName}, {props.studentName} reported a bank transfer of {props.amount} on{' '}
        {props.transferDate} for {props.planName}, with its receipt. We promised them an answer
        within {site.followUpHours} hours.
      </Paragraph>
      <ActionButton href={reviewUrl}>Review the transfer</ActionButton>
      <Paragraph>
        You get this because transfer e-mails are on for you; turn them off on the{' '}
        <TextLink href={settingsUrl}>Bank transfers page</TextLink>.
      </Paragraph>
    </EmailLayout>
  );
}
