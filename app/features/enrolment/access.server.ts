import type { Kysely } from 'kysely';
import type { Access, Cohort, Database } from '~/db/schema';
import { recordUserChange } from '~/features/auth/user-records.server';
import { tellCohortPlacement } from '~/features/cohorts/cohort-placement.server';
import { isEnrolled } from './enrolments.server';

/** What changed access when no admin did: the audit trail names it instead of a person. */
export interface AccessCause {
  /** `payment`, `bank-transfer`… : never a user id. */
  id: string;
  name: string;
}

// The overdue sweep's pause (decision 053) is automatic: the payment that follows undoes it.
const AUTOMATIC_CAUSES = new Set(['payment', 'installment-overdue']);

/**
 * Sets `users.access` from what the person holds (DESIGN §9): an active or overdue
 * enrolment, or an admin's grant, means `level-1`; nothing here lowers an admin. A cohort,
 * when given (an approved transfer places the student), is set in the same change. Writes
 * the audit row when either changes. Runs inside the caller's transaction.
 *
 * An admin's revocation stands against automatic causes: a payment on an enrolment whose
 * access an admin took away records the money but gives nothing back (the caller flags it
 * for an admin). `mayRaise: false` never raises anyone (an invitation with access `none`
 * places a person in a cohort and grants nothing).
 *
 * Returns the person's access afterwards (undefined for an unknown user).
 */
export async function reconcileAccess(
  trx: Kysely<Database>,
  userId: string,
  cause: AccessCause,
  now: Date,
  options: { cohort?: Cohort; mayRaise?: boolean } = {},
): Promise<Access | undefined> {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'access', 'cohort'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const cohort = options.cohort ?? user.cohort;
  if (user.access === 'admin') {
    if (cohort !== user.cohort) await applyChange(trx, user, 'admin', cohort, cause, now);
    return 'admin';
  }
  let target: Access = (await isEnrolled(trx, userId)) ? 'level-1' : 'none';
  // Who set the access the person has matters only where the enrolments disagree with it.
  if (target !== user.access) {
    if (target === 'level-1' && options.mayRaise === false) {
      target = 'none';
    } else {
      const cameFrom = await trx
        .selectFrom('user_changes')
        .select('changed_by')
        .where('user_id', '=', userId)
        .where('access_after', '=', user.access)
        .whereRef('access_before', '<>', 'access_after')
        .orderBy('changed_at', 'desc')
        .executeTakeFirst();
      // Nothing recorded is as good as a person's word (an admin, the command line).
      const setByPerson = !cameFrom || !AUTOMATIC_CAUSES.has(cameFrom.changed_by);
      // An admin's grant stands on its own: only access an automatic cause gave is taken
      // back by one. An admin's revocation stands against automatic causes the same way.
      const revokedByPerson = target === 'level-1' && cameFrom !== undefined && setByPerson;
      if (target === 'none' ? setByPerson : revokedByPerson && AUTOMATIC_CAUSES.has(cause.id)) {
        target = user.access;
      }
    }
  }
  if (target !== user.access || cohort !== user.cohort) {
    await applyChange(trx, user, target, cohort, cause, now);
  }
  return target;
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
  await tellCohortPlacement(trx, { userId: user.id, before: user, after: { access, cohort } }, now);
}
