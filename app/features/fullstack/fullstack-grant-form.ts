import { z } from '~/lib/zod';
import { plainText } from '~/lib/form-fields';

/** The user page's Grant the FullStack track button. */
export const GRANT_FULLSTACK_INTENT = 'grant-fullstack';

export const FULLSTACK_GRANT_MESSAGES = {
  reason: 'Say why this person gets the FullStack track (3 to 500 characters).',
  granted: 'The FullStack track is open to them now.',
  already: 'They already have the FullStack track.',
} as const;

export const grantFullstackFormSchema = z.object({
  intent: z.literal(GRANT_FULLSTACK_INTENT),
  reason: plainText(500, {
    tooLong: FULLSTACK_GRANT_MESSAGES.reason,
    invalid: FULLSTACK_GRANT_MESSAGES.reason,
  }).pipe(z.string().min(3, FULLSTACK_GRANT_MESSAGES.reason)),
});

/** Where a person stands on the FullStack track, for their admin page. */
export type FullstackTrack =
  { open: false } | { open: true; source: string; grantedByName: string | null; since: string };
