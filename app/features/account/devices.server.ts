import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import type { Kysely } from 'kysely';
import { nowTimestamp, type Database } from '~/db/schema';
import type { SessionSettings } from '~/features/auth/session.server';
import { DAY_MS } from '~/lib/days';

/** A signed-in browser as the account page lists it: never its session's id or hash. */
export interface Device {
  /** A public name for the session, made from its hash: what Sign out sends. */
  id: string;
  /** "Chrome 139 on Linux", from the User-Agent the browser signed in with. */
  description: string;
  firstUsedAt: string;
  lastUsedAt: string;
  /** The browser this page was asked from. */
  current: boolean;
}

/**
 * The device's public id: a hash of the stored hash, so the page names a session without
 * carrying anything that opens it, and nothing new has to be stored for it.
 */
function deviceIdOf(sessionHash: string): string {
  return createHash('sha256').update(`device:${sessionHash}`).digest('base64url').slice(0, 22);
}

/** "Chrome 139 on Linux" (a maintained parser reads the header: decision 050). */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'An unknown browser';
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const name = browser.name ? [browser.name, major].filter(Boolean).join(' ') : 'A browser';
  return os.name ? `${name} on ${[os.name, os.version].filter(Boolean).join(' ')}` : name;
}

/** The person's signed-in devices, the one asking first, then the most recently used. */
export async function devicesOf(
  db: Kysely<Database>,
  userId: string,
  current: { sessionHash: string; settings: SessionSettings },
  now: Date = new Date(),
): Promise<Device[]> {
  const idleSince = new Date(now.getTime() - current.settings.idleDays * DAY_MS);
  // Live sessions only: before their absolute expiry, and used within the idle limit.
  const rows = await db
    .selectFrom('sessions')
    .select(['id_hash', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowTimestamp(now))
    .where('last_seen_at', '>', nowTimestamp(idleSince))
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  const devices = rows.map((row) => ({
    id: deviceIdOf(row.id_hash),
    description: describeUserAgent(row.user_agent),
    firstUsedAt: row.created_at,
    lastUsedAt: row.last_seen_at,
    current: row.id_hash === current.sessionHash,
  }));
  return [...devices.filter((d) => d.current), ...devices.filter((d) => !d.current)];
}

/**
 * Sign out of one device: the person's own session whose public id is `deviceId`, nobody
 * else's. `'not-found'` for an id that names no session of theirs (another person's, one
 * already ended): nothing is ended then.
 */
export async function signOutDevice(
  db: Kysely<Database>,
  userId: string,
  deviceId: string,
): Promise<'ended' | 'not-found'> {
  const hashes = await db
    .selectFrom('sessions')
    .select('id_hash')
    .where('user_id', '=', userId)
    .execute();
  const session = hashes.find((row) => deviceIdOf(row.id_hash) === deviceId);
  if (!session) return 'not-found';
  const result = await db
    .deleteFrom('sessions')
    .where('id_hash', '=', session.id_hash)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0 ? 'ended' : 'not-found';
}
