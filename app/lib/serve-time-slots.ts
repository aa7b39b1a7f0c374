/**
 * Prerendered pages are built once but must carry values that belong to the moment they
 * are served: a fresh CSP nonce, the deployment's public origin and the current year.
 * At build time the page is rendered with these unique tokens; the server swaps every
 * occurrence (markup and serialised loader data alike, so hydration sees the same text).
 */
export const SERVE_TIME_SLOTS = {
  nonce: 'prerender0nonce0slot',
  origin: 'http://prerender-origin-slot.invalid',
  year: 'prerender-year-slot',
} as const;

export interface ServeTimeValues {
  nonce: string;
  origin: string;
  year: string;
}

export function fillServeTimeSlots(html: string, values: ServeTimeValues): string {
  return html
    .replaceAll(SERVE_TIME_SLOTS.nonce, values.nonce)
    .replaceAll(SERVE_TIME_SLOTS.origin, values.origin)
    .replaceAll(SERVE_TIME_SLOTS.year, values.year);
}
