import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import { consumeRateLimit, type RateLimitResult } from '~/lib/rate-limit.server';

/** The window of the limits on trying discount codes. */
export const CODE_ATTEMPT_WINDOW_MS = 10 * 60_000;

/** Tries of a code allowed per window (`DISCOUNT_CODE_RATE_LIMIT`, `…_ADDRESS_RATE_LIMIT`). */
export interface CodeAttemptLimits {
  perPerson: number;
  perAddress: number;
}

/**
 * Counts one try of a code by a signed-in person from a client address (decision 062), in
 * the sign-in limit's database counters, so every instance shares them: per person, so one
 * account cannot guess on; per address, so many accounts made by one guesser cannot either.
 * Refused when either is over, for as long as the later of the two windows runs.
 */
export async function consumeCodeAttempt(
  db: Kysely<Database>,
  who: { userId: string; address: string },
  limits: CodeAttemptLimits,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const counted = [];
  for (const [key, limit] of [
    [`code:person:${who.userId}`, limits.perPerson],
    [`code:address:${who.address}`, limits.perAddress],
  ] as const) {
    counted.push(await consumeRateLimit(db, key, limit, CODE_ATTEMPT_WINDOW_MS, now));
  }
  const refused = counted.filter((limit) => !limit.allowed);
  if (refused.length === 0) return counted[0]!;
  return {
    allowed: false,
    retryAfterSeconds: Math.max(...refused.map((limit) => limit.retryAfterSeconds)),
  };
}
