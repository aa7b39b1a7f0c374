import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { FULLSTACK_GRANT_PLAN_ID } from '~/content/plans';
import { ENROLLED_STATUSES, nowTimestamp, type Database } from '~/db/schema';
import { enrolledTracksOf } from '~/features/enrolment/enrolments.server';
import { reconcileAccess } from '~/features/enrolment/access.server';
import type { FullstackTrack } from './fullstack-grant-form';

/** A person's active (or overdue) FullStack enrolment, however it was made. */
export async function fullstackTrackOf(
  db: Kysely<Database>,
  userId: string,
): Promise<FullstackTrack> {
  const row = await db
    .selectFrom('enrolments')
    .select(['source', 'granted_by_name', 'created_at'])
    .where('user_id', '=', userId)
    .where('track', '=', 'fullstack')
    .where('status', 'in', ENROLLED_STATUSES)
    .orderBy('created_at')
    .executeTakeFirst();
  return row
    ? { open: true, source: row.source, grantedByName: row.granted_by_name, since: row.created_at }
    : { open: false };
}

/**
 * An admin opens the FullStack track to a person (issue 29): a FullStack enrolment of
 * source `admin` that names the admin and the reason, in one transaction with the access it
 * brings (a FullStack student reads the FrontEnd steps too: `reconcileAccess` raises `none`
 * to level-1 and writes that audit row). Nothing happens for someone who has the track.
 */
export async function grantFullstack(
  db: Kysely<Database>,
  grant: { userId: string; admin: { id: string; name: string }; reason: string },
  now: Date = new Date(),
): Promise<'granted' | 'already' | 'unknown-user'> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', grant.userId)
      .executeTakeFirst();
    if (!user) return 'unknown-user';
    if ((await enrolledTracksOf(trx, user.id)).includes('fullstack')) return 'already';
    const at = nowTimestamp(now);
    await trx
      .insertInto('enrolments')
      .values({
        id: randomUUID(),
        user_id: user.id,
        order_id: null,
        track: 'fullstack',
        plan_id: FULLSTACK_GRANT_PLAN_ID,
        status: 'active',
        installments_paid: 1,
        installments_total: 1,
        source: 'admin',
        granted_by: grant.admin.id,
        granted_by_name: grant.admin.name,
        grant_reason: grant.reason,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await reconcileAccess(trx, user.id, grant.admin, now);
    return 'granted';
  });
}
