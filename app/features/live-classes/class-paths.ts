/** The staff pages of the live classes (client-safe): links and redirects name them here. */

/** A class's page: its details, recording and attendance. */
export function classPagePath(sessionId: string): string {
  return `/mentor/live/${encodeURIComponent(sessionId)}`;
}

/** A cohort's classes: its schedule and the form to add one. */
export function cohortClassesPath(cohortId: string): string {
  return `/mentor/classes/${encodeURIComponent(cohortId)}`;
}
