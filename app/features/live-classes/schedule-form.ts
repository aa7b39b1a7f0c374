import { z } from '~/lib/zod';
import { FORM_UNREADABLE } from '~/lib/form-fields';

/** The schedule page's forms (the `intent` field that `parseForm` reads). */
export const RESET_FEED = 'reset-feed';
export const SAVE_REMINDERS = 'save-reminders';

export const SCHEDULE_MESSAGES = {
  intent: FORM_UNREADABLE,
  feedReset: 'Your calendar link was reset: the old link no longer works.',
  remindersOn: 'You will get a reminder 24 hours and 1 hour before each class.',
  remindersOff: 'Class reminders are turned off.',
} as const;

export const scheduleFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal(RESET_FEED) }),
    // An unticked checkbox is not sent at all.
    z.object({ intent: z.literal(SAVE_REMINDERS), reminders: z.literal('on').optional() }),
  ],
  { error: SCHEDULE_MESSAGES.intent },
);
