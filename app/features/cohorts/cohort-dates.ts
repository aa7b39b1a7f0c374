/** "12 January 2027" from `2027-01-12`: how a cohort's start reads everywhere. */
export function formatCohortStart(day: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** The public pages' sentence, or '' when no cohort has a future start date. */
export function nextCohortSentence(startDate: string | null | undefined): string {
  return startDate ? `Next cohort starts ${formatCohortStart(startDate)}` : '';
}
