const MINUTE = 60_000;

/** The first retry waits a minute; each later one twice as long as the last, up to 6 hours. */
export const FIRST_RETRY_MS = MINUTE;
export const LONGEST_RETRY_MS = 6 * 60 * MINUTE;
/** After this long since it was queued, a message that still fails is given up on. */
export const GIVE_UP_AFTER_MS = 24 * 60 * MINUTE;

/** The wait before the next attempt, after `attempts` failed ones (1 or more). */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * When to try again after a failed attempt, or undefined to give up: the next attempt would
 * fall more than a day after the message was queued. Waits of 1, 2, 4 … 256 minutes, then
 * 6 hours, make 12 attempts across about 20 hours; a 13th would come after 26.
 */
export function nextAttemptAfterFailure(
  attempts: number,
  queuedAt: Date,
  now: Date,
): Date | undefined {
  const next = new Date(now.getTime() + retryDelayMs(attempts));
  return next.getTime() - queuedAt.getTime() > GIVE_UP_AFTER_MS ? undefined : next;
}
