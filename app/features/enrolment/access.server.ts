import type { Kysely } from 'kysely';
import type { Access, Cohort, Database } from '~/db/schema';
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
 * enrolment, or an admin's grant, means `level-1`; nothing here lowers an admin. A cohort,
 * when given (an approved transfer places the student), is set in the same change. Writes
 * the audit row when either changes. Returns the change, or undefined when there was none.
 * Runs inside the caller's transaction.
 */
export async function reconcileAccess(
  trx: Kysely<Database>,
  userId: string,
  cause: AccessCause,
  now: Date,
  options: { cohort?: Cohort } = {},
): Promise<{ before: Access; after: Access } | undefined> {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'access', 'cohort'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const cohort = options.cohort ?? user.cohort;
  if (user.access === 'admin') {
    return cohort === user.cohort ? undefined : applyChange(trx, user, 'admin', cohort, cause, now);
  }
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
  if (target === user.access && cohort === user.cohort) return undefined;
  return applyChange(trx, user, target, cohort, cause, now);
}

async function applyChange(
  trx: Kysely<Database>,
  user: { id: string; access: Access; cohort: Cohort },
  access: Access,
  cohort: Cohort,
  cause: AccessCause,
  now: Date,
) {
  await trx.updateTable('users').set({ access, cohort }).where('id', '=', user.id).execute();
  await recordUserChange(trx, {
    userId: user.id,
    by: cause,
    before: user,
    after: { access, cohort },
    at: now,
  });
  return { before: user.access, after: access };
}
