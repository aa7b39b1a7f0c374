import { z } from 'zod';

/**
 * The buttons of the submit form and of the review page (the `intent` field that
 * `parseForm` reads), shared by the pages and their actions.
 */
export const SUBMIT = 'submit-project';
export const APPROVE = 'approve';
export const REQUEST_CHANGES = 'request-changes';

export const LINK_MAX = 2000;
export const NOTE_MAX = 2000;
export const FEEDBACK_MAX = 5000;

export const PROJECT_MESSAGES = {
  repositoryUrl:
    'Enter the link to your repository, starting with https:// (for example https://github.com/you/project).',
  liveUrl: 'Enter the link to your live site starting with https://, or leave it empty.',
  linkTooLong: `A link can be at most ${LINK_MAX.toLocaleString('en-US')} characters.`,
  linkCredentials:
    'Remove the name and password from the link: send a link anyone you share it with can open.',
  noteTooLong: `The note to your mentor can be at most ${NOTE_MAX.toLocaleString('en-US')} characters.`,
  project: 'There is no such project.',
  intent: 'The form was not understood. Reload the page and try again.',
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

/**
 * An optional text field: a missing field and an empty one are the same (a form sends
 * `''` for an empty input, a tampered one may send nothing at all).
 */
const text = (message: string = PROJECT_MESSAGES.intent) =>
  z.string({ error: message }).optional().default('');

/**
 * Control characters a person does not type (PostgreSQL refuses NUL in text): a note and
 * feedback keep tabs and line breaks, a link has none.
 */
// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const TYPED_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f]/;

/** Plain text up to `max` characters, its line breaks kept. */
const plainText = (max: number, message: string) =>
  text().pipe(z.string().trim().max(max, message).regex(TYPED_TEXT, PROJECT_MESSAGES.intent));

/**
 * A link a student shares: `https://`, within the limit, without a name or password in it.
 * An optional one may be left empty (then null).
 */
function httpsLink(message: string, { optional = false } = {}) {
  return text(message).pipe(
    z
      .string()
      .trim()
      .max(LINK_MAX, PROJECT_MESSAGES.linkTooLong)
      .superRefine((value, context) => {
        if (optional && value === '') return;
        const url = URL.canParse(value) ? new URL(value) : undefined;
        if (!url || url.protocol !== 'https:' || !url.hostname || CONTROL_OR_SPACE.test(value)) {
          context.addIssue({ code: 'custom', message });
        } else if (url.username || url.password) {
          context.addIssue({ code: 'custom', message: PROJECT_MESSAGES.linkCredentials });
        }
      })
      .transform((value) => value || null),
  );
}

/** The step page's Submit your project form. */
export const submitProjectSchema = z.object({
  intent: z.literal(SUBMIT, { error: PROJECT_MESSAGES.intent }),
  projectId: z
    .string({ error: PROJECT_MESSAGES.project })
    .min(1, PROJECT_MESSAGES.project)
    .max(100),
  repositoryUrl: httpsLink(PROJECT_MESSAGES.repositoryUrl).pipe(z.string()),
  liveUrl: httpsLink(PROJECT_MESSAGES.liveUrl, { optional: true }),
  note: plainText(NOTE_MAX, PROJECT_MESSAGES.noteTooLong),
});

const feedback = plainText(FEEDBACK_MAX, PROJECT_MESSAGES.feedbackTooLong);

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
