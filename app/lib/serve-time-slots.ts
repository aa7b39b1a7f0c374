/**
 * Prerendered pages are built once but must carry values that belong to where and when
 * they are served: the deployment's public origin, the current year, and the sentence
 * announcing the next cohort (admins create cohorts at any time). At build time the
 * page is rendered with these unique tokens; the server swaps every occurrence (markup and
 * serialised loader data alike, so hydration sees the same text) once when it starts and
 * again when the year changes. The nonce slot is removed instead: a prerendered page's
 * inline scripts are allowed by their hashes (decision 012).
 */
export const SERVE_TIME_SLOTS = {
  nonce: 'prerender0nonce0slot',
  origin: 'http://prerender-origin-slot.invalid',
  year: 'prerender-year-slot',
  nextCohort: 'prerender-next-cohort-slot',
} as const;

export interface ServeTimeValues {
  origin: string;
  year: string;
  /** "Next cohort starts 12 January 2027", or '' when no cohort has a future start. */
  nextCohort: string;
}

export function fillServeTimeSlots(html: string, values: ServeTimeValues): string {
  return html
    .replaceAll(` nonce="${SERVE_TIME_SLOTS.nonce}"`, '')
    .replaceAll(SERVE_TIME_SLOTS.origin, values.origin)
    .replaceAll(SERVE_TIME_SLOTS.year, values.year)
    .replaceAll(SERVE_TIME_SLOTS.nextCohort, values.nextCohort);
}
