/** The cohort form's words, for its page and its action. */
export const COHORT_MESSAGES = {
  name: 'Enter a name of 2 to 60 characters.',
  startDate: 'Enter the start date as a date, or leave it empty.',
  schedule: 'Keep the schedule to 120 characters.',
  capacity: 'Enter the capacity as a whole number from 1 to 10,000, or leave it empty.',
  nameTaken: 'Another cohort has this name already.',
  notFound: 'No such cohort',
  saved: 'Cohort saved',
  archived: 'Cohort archived',
  restored: 'Cohort restored',
} as const;

/** The buttons of `/admin/cohorts`: Create or Save cohort, and Archive or Restore on a row. */
export const COHORT_INTENTS = { save: 'save', archive: 'archive', restore: 'restore' } as const;

/** The fields of the form that creates or edits a cohort. */
export type CohortField = 'name' | 'startDate' | 'schedule' | 'capacity';

/** The buttons of a cohort's Mentors section: Add mentor, and Remove on each mentor. */
export const MENTOR_INTENTS = { add: 'add-mentor', remove: 'remove-mentor' } as const;

/** The fields of the Mentors forms, which a refusal may name (the cohort says whose form). */
export type MentorField = 'email' | 'cohortId' | 'userId';
