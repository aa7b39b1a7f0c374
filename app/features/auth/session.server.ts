import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ENROLLED_STATUSES, nowTimestamp, type Database, type User } from '~/db/schema';
import { clearCookie, readCookie, serializeCookie } from '~/lib/cookies.server';
import { DAY_MS } from '~/lib/days';

/** last_seen_at is refreshed at most this often, so reading a page rarely writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const USER_AGENT_MAX = 512;

export interface SessionSettings {
  /** https origin: the cookie is `__Host-` prefixed and Secure. */
  secure: boolean;
  idleDays: number;
  maxDays: number;
}

export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-session' : 'session';
}

/** Only a hash of the session id is stored: a leaked database cannot be replayed as cookies. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The person signed in, with whether they mentor any cohort, whether they hold an active
 * FullStack enrolment, and whether they hold any enrolment at all (paused included: the header
 * sells them no Enroll Now, decision 068): read with the session in one query, so the guards
 * and the layouts of one request do not each ask again (DESIGN §13: still per request, so a
 * mentor removed from their last cohort, or a refunded FullStack student, is refused at once).
 */
export type SessionUser = User & {
  mentorsACohort: boolean;
  enrolledInFullstack: boolean;
  holdsEnrolment: boolean;
};

export type SessionLookup =
  | { user: SessionUser; sessionHash: string; clearCookie?: undefined }
  | { user: null; sessionHash?: undefined; clearCookie: boolean };

/** The person behind the request's session cookie, read fresh from the database. */
export async function lookupSession(
  db: Kysely<Database>,
  cookieHeader: string | null | undefined,
  settings: SessionSettings,
  now: Date = new Date(),
): Promise<SessionLookup> {
  const token = readCookie(cookieHeader, sessionCookieName(settings.secure));
  if (token === undefined) return { user: null, clearCookie: false };
  if (!SESSION_ID_PATTERN.test(token)) return { user: null, clearCookie: true };

  const sessionHash = hashToken(token);
  const row = await sessionWithFlags(db, sessionHash);
  if (!row) return { user: null, clearCookie: true };

  const idleLimit = new Date(row.last_seen_at).getTime() + settings.idleDays * DAY_MS;
  if (now.getTime() >= new Date(row.expires_at).getTime() || now.getTime() >= idleLimit) {
    await db.deleteFrom('sessions').where('id_hash', '=', sessionHash).execute();
    return { user: null, clearCookie: true };
  }
  if (now.getTime() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: nowTimestamp(now) })
      .where('id_hash', '=', sessionHash)
      .execute();
  }
  const {
    expires_at: _expires,
    last_seen_at: _lastSeen,
    mentors_a_cohort,
    enrolled_in_fullstack,
    holds_enrolment,
    ...user
  } = row;
  // SQLite answers 0 or 1, PostgreSQL a boolean.
  const flags = {
    mentorsACohort: Boolean(mentors_a_cohort),
    enrolledInFullstack: Boolean(enrolled_in_fullstack),
    holdsEnrolment: Boolean(holds_enrolment),
  };
  return { user: { ...user, ...flags }, sessionHash };
}

/**
 * The session's row with its user and the three flags every page reads (mentors a cohort,
 * reads FullStack, holds an enrolment), in the one query a request makes for its session.
 */
function sessionWithFlags(db: Kysely<Database>, sessionHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.expires_at', 'sessions.last_seen_at'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('cohort_staff')
            .select('cohort_staff.user_id')
            .whereRef('cohort_staff.user_id', '=', 'users.id')
            .where('cohort_staff.role', '=', 'mentor'),
        )
        .as('mentors_a_cohort'),
    )
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('enrolments')
            .select('enrolments.user_id')
            .whereRef('enrolments.user_id', '=', 'users.id')
            .where('enrolments.track', '=', 'fullstack')
            .where('enrolments.status', 'in', ENROLLED_STATUSES)
            // Paused for an unpaid installment (decision 053): not held until it is paid.
            .where('enrolments.paused_at', 'is', null),
        )
        .as('enrolled_in_fullstack'),
    )
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('enrolments')
            .select('enrolments.user_id')
            .whereRef('enrolments.user_id', '=', 'users.id')
            .where('enrolments.status', 'in', ENROLLED_STATUSES),
        )
        .as('holds_enrolment'),
    )
    .where('sessions.id_hash', '=', sessionHash)
    .executeTakeFirst();
}

/**
 * Starts a fresh session for `userId` and ends the one the browser had, so a session id
 * planted before sign-in is worthless after it. Returns the Set-Cookie header.
 */
export async function startSession(
  db: Kysely<Database>,
  userId: string,
  previousCookieHeader: string | null | undefined,
  settings: SessionSettings,
  {
    userAgent = null,
    now = new Date(),
  }: {
    /** The browser's User-Agent header: the account page names the device by it. */
    userAgent?: string | null;
    now?: Date;
  } = {},
): Promise<string> {
  const previous = readCookie(previousCookieHeader, sessionCookieName(settings.secure));
  if (previous)
    await db.deleteFrom('sessions').where('id_hash', '=', hashToken(previous)).execute();
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashToken(token),
      user_id: userId,
      created_at: nowTimestamp(now),
      last_seen_at: nowTimestamp(now),
      expires_at: nowTimestamp(new Date(now.getTime() + settings.maxDays * DAY_MS)),
      // A header is the client's to send: kept short, it names a device and nothing more.
      user_agent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    })
    .execute();
  return serializeCookie(sessionCookieName(settings.secure), token, {
    maxAgeSeconds: (settings.maxDays * DAY_MS) / 1000,
    secure: settings.secure,
  });
}

/**
 * Ends the cookie's session, or with `everywhere` every session of the same person (a
 * lost phone, a shared computer). Returns the header that clears the cookie, and whose
 * sessions ended (so their open event streams can be told).
 */
export async function endSession(
  db: Kysely<Database>,
  cookieHeader: string | null | undefined,
  settings: SessionSettings,
  { everywhere = false }: { everywhere?: boolean } = {},
): Promise<{ cookie: string; userId: string | undefined }> {
  const token = readCookie(cookieHeader, sessionCookieName(settings.secure));
  let ended: { user_id: string } | undefined;
  if (token) {
    const sessionHash = hashToken(token);
    ended = await db
      .deleteFrom('sessions')
      .where((eb) =>
        everywhere
          ? eb(
              'user_id',
              '=',
              eb
                .selectFrom('sessions as own')
                .select('own.user_id')
                .where('own.id_hash', '=', sessionHash),
            )
          : eb('id_hash', '=', sessionHash),
      )
      .returning('user_id')
      .executeTakeFirst();
  }
  return { cookie: clearSessionCookie(settings), userId: ended?.user_id };
}

/**
 * Deletes every session past its absolute or idle expiry. Lookups delete the ones they
 * meet; this catches the ones nobody presents again (the periodic sweep, server/).
 */
export async function deleteExpiredSessions(
  db: Kysely<Database>,
  settings: SessionSettings,
  now: Date = new Date(),
): Promise<number> {
  const idleSince = nowTimestamp(new Date(now.getTime() - settings.idleDays * DAY_MS));
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([eb('expires_at', '<=', nowTimestamp(now)), eb('last_seen_at', '<=', idleSince)]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function clearSessionCookie(settings: SessionSettings): string {
  return clearCookie(sessionCookieName(settings.secure), { secure: settings.secure });
}
