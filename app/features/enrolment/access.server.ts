import type { Kysely } from 'kysely';
import type { Access, Database } from '~/db/schema';
import { recordUserChange } from '~/features/auth/user-records.server';

/** What changed access when no admin did: the audit trail names it instead of a person. */
export interface AccessCause {
  /** `payment`, `bank-transfer`… : never a user id. */
  id: string;
  name: string;
}

const AUTOMATIC_CAUSES = new Set(['payment']);

/**
 * Sets `users.access` from what the person holds (DESIGN §9): an active or overdue
 * enrolment, or an admin's grant, means `level-1`; nothing here touches an admin. Writes
 * the audit row when access changes. Returns the change, or undefined when there was none.
 * Runs inside the caller's transaction.
 */
export async function reconcileAccess(
  trx: Kysely<Database>,
  userId: string,
  cause: AccessCause,
  now: Date,
): Promise<{ before: Access; after: Access } | undefined> {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'access', 'cohort'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.access === 'admin') return undefined;
  const enrolled = await trx
    .selectFrom('enrolments')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'overdue'])
    .executeTakeFirst();
  let target: Access = enrolled ? 'level-1' : 'none';
  if (!enrolled && user.access === 'level-1') {
    // An admin's grant (or the command line's) stands on its own: only access that an
    // automatic cause gave is taken back by one.
    const lastRaise = await trx
      .selectFrom('user_changes')
      .select('changed_by')
      .where('user_id', '=', userId)
      .where('access_after', '=', 'level-1')
      .whereRef('access_before', '<>', 'access_after')
      .orderBy('changed_at', 'desc')
      .executeTakeFirst();
    if (!lastRaise || !AUTOMATIC_CAUSES.has(lastRaise.changed_by)) target = 'level-1';
  }
  if (target === user.access) return undefined;
  await trx.updateTable('users').set({ access: target }).where('id', '=', userId).execute();
  await recordUserChange(trx, {
    userId,
    by: cause,
    before: user,
    after: { access: target, cohort: user.cohort },
    at: now,
  });
  return { before: user.access, after: target };
}
