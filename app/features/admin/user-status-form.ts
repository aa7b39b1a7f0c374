import { z } from '~/lib/zod';

/**
 * SPEC §5: what the access select offers. `admin` is never given here: an admin's own row
 * offers it only to keep it ("admin (unchanged)"), and the select starts at it (decision
 * 073), so their cohort changes alone and a demotion is only ever chosen on purpose.
 */
export const ACCESS_OPTIONS = [
  { value: 'none', label: 'none' },
  { value: 'level-1', label: 'Level 1 - FED' },
] as const;
export const KEEP_ADMIN_OPTION = { value: 'admin', label: 'admin (unchanged)' } as const;

/** A student's enrolment that money paid for and that still holds: the form warns of it. */
export interface PaidEnrolment {
  planName: string;
  /** When the last payment came in (the approval, for a bank transfer). */
  paidAt: string;
}

export const USER_STATUS_SAVED = 'User status changes successfully';

/** The Save changes button of Update User Status. */
export const USER_STATUS_INTENT = 'save-status';

/** The fields of Update User Status, which a refusal may name. */
export type UserStatusField = 'access' | 'cohort' | 'reason';

/**
 * The cohort is checked against the cohorts by the change itself (a cohort may be new). A
 * form without a button's intent (a script's) is this one, as it always was.
 */
export const userStatusFormSchema = z.object({
  intent: z.literal(USER_STATUS_INTENT).default(USER_STATUS_INTENT),
  access: z.enum(['none', 'level-1', 'admin'], {
    error: 'Choose an access level: none or Level 1 - FED.',
  }),
  cohort: z
    .string({ error: 'Choose a cohort.' })
    .min(1, 'Choose a cohort.')
    .max(60, 'Choose a cohort.'),
  /** Required by the change itself when it takes away access a student paid for. */
  reason: z
    .string()
    .trim()
    .max(1000, 'Keep the reason under 1000 characters.')
    .optional()
    .transform((reason) => reason || undefined),
});
