import { formatDayUtc } from '~/lib/format';

/** "12 January 2027" from `2027-01-12`: how a cohort's start reads everywhere. */
export function formatCohortStart(day: string): string {
  return formatDayUtc(day, 'long');
}

/** The public pages' sentence, or '' when no cohort has a future start date. */
export function nextCohortSentence(startDate: string | null | undefined): string {
  return startDate ? `Next cohort starts ${formatCohortStart(startDate)}` : '';
}
