import { z } from '~/lib/zod';
import { FORM_UNREADABLE } from '~/lib/form-fields';
import { FULLSTACK_NUMBERED_STEPS } from '~/content/fullstack-steps';
import { projectsOfTrack } from '~/content/projects';
import type { Track } from '~/db/schema';
import { TRACK_NAMES } from '~/features/enrolment/tracks';
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
  trackNotHeld:
    'This student is not enrolled in the FullStack track: issue the FrontEnd certificate, or grant the FullStack track first. Nothing was changed.',
} as const;

/** The tracks a certificate can be of, in the form's order: FrontEnd, the default, first. */
export const CERTIFICATE_TRACKS = ['frontend', 'fullstack'] as const satisfies readonly Track[];

/**
 * What a track's certificate takes (decision 070): its own numbered steps and its own
 * projects. The FullStack track's are the `/fsd` steps and the FullStack projects, so
 * FrontEnd progress counts for nothing towards it.
 */
export function certificateRequirements(track: Track): { steps: number; projects: number } {
  const steps = track === 'fullstack' ? FULLSTACK_NUMBERED_STEPS : NUMBERED_STEPS;
  return { steps: steps.length, projects: projectsOfTrack(track).length };
}

/** How far a student is in one track: its numbered steps completed, its projects approved. */
export interface CourseProgress {
  track: Track;
  stepsDone: number;
  projectsApproved: number;
}

/**
 * The one rule of a certificate's note: it is required until every numbered step of the
 * certificate's track is complete and every project of it approved (the form says so, the
 * issuing refuses without).
 */
export function certificateNeedsNote({
  track,
  stepsDone,
  projectsApproved,
}: CourseProgress): boolean {
  const required = certificateRequirements(track);
  return stepsDone < required.steps || projectsApproved < required.projects;
}

/**
 * The refusal of an early certificate without a note, naming the track and only what is
 * missing of it: a student with all 8 steps complete was once told they had not completed them.
 */
export function noteRequiredMessage({
  track,
  stepsDone,
  projectsApproved,
}: CourseProgress): string {
  const required = certificateRequirements(track);
  const name = TRACK_NAMES[track];
  const missing: string[] = [];
  if (stepsDone < required.steps) {
    missing.push(`completed ${stepsDone} of ${required.steps} ${name} steps`);
  }
  if (projectsApproved < required.projects) {
    missing.push(`had ${projectsApproved} of ${required.projects} ${name} projects approved`);
  }
  return `A note is required: this student has only ${missing.join(' and ')}. Say why the ${name} certificate is issued now.`;
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
  /** A form without the field (one opened before it existed) means FrontEnd, the default. */
  track: z
    .enum(CERTIFICATE_TRACKS, { error: CERTIFICATE_MESSAGES.unknownForm })
    .default('frontend'),
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
export type CertificateField = 'track' | 'name' | 'note' | 'certificateId' | 'reason';
