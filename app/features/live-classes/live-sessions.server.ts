import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowTimestamp, type Database, type LiveSession, type User } from '~/db/schema';
import type { Viewer } from '~/features/auth/viewer';
import { isMentorOf } from '~/features/mentors/mentors.server';
import { classEnd } from './class-times';
import { tellClassChange, type ClassChange } from './class-emails.server';
import type { AddClassForm, ClassFields } from './live-class-form';
import { DAY_MS } from '~/lib/days';

/** Who changes a class: their id and name as the records keep them. */
export interface ClassEditor {
  id: string;
  name: string;
}

export type ClassInput = Omit<ClassFields, 'intent' | 'date' | 'time'>;

function columnsOf(input: ClassInput) {
  return {
    title: input.title,
    description: input.description,
    starts_at: nowTimestamp(input.startsAt),
    duration_minutes: input.durationMinutes,
    join_url: input.joinUrl,
    step: input.step,
  };
}

const WEEK_MS = 7 * DAY_MS;

/**
 * Adds a class to a cohort, or `repeatWeeks` of them a week apart (one series, each its
 * own row), and queues each student's invitation in the same transaction. Undefined when
 * the cohort does not exist: nothing is written.
 */
export async function addLiveClasses(
  db: Kysely<Database>,
  cohortId: string,
  input: Omit<AddClassForm, 'intent' | 'date' | 'time'>,
  by: ClassEditor,
  now: Date = new Date(),
): Promise<LiveSession[] | undefined> {
  return db.transaction().execute(async (trx) => {
    const cohort = await trx
      .selectFrom('cohorts')
      .select('id')
      .where('id', '=', cohortId)
      .executeTakeFirst();
    if (!cohort) return undefined;
    const at = nowTimestamp(now);
    const seriesId = input.repeatWeeks > 1 ? randomUUID() : null;
    const rows = Array.from({ length: input.repeatWeeks }, (_, week) => ({
      id: randomUUID(),
      cohort_id: cohortId,
      series_id: seriesId,
      ...columnsOf({ ...input, startsAt: new Date(input.startsAt.getTime() + week * WEEK_MS) }),
      status: 'scheduled' as const,
      created_by: by.id,
      created_at: at,
      updated_at: at,
    }));
    const sessions = await trx.insertInto('live_sessions').values(rows).returningAll().execute();
    sessions.sort((a, b) => a.starts_at.localeCompare(b.starts_at));
    await tellClassChange(trx, sessions, 'added', now);
    return sessions;
  });
}

export type ClassChangeResult =
  | { outcome: 'changed'; session: LiveSession }
  | { outcome: 'not-found' }
  | { outcome: 'cancelled' }
  | { outcome: 'not-ended' };

/**
 * Saves a class's fields. Its SEQUENCE goes up, so calendars replace the event they hold,
 * and each student is sent the update. A cancelled class stays as it was.
 */
export function updateLiveClass(
  db: Kysely<Database>,
  id: string,
  input: ClassInput,
  now: Date = new Date(),
): Promise<ClassChangeResult> {
  return changeScheduledClass(db, id, columnsOf(input), 'updated', now);
}

/** Cancels a class: kept and shown as cancelled; calendars are told to remove it. */
export function cancelLiveClass(
  db: Kysely<Database>,
  id: string,
  now: Date = new Date(),
): Promise<ClassChangeResult> {
  return changeScheduledClass(db, id, { status: 'cancelled' }, 'cancelled', now);
}

/**
 * Changes a class that is still scheduled, one SEQUENCE up, and tells its students in the
 * same transaction; a cancelled class or an unknown id changes nothing.
 */
async function changeScheduledClass(
  db: Kysely<Database>,
  id: string,
  changes: Partial<ReturnType<typeof columnsOf>> | { status: 'cancelled' },
  change: ClassChange,
  now: Date,
): Promise<ClassChangeResult> {
  return db.transaction().execute(async (trx) => {
    const session = await trx
      .updateTable('live_sessions')
      .set((eb) => ({
        ...changes,
        sequence: eb('sequence', '+', 1),
        updated_at: nowTimestamp(now),
      }))
      .where('id', '=', id)
      .where('status', '=', 'scheduled')
      .returningAll()
      .executeTakeFirst();
    if (!session) return refusal(trx, id);
    await tellClassChange(trx, [session], change, now);
    return { outcome: 'changed', session };
  });
}

/** Why a change to class `id` did not happen: it does not exist, or it is cancelled. */
async function refusal(trx: Kysely<Database>, id: string): Promise<ClassChangeResult> {
  const exists = await findLiveClass(trx, id);
  return { outcome: exists ? 'cancelled' : 'not-found' };
}

/**
 * Adds or replaces the recording link of a class that has ended (calendars need not hear
 * of it: the schedule page and the feed show it).
 */
export async function saveRecording(
  db: Kysely<Database>,
  id: string,
  recordingUrl: string,
  now: Date = new Date(),
): Promise<ClassChangeResult> {
  const session = await findLiveClass(db, id);
  if (!session) return { outcome: 'not-found' };
  if (session.status === 'cancelled') return { outcome: 'cancelled' };
  if (classEnd(session) > now) return { outcome: 'not-ended' };
  const saved = await db
    .updateTable('live_sessions')
    .set({ recording_url: recordingUrl, updated_at: nowTimestamp(now) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { outcome: 'changed', session: saved };
}

export function findLiveClass(db: Kysely<Database>, id: string): Promise<LiveSession | undefined> {
  return db.selectFrom('live_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Every class of a cohort for its schedule: the upcoming ones (not yet ended) first, soonest
 * first, then the past ones, latest first. Cancelled classes are included and marked.
 */
export async function classesOfCohort(
  db: Kysely<Database>,
  cohortId: string,
  now: Date = new Date(),
): Promise<{ upcoming: LiveSession[]; past: LiveSession[] }> {
  const sessions = await db
    .selectFrom('live_sessions')
    .selectAll()
    .where('cohort_id', '=', cohortId)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
  const upcoming = sessions.filter((session) => classEnd(session) > now);
  const past = sessions.filter((session) => classEnd(session) <= now).reverse();
  return { upcoming, past };
}

/**
 * The next `limit` classes of a cohort that have not ended and are not cancelled: the
 * course home's "Upcoming live classes".
 */
export async function nextClassesOf(
  db: Kysely<Database>,
  cohortId: string,
  now: Date,
  limit = 3,
): Promise<LiveSession[]> {
  // A class started up to 8 hours ago may still be running: fetch those, keep the live ones.
  const earliest = nowTimestamp(new Date(now.getTime() - 8 * 60 * 60 * 1000));
  const sessions = await db
    .selectFrom('live_sessions')
    .selectAll()
    .where('cohort_id', '=', cohortId)
    .where('status', '=', 'scheduled')
    .where('starts_at', '>', earliest)
    .orderBy('starts_at')
    .orderBy('id')
    .limit(limit + 8)
    .execute();
  return sessions.filter((session) => classEnd(session) > now).slice(0, limit);
}

/** Admins run every cohort's classes; a mentor those of their cohorts (asked per request). */
export async function runsClassesOf(
  db: Kysely<Database>,
  viewer: Pick<Viewer, 'id' | 'access'>,
  cohortId: string,
): Promise<boolean> {
  return viewer.access === 'admin' || isMentorOf(db, viewer.id, cohortId);
}

/**
 * Who may open a class's join page and so reach its meeting link: a student of that cohort
 * with course access, an admin, or a mentor of the cohort.
 */
export async function mayJoinClass(
  db: Kysely<Database>,
  person: Pick<User, 'id' | 'access' | 'cohort'>,
  session: Pick<LiveSession, 'cohort_id'>,
): Promise<boolean> {
  if (person.access === 'admin') return true;
  if (person.access === 'level-1' && person.cohort === session.cohort_id) return true;
  return isMentorOf(db, person.id, session.cohort_id);
}

/** Records a person's first join of a class; a later join keeps the first time. */
export async function recordJoin(
  db: Kysely<Database>,
  sessionId: string,
  userId: string,
  now: Date = new Date(),
): Promise<void> {
  const at = nowTimestamp(now);
  await db
    .insertInto('live_attendance')
    .values({ session_id: sessionId, user_id: userId, first_joined_at: at })
    .onConflict((conflict) =>
      conflict
        .columns(['session_id', 'user_id'])
        .doUpdateSet({ first_joined_at: at })
        .where('live_attendance.first_joined_at', 'is', null),
    )
    .execute();
}
