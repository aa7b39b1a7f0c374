import { z } from '~/lib/zod';
import { FORM_UNREADABLE } from '~/lib/form-fields';
import { FRONTEND_PROJECT_COUNT } from '~/content/projects';
import { NUMBERED_STEPS } from '~/features/progress/progress';

/** The admin's buttons on a user's page: shared by the page and its action. */
export const ISSUE_CERTIFICATE_INTENT = 'issue-certificate';
export const REVOKE_CERTIFICATE_INTENT = 'revoke-certificate';

export const CERTIFICATE_NAME_MAX = 120;
export const CERTIFICATE_TEXT_MAX = 1000;

export const CERTIFICATE_MESSAGES = {
  name: `Write the name as it should appear on the certificate (1 to ${CERTIFICATE_NAME_MAX} characters).`,
  noteTooLong: `The note can be at most ${CERTIFICATE_TEXT_MAX} characters.`,
  reason: `Give a reason for revoking the certificate (3 to ${CERTIFICATE_TEXT_MAX} characters).`,
  alreadyValid:
    'This student already has a valid certificate. Revoke it first to issue a new one. Nothing was changed.',
  alreadyRevoked: 'This certificate was already revoked. Nothing was changed.',
  notFound: 'Certificate not found.',
  userNotFound: 'Document not found',
  unknownForm: FORM_UNREADABLE,
  issued: 'Certificate issued. The student will get an e-mail with its link.',
  issuedNoEmail: 'Certificate issued. This account has no valid e-mail address: share the link.',
  revoked: 'Certificate revoked. Its page now says Revoked.',
  listed: 'Search engines may now list your certificate.',
  unlisted: 'Your certificate is no longer offered to search engines.',
  notOwner: 'Only the student who holds this certificate can change this.',
  listingRevoked: 'This certificate was revoked; its page is never listed.',
} as const;

/** How far a student is: numbered steps completed, projects approved. */
export interface CourseProgress {
  stepsDone: number;
  projectsApproved: number;
}

/**
 * The one rule of a certificate's note: it is required until every numbered step is
 * complete and every project approved (the form says so, the issuing refuses without).
 */
export function certificateNeedsNote({ stepsDone, projectsApproved }: CourseProgress): boolean {
  return stepsDone < NUMBERED_STEPS.length || projectsApproved < FRONTEND_PROJECT_COUNT;
}

/**
 * The refusal of an early certificate without a note, naming only what is missing: a student
 * with all 8 steps complete was once told they had not completed them.
 */
export function noteRequiredMessage({ stepsDone, projectsApproved }: CourseProgress): string {
  const missing: string[] = [];
  if (stepsDone < NUMBERED_STEPS.length) {
    missing.push(`completed ${stepsDone} of ${NUMBERED_STEPS.length} steps`);
  }
  if (projectsApproved < FRONTEND_PROJECT_COUNT) {
    missing.push(`had ${projectsApproved} of ${FRONTEND_PROJECT_COUNT} projects approved`);
  }
  return `A note is required: this student has only ${missing.join(' and ')}. Say why the certificate is issued now.`;
}

/** Letters, marks and punctuation, but no control characters (a name is printed as it is). */
// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export const certificateNameSchema = z
  .string()
  .trim()
  .min(1, CERTIFICATE_MESSAGES.name)
  .max(CERTIFICATE_NAME_MAX, CERTIFICATE_MESSAGES.name)
  .refine((name) => !CONTROL_CHARACTERS.test(name), CERTIFICATE_MESSAGES.name);

export const issueCertificateFormSchema = z.object({
  intent: z.literal(ISSUE_CERTIFICATE_INTENT),
  name: certificateNameSchema,
  /** Empty means none; whether one is required depends on the student's progress. */
  note: z.string().trim().max(CERTIFICATE_TEXT_MAX, CERTIFICATE_MESSAGES.noteTooLong).default(''),
});

export const revokeCertificateFormSchema = z.object({
  intent: z.literal(REVOKE_CERTIFICATE_INTENT),
  certificateId: z
    .string({ error: CERTIFICATE_MESSAGES.unknownForm })
    .min(1, CERTIFICATE_MESSAGES.unknownForm)
    .max(64, CERTIFICATE_MESSAGES.unknownForm),
  reason: z
    .string()
    .trim()
    .min(3, CERTIFICATE_MESSAGES.reason)
    .max(CERTIFICATE_TEXT_MAX, CERTIFICATE_MESSAGES.reason),
});

/** The fields of Issue certificate and Revoke, which a refusal may name. */
export type CertificateField = 'name' | 'note' | 'certificateId' | 'reason';
