/** Who makes a change of a cohort's staff: an admin (id and name, as the history shows them). */
export interface StaffChanger {
  id: string;
  name: string;
}

/** The words of the cohort page's Mentors section, for its page and its action. */
export const MENTOR_MESSAGES = {
  email: 'Enter the e-mail address of an existing account.',
  unknownEmail:
    'No account uses this e-mail address. The person signs in once, then you can make them a mentor.',
  severalAccounts:
    'Several accounts use this e-mail address, so it does not say whom to add. Nothing was changed.',
  alreadyMentor: 'This person is already a mentor of this cohort.',
  archivedCohort: 'This cohort is archived: bring it back before adding a mentor.',
  noCohort: 'There is no such cohort.',
  notMentor: 'This person is not a mentor of this cohort (any more).',
  added: (name: string, cohort: string) => `${name} is now a mentor of ${cohort}.`,
  removed: (name: string, cohort: string) => `${name} is no longer a mentor of ${cohort}.`,
} as const;
