import { z } from '~/lib/zod';
import { FORM_UNREADABLE, httpsLink, plainText } from '~/lib/form-fields';

/**
 * The buttons of the submit form and of the review page (the `intent` field that
 * `parseForm` reads), shared by the pages and their actions.
 */
export const SUBMIT = 'submit-project';
export const APPROVE = 'approve';
export const REQUEST_CHANGES = 'request-changes';

export const NOTE_MAX = 2000;
export const FEEDBACK_MAX = 5000;

export const PROJECT_MESSAGES = {
  repositoryUrl:
    'Enter the link to your repository, starting with https:// (for example https://github.com/you/project).',
  liveUrl: 'Enter the link to your live site starting with https://, or leave it empty.',
  noteTooLong: `The note to your mentor can be at most ${NOTE_MAX.toLocaleString('en-US')} characters.`,
  project: 'There is no such project.',
  intent: FORM_UNREADABLE,
  feedbackRequired: 'Write your feedback: the student needs to know what to change.',
  feedbackTooLong: `Feedback can be at most ${FEEDBACK_MAX.toLocaleString('en-US')} characters.`,
  waiting: 'Your project is waiting for review; you can send a new version once it is reviewed',
  approvedAlready: 'This project is approved already: there is no new version to send.',
  stepClosed: 'This project belongs to a step you cannot open yet.',
  notFound: 'No such submission.',
  forbidden: 'You can review the projects of the students of your cohorts only.',
  alreadyReviewed: (name: string) => `Already reviewed by ${name}`,
  submitted: (revision: number) => `Project sent for review (revision ${revision}).`,
  approved: 'Project approved. The student has been e-mailed.',
  changesRequested: 'Changes requested. The student has been e-mailed your feedback.',
} as const;

/** The step page's Submit your project form. */
export const submitProjectSchema = z.object({
  intent: z.literal(SUBMIT, { error: PROJECT_MESSAGES.intent }),
  projectId: z
    .string({ error: PROJECT_MESSAGES.project })
    .min(1, PROJECT_MESSAGES.project)
    .max(100),
  repositoryUrl: httpsLink(PROJECT_MESSAGES.repositoryUrl).pipe(z.string()),
  liveUrl: httpsLink(PROJECT_MESSAGES.liveUrl, { optional: true }),
  note: plainText(NOTE_MAX, {
    tooLong: PROJECT_MESSAGES.noteTooLong,
    invalid: PROJECT_MESSAGES.intent,
  }),
});

const feedback = plainText(FEEDBACK_MAX, {
  tooLong: PROJECT_MESSAGES.feedbackTooLong,
  invalid: PROJECT_MESSAGES.intent,
});

/** The review page's two buttons: Approve (feedback optional), Request changes (required). */
export const reviewProjectSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal(APPROVE), feedback }),
    z.object({
      intent: z.literal(REQUEST_CHANGES),
      feedback: feedback.pipe(z.string().min(1, PROJECT_MESSAGES.feedbackRequired)),
    }),
  ],
  { error: PROJECT_MESSAGES.intent },
);

export type SubmitProjectForm = z.output<typeof submitProjectSchema>;
export type ReviewProjectForm = z.output<typeof reviewProjectSchema>;
