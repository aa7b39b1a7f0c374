import type { Kysely } from 'kysely';
import type { Database, LiveSession } from '~/db/schema';
import type { Viewer } from '~/features/auth/viewer';
import { cohortsRunBy } from '~/features/mentors/mentors.server';
import { classEnd } from './class-times';
import { findLiveClass, runsClassesOf } from './live-sessions.server';

/** A cohort as the Live classes page lists it. */
export interface CohortClassesOverview {
  id: string;
  name: string;
  archived: boolean;
  /** The next class not yet ended and not cancelled. */
  next: Pick<LiveSession, 'id' | 'title' | 'starts_at' | 'duration_minutes'> | null;
  /** Classes not ended and not cancelled. */
  upcoming: number;
  /** Classes ended and not cancelled. */
  past: number;
  cancelled: number;
}

/**
 * The cohorts whose classes the viewer runs, each with its next class and counts: for an
 * admin every cohort not archived, for a mentor each of theirs (read per request).
 */
export async function cohortsWithClassesFor(
  db: Kysely<Database>,
  viewer: Viewer,
  now: Date = new Date(),
): Promise<CohortClassesOverview[]> {
  const cohorts = await cohortsRunBy(db, viewer, { openOnly: true });
  if (cohorts.length === 0) return [];
  const sessions = await db
    .selectFrom('live_sessions')
    .select(['id', 'cohort_id', 'title', 'starts_at', 'duration_minutes', 'status'])
    .where(
      'cohort_id',
      'in',
      cohorts.map((cohort) => cohort.id),
    )
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
  return cohorts.map((cohort) => {
    const own = sessions.filter((session) => session.cohort_id === cohort.id);
    const scheduled = own.filter((session) => session.status === 'scheduled');
    const upcoming = scheduled.filter((session) => classEnd(session) > now);
    return {
      id: cohort.id,
      name: cohort.name,
      archived: cohort.archived_at !== null,
      next: upcoming[0] ?? null,
      upcoming: upcoming.length,
      past: scheduled.length - upcoming.length,
      cancelled: own.length - scheduled.length,
    };
  });
}

export type StaffReach<T> =
  { outcome: 'found'; found: T } | { outcome: 'not-found' } | { outcome: 'forbidden' };

/**
 * A cohort whose classes the viewer runs (its page and its Add a live class): not found
 * for an unknown id, forbidden to anyone but an admin or its mentor.
 */
export async function cohortRunBy(
  db: Kysely<Database>,
  viewer: Viewer,
  cohortId: string,
): Promise<StaffReach<{ id: string; name: string }>> {
  const cohort = await db
    .selectFrom('cohorts')
    .select(['id', 'name'])
    .where('id', '=', cohortId)
    .executeTakeFirst();
  if (!cohort) return { outcome: 'not-found' };
  if (!(await runsClassesOf(db, viewer, cohort.id))) return { outcome: 'forbidden' };
  return { outcome: 'found', found: cohort };
}

/** A class the viewer runs, with its cohort's name: the class page and its attendance CSV. */
export async function classRunBy(
  db: Kysely<Database>,
  viewer: Viewer,
  sessionId: string,
): Promise<StaffReach<{ session: LiveSession; cohortName: string }>> {
  const session = await findLiveClass(db, sessionId);
  if (!session) return { outcome: 'not-found' };
  const cohort = await cohortRunBy(db, viewer, session.cohort_id);
  if (cohort.outcome !== 'found') return cohort;
  return { outcome: 'found', found: { session, cohortName: cohort.found.name } };
}
