import type { ReactElement } from 'react';
import { z } from '~/lib/zod';
import { findProject } from '~/content/projects';
import { FEEDBACK_MAX } from '~/features/projects/project-forms';
import type { Mailbox } from '~/lib/mail-address';
import type { CalendarPart } from './mail-transport.server';
import { installmentSubject, PaymentReceivedEmail } from './templates/payment-emails';
import {
  ACCESS_PAUSED_SUBJECT,
  ACCESS_RESTORED_SUBJECT,
  AccessPausedEmail,
  AccessRestoredEmail,
  installmentFailedSubject,
  InstallmentFailedEmail,
  InstallmentReminderEmail,
  overdueReminderSubject,
} from './templates/overdue-emails';
import { ACCESS_REMOVED_SUBJECT, AccessRemovedEmail } from './templates/access-email';
import { ACCOUNT_DELETED_SUBJECT, AccountDeletedEmail } from './templates/account-deleted-email';
import { CERTIFICATE_ISSUED_SUBJECT, CertificateIssuedEmail } from './templates/certificate-email';
import {
  cohortCalendarPart,
  CohortPlacedEmail,
  cohortPlacedPayload,
  cohortPlacedSubject,
} from './templates/cohort-email';
import { INVITATION_SUBJECT, InvitationEmail } from './templates/invitation-email';
import {
  cancellationSubject,
  classCalendarPart,
  invitationPayload,
  invitationSubject,
  LiveClassCancellationEmail,
  LiveClassInvitationEmail,
  liveClassPayload,
  LiveClassReminderEmail,
  LiveClassUpdateEmail,
  reminderPayload,
  reminderSubject,
  unsubscribeHeaders,
  updateSubject,
} from './templates/live-class-emails';
import {
  MentorAddedEmail,
  mentorAddedSubject,
  ProjectSubmittedEmail,
  projectSubmittedSubject,
  ReviewDigestEmail,
  reviewDigestSubject,
} from './templates/mentor-emails';
import {
  PROJECT_APPROVED_SUBJECT,
  PROJECT_CHANGES_SUBJECT,
  ProjectApprovedEmail,
  ProjectChangesRequestedEmail,
} from './templates/project-emails';
import { TEST_SUBJECT, TestEmail } from './templates/test-email';
import {
  transferApprovedSubject,
  TRANSFER_RECEIVED_SUBJECT,
  TRANSFER_REJECTED_SUBJECT,
  TransferApprovedEmail,
  TransferReceivedEmail,
  TransferRejectedEmail,
  TransferSubmittedEmail,
  transferSubmittedSubject,
} from './templates/transfer-emails';
import { WELCOME_SUBJECT, WelcomeEmail } from './templates/welcome-email';
import { SCHOLARSHIP_SUBJECT, ScholarshipEmail } from './templates/scholarship-email';

/** Who a message is from and to, and the site its links start with. */
export interface EmailParties {
  origin: string;
  from: Mailbox;
  to: Mailbox;
}

interface EmailTemplate<Payload> {
  /** Checked again when the message is sent: a row is data, and data can be wrong. */
  payload: z.ZodType<Payload>;
  subject: (payload: Payload) => string;
  render: (payload: Payload) => ReactElement;
  /**
   * A calendar invitation or cancellation the message carries, made when it is sent: it
   * names the sender and the recipient, which the payload does not hold. None when the
   * message has no calendar to carry.
   */
  calendar?: (payload: Payload, parties: EmailParties) => CalendarPart | undefined;
  /** Headers of the message beyond the usual ones (a one-click unsubscribe). */
  headers?: (payload: Payload, site: { origin: string }) => Record<string, string>;
  /**
   * The payload's field that names another person than the recipient (the message's
   * `about`): their deletion replaces it, and the subject made from it (decision 064).
   */
  about?: keyof Payload & string;
}

/**
 * One entry of the registry: its payload's schema, its subject (the same for every message,
 * or made from the payload) and the component of its body; a calendar part or headers when
 * it carries them.
 */
function template<Payload extends object>(
  payload: z.ZodType<Payload>,
  subject: string | ((payload: Payload) => string),
  Body: (payload: Payload) => ReactElement,
  extras: Pick<EmailTemplate<Payload>, 'calendar' | 'headers' | 'about'> = {},
): EmailTemplate<Payload> {
  return {
    payload,
    subject: typeof subject === 'string' ? () => subject : subject,
    render: (fields) => <Body {...fields} />,
    ...extras,
  };
}

/** A person's, a cohort's or a course's name in a payload. */
const nameField = z.string().min(1).max(200);
/** A value the sender already wrote out for reading: a plan's name, an amount, a date. */
const shownField = z.string().min(1);

/**
 * An overdue e-mail's installment ("2 of 3"), amount and pause day (decision 068): absent
 * from messages queued before they were named.
 */
const overdueFacts = {
  installment: shownField.optional(),
  amount: shownField.optional(),
  pausesOn: shownField.optional(),
  // A transfer payer pays with the bank's details (decision 074); absent: Update your payment.
  payBy: z.literal('transfer').optional(),
};

/** The track a payment or transfer bought (decision 047); absent from older messages: FrontEnd. */
const trackField = z.enum(['frontend', 'fullstack']).optional();

/** A receipt's number; absent from messages queued before receipts. */
const receiptNumberField = z.number().int().min(1).optional();

const transferPayload = z.object({
  name: nameField,
  planName: shownField,
  amount: shownField,
  transferDate: shownField,
  track: trackField,
});

const projectReviewPayload = z.object({
  name: nameField,
  projectId: z.string().refine((id) => findProject(id) !== undefined),
  revision: z.number().int().min(1),
  reviewerName: nameField,
  feedback: z.string().max(FEEDBACK_MAX),
});

/** Every message the product sends. A later feature adds its own here. */
export const EMAIL_TEMPLATES = {
  welcome: template(z.object({ name: nameField }), WELCOME_SUBJECT, WelcomeEmail),
  'payment-received': template(
    z.object({
      name: nameField,
      planName: shownField,
      amount: shownField,
      installment: z.number().int().min(1),
      installments: z.number().int().min(1),
      // The order's id, as /success shows it; absent from messages queued before it was sent.
      reference: z.string().min(1).max(100).optional(),
      track: trackField,
      // The payment's receipt; absent from messages queued before receipts.
      paymentId: z.string().min(1).max(100).optional(),
      receiptNumber: receiptNumberField,
    }),
    installmentSubject,
    PaymentReceivedEmail,
  ),
  'installment-failed': template(
    z.object({ name: nameField, planName: shownField, ...overdueFacts }),
    installmentFailedSubject,
    InstallmentFailedEmail,
  ),
  'installment-reminder': template(
    z.object({
      name: nameField,
      planName: shownField,
      days: z.number().int().min(1),
      ...overdueFacts,
    }),
    overdueReminderSubject,
    InstallmentReminderEmail,
  ),
  'access-paused': template(
    z.object({ name: nameField, planName: shownField, ...overdueFacts }),
    ACCESS_PAUSED_SUBJECT,
    AccessPausedEmail,
  ),
  'access-restored': template(
    z.object({ name: nameField, planName: shownField, track: trackField }),
    ACCESS_RESTORED_SUBJECT,
    AccessRestoredEmail,
  ),
  'transfer-received': template(transferPayload, TRANSFER_RECEIVED_SUBJECT, TransferReceivedEmail),
  'transfer-approved': template(
    transferPayload.extend({
      transferId: z.string().min(1).max(100).optional(),
      receiptNumber: receiptNumberField,
      // Which installment it paid (decision 074); absent from messages queued before.
      installment: z.number().int().min(1).optional(),
      installments: z.number().int().min(1).optional(),
    }),
    transferApprovedSubject,
    TransferApprovedEmail,
  ),
  'transfer-rejected': template(
    transferPayload.extend({ reason: z.string().min(1).max(1000) }),
    TRANSFER_REJECTED_SUBJECT,
    TransferRejectedEmail,
  ),
  'transfer-submitted': template(
    z.object({
      adminName: nameField,
      studentName: nameField,
      planName: shownField,
      amount: shownField,
      transferDate: shownField,
      transferId: z.string().min(1).max(100),
    }),
    transferSubmittedSubject,
    TransferSubmittedEmail,
    { about: 'studentName' },
  ),
  'cohort-placed': template(cohortPlacedPayload, cohortPlacedSubject, CohortPlacedEmail, {
    calendar: cohortCalendarPart,
  }),
  invitation: template(
    z.object({
      invitedBy: nameField,
      fullAccess: z.boolean(),
      cohortName: nameField.nullable(),
      track: trackField,
    }),
    INVITATION_SUBJECT,
    InvitationEmail,
    { about: 'invitedBy' },
  ),
  'certificate-issued': template(
    z.object({
      name: nameField,
      certificateId: z.string().min(1).max(64),
      courseName: nameField,
      cohortName: nameField.nullable(),
    }),
    CERTIFICATE_ISSUED_SUBJECT,
    CertificateIssuedEmail,
  ),
  'access-removed': template(
    z.object({
      name: nameField,
      planName: nameField,
      reason: z.string().min(1).max(1000),
      track: trackField,
    }),
    ACCESS_REMOVED_SUBJECT,
    AccessRemovedEmail,
  ),
  'project-approved': template(
    projectReviewPayload,
    PROJECT_APPROVED_SUBJECT,
    ProjectApprovedEmail,
    { about: 'reviewerName' },
  ),
  'project-changes-requested': template(
    projectReviewPayload.extend({ feedback: z.string().min(1).max(FEEDBACK_MAX) }),
    PROJECT_CHANGES_SUBJECT,
    ProjectChangesRequestedEmail,
    { about: 'reviewerName' },
  ),
  // Decision 071: a mentor is told they are one, and of each project handed in for review.
  'mentor-added': template(
    z.object({ name: nameField, cohortName: nameField, addedBy: nameField }),
    mentorAddedSubject,
    MentorAddedEmail,
    { about: 'addedBy' },
  ),
  'project-submitted': template(
    z.object({
      name: nameField,
      studentName: nameField,
      projectId: z.string().refine((id) => findProject(id) !== undefined),
      revision: z.number().int().min(1),
      submissionId: z.string().min(1).max(100),
    }),
    projectSubmittedSubject,
    ProjectSubmittedEmail,
    { about: 'studentName' },
  ),
  'review-digest': template(
    z.object({
      name: nameField,
      day: z.iso.date(),
      projects: z
        .array(
          z.object({
            submissionId: z.string().min(1).max(100),
            projectId: z.string().refine((id) => findProject(id) !== undefined),
            revision: z.number().int().min(1),
          }),
        )
        .min(1),
    }),
    reviewDigestSubject,
    ReviewDigestEmail,
  ),
  'live-class-invitation': template(
    invitationPayload,
    invitationSubject,
    LiveClassInvitationEmail,
    { calendar: classCalendarPart },
  ),
  'live-class-update': template(liveClassPayload, updateSubject, LiveClassUpdateEmail, {
    calendar: classCalendarPart,
  }),
  'live-class-cancellation': template(
    liveClassPayload,
    cancellationSubject,
    LiveClassCancellationEmail,
    { calendar: classCalendarPart },
  ),
  'live-class-reminder': template(reminderPayload, reminderSubject, LiveClassReminderEmail, {
    headers: unsubscribeHeaders,
  }),
  // The confirmation of an account's deletion (its address is forgotten once sent).
  'account-deleted': template(
    z.object({ deletedAt: z.string().min(1) }),
    ACCOUNT_DELETED_SUBJECT,
    AccountDeletedEmail,
  ),
  test: template(z.object({ sentAt: z.string() }), TEST_SUBJECT, TestEmail),
  // A 100 % code enrolled its student without a payment.
  'scholarship-granted': template(
    z.object({
      name: nameField,
      planName: shownField,
      code: z.string().min(1).max(32),
      track: trackField,
    }),
    SCHOLARSHIP_SUBJECT,
    ScholarshipEmail,
  ),
};

export type TemplateName = keyof typeof EMAIL_TEMPLATES;
export type TemplatePayload<Name extends TemplateName> = z.infer<
  (typeof EMAIL_TEMPLATES)[Name]['payload']
>;

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(EMAIL_TEMPLATES, name);
}
