import { z } from '~/lib/zod';
import { plainText } from '~/lib/form-fields';

/** The user page's Grant the FullStack track button. */
export const GRANT_FULLSTACK_INTENT = 'grant-fullstack';
/** The user page's Revoke the FullStack grant button (decision 063). */
export const REVOKE_FULLSTACK_INTENT = 'revoke-fullstack';
/** The query that opens the revocation's question on the user page (it works without scripts). */
export const REVOKE_FULLSTACK_QUERY = 'revoke-fullstack';

export const FULLSTACK_GRANT_MESSAGES = {
  reason: 'Say why this person gets the FullStack track (3 to 500 characters).',
  granted: 'The FullStack track is open to them now.',
  already: 'They already have the FullStack track.',
  revokeReason: 'Say why the FullStack track is revoked (3 to 500 characters).',
  revoked: 'The FullStack track is closed to them now, and they are told by e-mail.',
  notGranted: 'They hold no FullStack grant to revoke.',
} as const;

/** An admin's reason for a grant or its revocation: 3 to 500 characters, kept in the history. */
const reasonField = (message: string) =>
  plainText(500, { tooLong: message, invalid: message }).pipe(z.string().min(3, message));

export const grantFullstackFormSchema = z.object({
  intent: z.literal(GRANT_FULLSTACK_INTENT),
  reason: reasonField(FULLSTACK_GRANT_MESSAGES.reason),
});

export const revokeFullstackFormSchema = z.object({
  intent: z.literal(REVOKE_FULLSTACK_INTENT),
  reason: reasonField(FULLSTACK_GRANT_MESSAGES.revokeReason),
});

/** Where a person stands on the FullStack track, for their admin page. */
export type FullstackTrack =
  { open: false } | { open: true; source: string; grantedByName: string | null; since: string };
