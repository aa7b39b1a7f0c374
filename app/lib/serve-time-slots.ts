/**
 * Prerendered pages are built once but must carry values that belong to where and when
 * they are served: the deployment's public origin and the current year. At build time the
 * page is rendered with these unique tokens; the server swaps every occurrence (markup and
 * serialised loader data alike, so hydration sees the same text) once when it starts and
 * again when the year changes. The nonce slot is removed instead: a prerendered page's
 * inline scripts are allowed by their hashes (decision 012).
 */
export const SERVE_TIME_SLOTS = {
  nonce: 'prerender0nonce0slot',
  origin: 'http://prerender-origin-slot.invalid',
  year: 'prerender-year-slot',
} as const;

export interface ServeTimeValues {
  origin: string;
  year: string;
}

export function fillServeTimeSlots(html: string, values: ServeTimeValues): string {
  return html
    .replaceAll(` nonce="${SERVE_TIME_SLOTS.nonce}"`, '')
    .replaceAll(SERVE_TIME_SLOTS.origin, values.origin)
    .replaceAll(SERVE_TIME_SLOTS.year, values.year);
}
