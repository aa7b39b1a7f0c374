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
 * for an admin). An admin's grant covers what it was given for (decision 063): it stands
 * alone only while no enrolment was made or changed after it, so a purchase replaces an
 * earlier grant (its pause and its refund apply), and a grant given during a pause keeps
 * the course open. `mayRaise: false` never raises anyone (an invitation with access `none`
 * places a person in a cohort and grants nothing). `reason`, the admin's words, goes into
 * the audit row.
 *
 * Returns the person's access afterwards (undefined for an unknown user).
 */
export async function reconcileAccess(
  trx: Kysely<Database>,
  userId: string,
  cause: AccessCause,
  now: Date,
  options: { cohort?: Cohort; mayRaise?: boolean; reason?: string } = {},
): Promise<Access | undefined> {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'access', 'cohort'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const cohort = options.cohort ?? user.cohort;
  if (user.access === 'admin') {
    if (cohort !== user.cohort) {
      await applyChange(trx, user, { access: 'admin', cohort }, cause, now, options.reason);
    }
    return 'admin';
  }
  let target: Access = (await isEnrolled(trx, userId)) ? 'level-1' : 'none';
  // Who set the access the person has matters only where the enrolments disagree with it.
  if (target !== user.access) {
    if (target === 'level-1' && options.mayRaise === false) {
      target = 'none';
    } else {
      const cameFrom = await accessSetBy(trx, userId, user.access);
      // Nothing recorded is as good as a person's word (an admin, the command line), given
      // before anything else happened.
      const setByPerson = !cameFrom || !AUTOMATIC_CAUSES.has(cameFrom.changed_by);
      // An admin's grant stands on its own until an enrolment made or changed after it
      // decides (decision 063). An admin's revocation stands against automatic causes.
      const revokedByPerson = target === 'level-1' && cameFrom !== undefined && setByPerson;
      const grantStands =
        target === 'none' &&
        setByPerson &&
        !(await enrolmentChangedSince(trx, userId, cameFrom?.changed_at));
      if (grantStands || (revokedByPerson && AUTOMATIC_CAUSES.has(cause.id))) {
        target = user.access;
      }
    }
  }
  if (target !== user.access || cohort !== user.cohort) {
    await applyChange(trx, user, { access: target, cohort }, cause, now, options.reason);
  }
  return target;
}

/** The audit row that gave a person the access they hold: who (or what) set it, and when. */
function accessSetBy(trx: Kysely<Database>, userId: string, access: Access) {
  return trx
    .selectFrom('user_changes')
    .select(['changed_by', 'changed_by_name', 'changed_at', 'reason'])
    .where('user_id', '=', userId)
    .where('access_after', '=', access)
    .whereRef('access_before', '<>', 'access_after')
    .orderBy('changed_at', 'desc')
    .executeTakeFirst();
}

/**
 * The admin's grant that keeps a person's level-1 although their enrolment is paused: the
 * grant given at or after `pausedAt` (decision 063), with who gave it, when and why.
 */
export async function grantDuringPause(
  db: Kysely<Database>,
  userId: string,
  pausedAt: string,
): Promise<{ name: string; at: string; reason: string | null } | undefined> {
  const grant = await accessSetBy(db, userId, 'level-1');
  if (!grant || AUTOMATIC_CAUSES.has(grant.changed_by) || grant.changed_at < pausedAt) {
    return undefined;
  }
  return { name: grant.changed_by_name, at: grant.changed_at, reason: grant.reason };
}

/**
 * Whether an enrolment of the person was made or changed (paused, refunded, revoked) after
 * `since`; with no `since`, whether they have any. An admin's grant made later is no
 * purchase: it sits beside the access set at `since`, and its revocation leaves that access.
 */
async function enrolmentChangedSince(
  trx: Kysely<Database>,
  userId: string,
  since: string | undefined,
): Promise<boolean> {
  const changed = await trx
    .selectFrom('enrolments')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) =>
      since === undefined
        ? eb('source', '<>', 'admin')
        : eb.and([
            eb('updated_at', '>', since),
            eb.or([eb('source', '<>', 'admin'), eb('created_at', '<=', since)]),
          ]),
    )
    .executeTakeFirst();
  return changed !== undefined;
}

async function applyChange(
  trx: Kysely<Database>,
  user: { id: string; access: Access; cohort: Cohort },
  after: { access: Access; cohort: Cohort },
  cause: AccessCause,
  now: Date,
  reason: string | undefined,
) {
  await trx.updateTable('users').set(after).where('id', '=', user.id).execute();
  await recordUserChange(trx, { userId: user.id, by: cause, before: user, after, at: now, reason });
  await tellCohortPlacement(trx, { userId: user.id, before: user, after }, now);
}
