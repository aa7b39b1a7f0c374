import { sql, type Kysely } from 'kysely';
import type { Database } from '~/db/schema';

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter kept in the database, so every server instance shares it. One
 * statement increments (or restarts) the window atomically on SQLite and PostgreSQL.
 */
export async function consumeRateLimit(
  db: Kysely<Database>,
  key: string,
  limit: number,
  windowMs: number,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const windowStart = new Date(now.getTime() - windowMs).toISOString();
  const current = now.toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: current, hits: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.window_start <= ${windowStart} then 1 else rate_limits.hits + 1 end`,
        window_start: sql<string>`case when rate_limits.window_start <= ${windowStart} then ${current} else rate_limits.window_start end`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  const resetsAt = new Date(row.window_start).getTime() + windowMs;
  return {
    allowed: Number(row.hits) <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)),
  };
}

/** Deletes counters whose window ended before `before`: they would restart at 1 anyway. */
export async function deleteEndedRateLimits(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('window_start', '<=', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
