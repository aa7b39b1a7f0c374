/**
 * What open pages can follow live: a change event names one of these and an id.
 * `submissions` names the student whose project was sent or reviewed (the reviewers' queue).
 */
export const LIVE_COLLECTIONS = ['users', 'transfers', 'cohorts', 'submissions'] as const;
export type LiveCollection = (typeof LIVE_COLLECTIONS)[number];

export function isLiveCollection(value: unknown): value is LiveCollection {
  return LIVE_COLLECTIONS.includes(value as LiveCollection);
}

/**
 * What the event bus carries: the collections, plus `sessions` (a session of user `id`
 * ended), which no page follows: it tells that user's open event streams, on every
 * instance, to re-check the session they were opened with.
 */
export type EventTopic = LiveCollection | 'sessions';

export function isEventTopic(value: unknown): value is EventTopic {
  return value === 'sessions' || isLiveCollection(value);
}
