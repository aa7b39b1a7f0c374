import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { FULLSTACK_GRANT_PLAN_ID, planName } from '~/content/plans';
import { ENROLLED_STATUSES, nowTimestamp, type Database } from '~/db/schema';
import { enrolledTracksOf } from '~/features/enrolment/enrolments.server';
import { reconcileAccess } from '~/features/enrolment/access.server';
import { enqueueEmailToUser } from '~/features/email/outbox.server';
import { refusal, type Refusal, type Result } from '~/lib/refusal';
import type { FullstackTrack } from './fullstack-grant-form';

/** Why a grant is refused (decision 079): the person has the track, or nobody has that id. */
export type GrantRefusal = Refusal<'already' | 'unknownUser'>;

/** Why a revocation is refused: no admin's grant to revoke, or nobody has that id. */
export type RevokeGrantRefusal = Refusal<'notGranted' | 'unknownUser'>;

/** `change` on a person in one transaction, or refused as `unknownUser` when nobody has that id. */
function forKnownUser<Outcome>(
  db: Kysely<Database>,
  userId: string,
  change: (trx: Kysely<Database>, user: { id: string }) => Promise<Outcome>,
): Promise<Outcome | Refusal<'unknownUser'>> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .executeTakeFirst();
    return user ? change(trx, user) : refusal('unknownUser');
  });
}

/**
 * A person's active (or overdue) FullStack enrolment, however it was made. One paused for an
 * unpaid installment is not held until it is paid (decision 053), as the session has it.
 */
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
    .where('paused_at', 'is', null)
    .orderBy('created_at')
    .executeTakeFirst();
  return row
    ? { open: true, source: row.source, grantedByName: row.granted_by_name, since: row.created_at }
    : { open: false };
}

/**
 * An admin opens the FullStack track to a person (decision 047): a FullStack enrolment of
 * source `admin` that names the admin and the reason, in one transaction with the access it
 * brings (a FullStack student reads the FrontEnd steps too: `reconcileAccess` raises `none`
 * to level-1 and writes that audit row). Nothing happens for someone who has the track.
 */
export async function grantFullstack(
  db: Kysely<Database>,
  grant: { userId: string; admin: { id: string; name: string }; reason: string },
  now: Date = new Date(),
): Promise<Result<object, GrantRefusal>> {
  return forKnownUser(db, grant.userId, async (trx, user) => {
    if ((await enrolledTracksOf(trx, user.id)).includes('fullstack')) return refusal('already');
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
    return { ok: true };
  });
}

/**
 * An admin closes the FullStack track they (or another admin) granted (decision 063): the
 * grant's enrolment turns `cancelled` and keeps who revoked it (id and name), when and why;
 * access follows through `reconcileAccess` in the same transaction, audited with the
 * revocation as its cause and the reason (level-1 goes with it unless something else holds
 * it); the student is told by e-mail with the reason. Only an admin's grant is revoked here:
 * a paid track is ended by its refund.
 */
export async function revokeFullstackGrant(
  db: Kysely<Database>,
  revocation: { userId: string; admin: { id: string; name: string }; reason: string },
  now: Date = new Date(),
): Promise<Result<object, RevokeGrantRefusal>> {
  return forKnownUser(db, revocation.userId, async (trx, user) => {
    const at = nowTimestamp(now);
    const revoked = await trx
      .updateTable('enrolments')
      .set({
        status: 'cancelled',
        revoked_at: at,
        revoked_by: revocation.admin.id,
        revoked_by_name: revocation.admin.name,
        revoke_reason: revocation.reason,
        updated_at: at,
      })
      .where('user_id', '=', user.id)
      .where('track', '=', 'fullstack')
      .where('source', '=', 'admin')
      .where('status', 'in', ENROLLED_STATUSES)
      .returning('id')
      .execute();
    if (revoked.length === 0) return refusal('notGranted');
    const cause = {
      id: revocation.admin.id,
      name: `${revocation.admin.name} (FullStack grant revoked)`,
    };
    await reconcileAccess(trx, user.id, cause, now, { reason: revocation.reason });
    await enqueueEmailToUser(
      trx,
      user.id,
      {
        key: `fullstack-revoked:${revoked[0]!.id}`,
        template: 'access-removed',
        payload: (person) => ({
          name: person.name,
          planName: planName(FULLSTACK_GRANT_PLAN_ID),
          reason: revocation.reason,
          track: 'fullstack' as const,
        }),
      },
      now,
    );
    return { ok: true };
  });
}
