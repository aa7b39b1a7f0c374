import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowTimestamp, type Database, type User } from '~/db/schema';

/**
 * A person's private calendar feed (`/calendar/{token}.ics`): the token is the only key, so
 * it is long and random (32 bytes, base64url: 43 characters), made on the first visit of
 * the schedule page and replaced by **Reset link**, after which the old one answers 404.
 */

const TOKEN_BYTES = 32;

/** The shape of every token: what the feed's route checks before asking the database. */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The person's feed token, made now when they have none (two first visits keep one). */
export async function feedTokenOf(
  db: Kysely<Database>,
  userId: string,
  now: Date = new Date(),
): Promise<string> {
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token: newToken(), created_at: nowTimestamp(now) })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('calendar_feeds')
    .select('token')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.token;
}

/** Replaces the person's token: the old feed address stops working at once. */
export async function resetFeedToken(
  db: Kysely<Database>,
  userId: string,
  now: Date = new Date(),
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token, created_at: nowTimestamp(now) })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ token, created_at: nowTimestamp(now) }),
    )
    .execute();
  return token;
}

/** Whose feed `token` is: undefined for a token that is malformed, unknown or reset. */
export async function findFeedOwner(
  db: Kysely<Database>,
  token: string,
): Promise<User | undefined> {
  if (!FEED_TOKEN_PATTERN.test(token)) return undefined;
  return db
    .selectFrom('calendar_feeds')
    .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
    .selectAll('users')
    .where('calendar_feeds.token', '=', token)
    .executeTakeFirst();
}
