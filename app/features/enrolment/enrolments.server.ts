import type { Kysely } from 'kysely';
import { ENROLLED_STATUSES, type Database, type Track } from '~/db/schema';

/**
 * The tracks a person is enrolled in now (an active or overdue enrolment, however made),
 * except an overdue one whose grace period ended (paused, decision 053).
 */
export async function enrolledTracksOf(db: Kysely<Database>, userId: string): Promise<Track[]> {
  const rows = await db
    .selectFrom('enrolments')
    .select('track')
    .distinct()
    .where('user_id', '=', userId)
    .where('status', 'in', ENROLLED_STATUSES)
    .where('paused_at', 'is', null)
    .execute();
  return rows.map((row) => row.track);
}

/** Whether a person is enrolled now in any track. */
export async function isEnrolled(db: Kysely<Database>, userId: string): Promise<boolean> {
  return (await enrolledTracksOf(db, userId)).length > 0;
}
