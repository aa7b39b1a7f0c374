import { site } from '~/content/site';
import type { Track } from '~/db/schema';
import { UPDATE_PAYMENT_LABEL, UPDATE_PAYMENT_PATH } from '~/features/enrolment/overdue';
import { PAY_BY_TRANSFER, REPORT_TRANSFER_PATH } from '~/features/transfers/pay-by-transfer';
import { CourseUnlocked } from './course-unlocked';
import { ActionButton, EmailLayout, Paragraph, TextLink } from './email-layout';
import { useSiteUrl } from './email-layout';

/**
 * The way to pay, and a person to ask: the end of every overdue e-mail. A card payer updates
 * their payment; a transfer payer gets the bank's details and where to report the transfer,
 * in the panel's words (decision 074).
 */
function HowToPay({ payBy }: Pick<OverdueFacts, 'payBy'>) {
  const updateUrl = useSiteUrl(UPDATE_PAYMENT_PATH);
  const reportUrl = useSiteUrl(REPORT_TRANSFER_PATH);
  return (
    <>
      {payBy === 'transfer' ? (
        <>
          <Paragraph>
            {PAY_BY_TRANSFER.send} <strong>{PAY_BY_TRANSFER.accountNumber}</strong>,{' '}
            {PAY_BY_TRANSFER.report} <TextLink href={reportUrl}>{PAY_BY_TRANSFER.link}</TextLink>.
          </Paragraph>
          <ActionButton href={reportUrl}>{REPORT_TRANSFER_LABEL}</ActionButton>
        </>
      ) : (
        <ActionButton href={updateUrl}>{UPDATE_PAYMENT_LABEL}</ActionButton>
      )}
      <Paragraph>
        Questions, or a hard month? Write to{' '}
        <TextLink href={site.email.href}>{site.email.display}</TextLink>. We answer within{' '}
        {site.followUpHours} hours.
      </Paragraph>
    </>
  );
}

/**
 * What every overdue e-mail names (decision 068): the missing installment ("2 of 3"), its
 * amount and the day access pauses. Each is absent from messages queued before they were
 * named; `pausesOn` also when access never pauses (OVERDUE_GRACE_DAYS=0).
 */
export interface OverdueFacts {
  name: string;
  planName: string;
  installment?: string;
  amount?: string;
  pausesOn?: string;
  /** Paid by bank transfer: no card to update (decision 074). */
  payBy?: 'transfer';
}

const REPORT_TRANSFER_LABEL = 'Report your transfer';

/** "Installment 2 of 3 ($150) for FrontEnd Bootcamp in 3 Installments". */
function theInstallment({ planName, installment, amount }: OverdueFacts): string {
  const which = installment ? `installment ${installment}` : 'installment';
  return `${which}${amount ? ` (${amount})` : ''} for ${planName}`;
}

const INSTALLMENT_FAILED_SUBJECT = 'Your installment payment did not go through';
const TRANSFER_INSTALLMENT_DUE_SUBJECT = 'Your installment is due';

export function installmentFailedSubject({ payBy }: OverdueFacts): string {
  return payBy === 'transfer' ? TRANSFER_INSTALLMENT_DUE_SUBJECT : INSTALLMENT_FAILED_SUBJECT;
}

/**
 * An installment failed (or, paid by transfer, its due day passed without one): the
 * enrolment is overdue, access stays until the pause day. Sent at once.
 */
export function InstallmentFailedEmail(facts: OverdueFacts) {
  const { name, planName, pausesOn, payBy } = facts;
  const byTransfer = payBy === 'transfer';
  return (
    <EmailLayout
      heading={byTransfer ? 'Your installment is due' : 'Your installment did not go through'}
      preview={
        byTransfer
          ? `The next installment for ${planName} is due.`
          : `The latest payment for ${planName} failed.`
      }
    >
      <Paragraph>
        Hi {name}, the {theInstallment(facts)}{' '}
        {byTransfer ? 'is due, and we have not received its transfer.' : 'could not be charged.'}{' '}
        {pausesOn
          ? `Your access to the course stays open until ${pausesOn}: if it is still unpaid then, your access pauses until it is paid.`
          : 'Your access to the course stays open.'}
      </Paragraph>
      {!byTransfer && (
        <Paragraph>
          Please update your card or pay the installment: it takes a minute, and nothing else
          changes.
        </Paragraph>
      )}
      <HowToPay payBy={payBy} />
    </EmailLayout>
  );
}

export interface InstallmentReminderProps extends OverdueFacts {
  /** Days since the installment failed: 3 or 7. */
  days: number;
}

export function overdueReminderSubject({ days }: InstallmentReminderProps): string {
  return days >= 7
    ? 'Reminder: your installment is a week overdue'
    : 'Reminder: your installment is still unpaid';
}

/** The reminders 3 and 7 days after the failure, until the payment arrives. */
export function InstallmentReminderEmail(props: InstallmentReminderProps) {
  const { name, planName, days, pausesOn } = props;
  return (
    <EmailLayout
      heading="Your installment is still unpaid"
      preview={`The installment for ${planName} has been unpaid for ${days} days.`}
    >
      <Paragraph>
        Hi {name}, the {theInstallment(props)} has been unpaid for {days} days.
        {pausesOn
          ? ` If it is still unpaid on ${pausesOn}, your access to the course pauses until it is paid.`
          : ''}
      </Paragraph>
      <HowToPay payBy={props.payBy} />
    </EmailLayout>
  );
}

export const ACCESS_PAUSED_SUBJECT = 'Your course access is paused';

/** The grace period ended unpaid: access paused until the installment is paid. */
export function AccessPausedEmail(facts: OverdueFacts) {
  const { name, planName, pausesOn } = facts;
  return (
    <EmailLayout
      heading="Your course access is paused"
      preview={`Access to ${planName} is paused until the installment is paid.`}
    >
      <Paragraph>
        Hi {name}, the {theInstallment(facts)} is still unpaid, so your access to the course is
        paused{pausesOn ? ` since ${pausesOn}` : ''}. Your progress is kept: pay the installment and
        everything opens again at once.
      </Paragraph>
      <HowToPay payBy={facts.payBy} />
    </EmailLayout>
  );
}

export const ACCESS_RESTORED_SUBJECT = 'Your course access is back';

/** The missed installment arrived (or an admin waived it): the course is open again. */
export function AccessRestoredEmail({
  name,
  planName,
  track,
}: {
  name: string;
  planName: string;
  track?: Track;
}) {
  return (
    <EmailLayout heading="Welcome back" preview={`Your access to ${planName} is back.`}>
      <Paragraph>
        Hi {name}, the missed installment for {planName} is settled and your access is back.
      </Paragraph>
      <CourseUnlocked track={track} />
    </EmailLayout>
  );
}
