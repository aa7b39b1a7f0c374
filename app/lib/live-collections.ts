/** What open admin pages can follow live: a change event names one of these and an id. */
export const LIVE_COLLECTIONS = ['users', 'transfers', 'cohorts'] as const;
export type LiveCollection = (typeof LIVE_COLLECTIONS)[number];

export function isLiveCollection(value: unknown): value is LiveCollection {
  return LIVE_COLLECTIONS.includes(value as LiveCollection);
}
