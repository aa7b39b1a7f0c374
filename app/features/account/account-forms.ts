import { z } from '~/lib/zod';
import { REVIEW_EMAILS } from '~/db/schema';
import { FORM_UNREADABLE, formText } from '~/lib/form-fields';

/** The account page's forms, told apart by their `intent` (what `parseForm` reads). */
export const ACCOUNT_INTENTS = {
  rename: 'rename',
  signOutDevice: 'sign-out-device',
  emailPreferences: 'email-preferences',
  reviewEmails: 'review-emails',
} as const;

/**
 * "Sign out of all devices" asks first: a link opens the question (`?sign-out-all=confirm`,
 * so it works without JavaScript), whose form goes to `/auth/logout` with `scope=all`.
 */
export const SIGN_OUT_ALL = { query: 'sign-out-all', intent: 'sign-out-all' } as const;

export const NAME_MAX = 80;

export const ACCOUNT_MESSAGES = {
  nameEmpty: 'Enter your name.',
  nameTooLong: `Your name can be at most ${NAME_MAX} characters.`,
  nameInvalid: 'Your name cannot contain line breaks or other control characters.',
  nameSaved: 'Your name is saved.',
  device: 'That device is not signed in any more.',
  deviceSignedOut: 'That device is signed out.',
  emailsOn: 'Reminders and other optional e-mails are on.',
  emailsOff: 'Reminders and other optional e-mails are off.',
  reviewEach: 'You get one e-mail for each project handed in for review.',
  reviewDaily: 'You get one summary a day of the projects handed in for review.',
  intent: FORM_UNREADABLE,
} as const;

// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const ONE_LINE = /^[^\u0000-\u001f\u007f-\u009f]*$/;

export const accountFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({
      intent: z.literal(ACCOUNT_INTENTS.rename),
      name: formText(ACCOUNT_MESSAGES.nameEmpty).pipe(
        z
          .string()
          .trim()
          .min(1, ACCOUNT_MESSAGES.nameEmpty)
          .max(NAME_MAX, ACCOUNT_MESSAGES.nameTooLong)
          .regex(ONE_LINE, ACCOUNT_MESSAGES.nameInvalid),
      ),
    }),
    z.object({
      intent: z.literal(ACCOUNT_INTENTS.signOutDevice),
      device: z
        .string({ error: ACCOUNT_MESSAGES.device })
        .regex(/^[\w-]{22}$/, ACCOUNT_MESSAGES.device),
    }),
    z.object({
      intent: z.literal(ACCOUNT_INTENTS.emailPreferences),
      optionalEmails: z.literal('on').optional(),
    }),
    z.object({
      intent: z.literal(ACCOUNT_INTENTS.reviewEmails),
      reviewEmails: z.enum(REVIEW_EMAILS, { error: FORM_UNREADABLE }),
    }),
  ],
  { error: ACCOUNT_MESSAGES.intent },
);
