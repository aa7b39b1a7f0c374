/** The cohort form's words, for its page and its action. */
export const COHORT_MESSAGES = {
  name: 'Enter a name of 2 to 60 characters.',
  startDate: 'Enter the start date as a date, or leave it empty.',
  schedule: 'Keep the schedule to 120 characters.',
  capacity: 'Enter the capacity as a whole number from 1 to 10,000, or leave it empty.',
  nameTaken: 'Another cohort has this name already.',
  notFound: 'No such cohort',
  unreadable: 'The form could not be read. Reload the page and try again.',
  saved: 'Cohort saved',
  archived: 'Cohort archived',
  restored: 'Cohort restored',
} as const;

export interface CohortFormResult {
  error?: string;
}
