import type { ReactElement } from 'react';
import { z } from 'zod';
import { findProject } from '~/content/projects';
import { FEEDBACK_MAX } from '~/features/projects/project-forms';
import type { Mailbox } from '~/lib/mail-address';
import type { CalendarPart } from './mail-transport.server';
import {
  INSTALLMENT_FAILED_SUBJECT,
  InstallmentFailedEmail,
  installmentSubject,
  PaymentReceivedEmail,
} from './templates/payment-emails';
import { ACCESS_REMOVED_SUBJECT, AccessRemovedEmail } from './templates/access-email';
import { ACCOUNT_DELETED_SUBJECT, AccountDeletedEmail } from './templates/account-deleted-email';
import { CERTIFICATE_ISSUED_SUBJECT, CertificateIssuedEmail } from './templates/certificate-email';
import { CohortPlacedEmail, cohortPlacedSubject } from './templates/cohort-email';
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
  PROJECT_APPROVED_SUBJECT,
  PROJECT_CHANGES_SUBJECT,
  ProjectApprovedEmail,
  ProjectChangesRequestedEmail,
} from './templates/project-emails';
import { TEST_SUBJECT, TestEmail } from './templates/test-email';
import {
  TRANSFER_APPROVED_SUBJECT,
  TRANSFER_RECEIVED_SUBJECT,
  TRANSFER_REJECTED_SUBJECT,
  TransferApprovedEmail,
  TransferReceivedEmail,
  TransferRejectedEmail,
  TransferSubmittedEmail,
  transferSubmittedSubject,
} from './templates/transfer-emails';
import { WELCOME_SUBJECT, WelcomeEmail } from './templates/welcome-email';

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
   * names the sender and the recipient, which the payload does not hold.
   */
  calendar?: (payload: Payload, parties: EmailParties) => CalendarPart;
  /** Headers of the message beyond the usual ones (a one-click unsubscribe). */
  headers?: (payload: Payload, site: { origin: string }) => Record<string, string>;
}

function template<Payload>(definition: EmailTemplate<Payload>): EmailTemplate<Payload> {
  return definition;
}

/** The track a payment or transfer bought (issue 29); absent from older messages: FrontEnd. */
const trackField = z.enum(['frontend', 'fullstack']).optional();

const transferPayload = z.object({
  name: z.string().min(1).max(200),
  planName: z.string().min(1),
  amount: z.string().min(1),
  transferDate: z.string().min(1),
  track: trackField,
});

const projectReviewPayload = z.object({
  name: z.string().min(1).max(200),
  projectId: z.string().refine((id) => findProject(id) !== undefined),
  revision: z.number().int().min(1),
  reviewerName: z.string().min(1).max(200),
  feedback: z.string().max(FEEDBACK_MAX),
});

/** Every message the product sends. A later feature adds its own here. */
export const EMAIL_TEMPLATES = {
  welcome: template({
    payload: z.object({ name: z.string().min(1).max(200) }),
    subject: () => WELCOME_SUBJECT,
    render: (payload) => <WelcomeEmail {...payload} />,
  }),
  'payment-received': template({
    payload: z.object({
      name: z.string().min(1).max(200),
      planName: z.string().min(1),
      amount: z.string().min(1),
      installment: z.number().int().min(1),
      installments: z.number().int().min(1),
      // The order's id, as /success shows it; absent from messages queued before it was sent.
      reference: z.string().min(1).max(100).optional(),
      track: trackField,
    }),
    subject: installmentSubject,
    render: (payload) => <PaymentReceivedEmail {...payload} />,
  }),
  'installment-failed': template({
    payload: z.object({ name: z.string().min(1).max(200), planName: z.string().min(1) }),
    subject: () => INSTALLMENT_FAILED_SUBJECT,
    render: (payload) => <InstallmentFailedEmail {...payload} />,
  }),
  'transfer-received': template({
    payload: transferPayload,
    subject: () => TRANSFER_RECEIVED_SUBJECT,
    render: (payload) => <TransferReceivedEmail {...payload} />,
  }),
  'transfer-approved': template({
    payload: transferPayload,
    subject: () => TRANSFER_APPROVED_SUBJECT,
    render: (payload) => <TransferApprovedEmail {...payload} />,
  }),
  'transfer-rejected': template({
    payload: transferPayload.extend({ reason: z.string().min(1).max(1000) }),
    subject: () => TRANSFER_REJECTED_SUBJECT,
    render: (payload) => <TransferRejectedEmail {...payload} />,
  }),
  'transfer-submitted': template({
    payload: z.object({
      adminName: z.string().min(1).max(200),
      studentName: z.string().min(1).max(200),
      planName: z.string().min(1),
      amount: z.string().min(1),
      transferDate: z.string().min(1),
      transferId: z.string().min(1).max(100),
    }),
    subject: transferSubmittedSubject,
    render: (payload) => <TransferSubmittedEmail {...payload} />,
  }),
  'cohort-placed': template({
    payload: z.object({
      name: z.string().min(1).max(200),
      cohortName: z.string().min(1).max(200),
      startDate: z.string().min(1).nullable(),
      schedule: z.string().max(500),
    }),
    subject: cohortPlacedSubject,
    render: (payload) => <CohortPlacedEmail {...payload} />,
  }),
  invitation: template({
    payload: z.object({
      invitedBy: z.string().min(1).max(200),
      fullAccess: z.boolean(),
      cohortName: z.string().min(1).max(200).nullable(),
      track: trackField,
    }),
    subject: () => INVITATION_SUBJECT,
    render: (payload) => <InvitationEmail {...payload} />,
  }),
  'certificate-issued': template({
    payload: z.object({
      name: z.string().min(1).max(200),
      certificateId: z.string().min(1).max(64),
      courseName: z.string().min(1).max(200),
      cohortName: z.string().min(1).max(200).nullable(),
    }),
    subject: () => CERTIFICATE_ISSUED_SUBJECT,
    render: (payload) => <CertificateIssuedEmail {...payload} />,
  }),
  'access-removed': template({
    payload: z.object({
      name: z.string().min(1).max(200),
      planName: z.string().min(1).max(200),
      reason: z.string().min(1).max(1000),
    }),
    subject: () => ACCESS_REMOVED_SUBJECT,
    render: (payload) => <AccessRemovedEmail {...payload} />,
  }),
  'project-approved': template({
    payload: projectReviewPayload,
    subject: () => PROJECT_APPROVED_SUBJECT,
    render: (payload) => <ProjectApprovedEmail {...payload} />,
  }),
  'project-changes-requested': template({
    payload: projectReviewPayload.extend({ feedback: z.string().min(1).max(FEEDBACK_MAX) }),
    subject: () => PROJECT_CHANGES_SUBJECT,
    render: (payload) => <ProjectChangesRequestedEmail {...payload} />,
  }),
  'live-class-invitation': template({
    payload: invitationPayload,
    subject: invitationSubject,
    render: (payload) => <LiveClassInvitationEmail {...payload} />,
    calendar: classCalendarPart,
  }),
  'live-class-update': template({
    payload: liveClassPayload,
    subject: updateSubject,
    render: (payload) => <LiveClassUpdateEmail {...payload} />,
    calendar: classCalendarPart,
  }),
  'live-class-cancellation': template({
    payload: liveClassPayload,
    subject: cancellationSubject,
    render: (payload) => <LiveClassCancellationEmail {...payload} />,
    calendar: classCalendarPart,
  }),
  'live-class-reminder': template({
    payload: reminderPayload,
    subject: reminderSubject,
    render: (payload) => <LiveClassReminderEmail {...payload} />,
    headers: unsubscribeHeaders,
  }),
  // Issue 30: the confirmation of an account's deletion (its address is forgotten once sent).
  'account-deleted': template({
    payload: z.object({ deletedAt: z.string().min(1) }),
    subject: () => ACCOUNT_DELETED_SUBJECT,
    render: (payload) => <AccountDeletedEmail {...payload} />,
  }),
  test: template({
    payload: z.object({ sentAt: z.string() }),
    subject: () => TEST_SUBJECT,
    render: (payload) => <TestEmail {...payload} />,
  }),
};

export type TemplateName = keyof typeof EMAIL_TEMPLATES;
export type TemplatePayload<Name extends TemplateName> = z.infer<
  (typeof EMAIL_TEMPLATES)[Name]['payload']
>;

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(EMAIL_TEMPLATES, name);
}
