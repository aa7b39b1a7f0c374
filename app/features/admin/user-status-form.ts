import { z } from 'zod';

/** SPEC §5: what the access select may send (admin is never assignable here). */
export const ASSIGNABLE_ACCESS = ['none', 'level-1'] as const;
export const ASSIGNABLE_COHORTS = ['none', 'cohort-1'] as const;

export const ACCESS_OPTIONS = [
  { value: 'none', label: 'none' },
  { value: 'level-1', label: 'Level 1 - FED' },
] as const;

export const COHORT_OPTIONS = [
  { value: 'none', label: 'none' },
  { value: 'cohort-1', label: 'Cohort 1' },
] as const;

export const USER_STATUS_SAVED = 'User status changes successfully';

export const userStatusFormSchema = z.object({
  access: z.enum(ASSIGNABLE_ACCESS, { error: 'Choose an access level: none or Level 1 - FED.' }),
  cohort: z.enum(ASSIGNABLE_COHORTS, { error: 'Choose a cohort: none or Cohort 1.' }),
});
