import { sql, type Kysely } from 'kysely';
import {
  ENROLLED_STATUSES,
  nowTimestamp,
  type Access,
  type Cohort,
  type Database,
  type User,
  type UserChange,
} from '~/db/schema';
import { planName } from '~/content/plans';
import {
  findUser,
  isListedAdminEmail,
  recordUserChange,
} from '~/features/auth/user-records.server';
import { tellCohortPlacement } from '~/features/cohorts/cohort-placement.server';
import { isOpenCohort } from '~/features/cohorts/cohorts.server';
import { enqueueEmail } from '~/features/email/outbox.server';
import { pausedPlanOf } from '~/features/enrolment/overdue.server';
import { isDeliverableAddress } from '~/lib/mail-address';
import { refusal, type Refusal, type Result } from '~/lib/refusal';
import type { PaidEnrolment } from './user-status-form';

export const USER_STATUS_ERRORS = {
  notFound: 'Document not found',
  ownAccess: 'You cannot change your own access. Ask another admin to do it.',
  lastAdmin: 'The last admin cannot be demoted: make another user admin first.',
  grantAdmin: 'Admin access is given only through ADMIN_EMAILS or the command line.',
  listedAdmin:
    'This address is listed in ADMIN_EMAILS, which makes it admin again at its next sign-in: remove it from ADMIN_EMAILS first.',
  unknownCohort:
    'There is no such cohort. Choose one of the list, or create it on the Cohorts page.',
  reasonRequired:
    'This student paid for the course: give the reason for removing their access. It is recorded in their history and e-mailed to them.',
  keepOpenReasonRequired:
    'This student’s installment plan is paused for an unpaid installment: give the reason for keeping their access open (for example, keep access while overdue). It is shown on the Overdue view.',
} as const;

/** Why a change of access or cohort is refused: a key of `USER_STATUS_ERRORS` (decision 079). */
export type UserStatusRefusal = Refusal<keyof typeof USER_STATUS_ERRORS>;

/** The command line's e-mail matches no user, or several. */
export type UserByEmailRefusal =
  Refusal<'unknownEmail'> | (Refusal<'sharedEmail'> & { userIds: string[] });

export interface StatusChange {
  access?: Access;
  cohort?: Cohort;
  /** Why, in the admin's words: required to take away access a student paid for. */
  reason?: string;
}

/**
 * The person's active (or overdue) enrolment that a payment or an approved bank transfer
 * made, newest first; undefined when access they hold was not paid for.
 */
export async function activePaidEnrolment(
  db: Kysely<Database>,
  userId: string,
): Promise<PaidEnrolment | undefined> {
  const enrolment = await db
    .selectFrom('enrolments')
    .leftJoin('payments', (join) =>
      join
        .onRef('payments.order_id', '=', 'enrolments.order_id')
        .on('payments.status', '=', 'paid'),
    )
    .select(['enrolments.plan_id', 'enrolments.created_at'])
    .select((eb) => eb.fn.max('payments.created_at').as('last_paid_at'))
    .where('enrolments.user_id', '=', userId)
    .where('enrolments.status', 'in', ENROLLED_STATUSES)
    .where('enrolments.source', 'in', ['payment', 'bank-transfer'])
    .groupBy(['enrolments.id', 'enrolments.plan_id', 'enrolments.created_at'])
    .orderBy('enrolments.created_at', 'desc')
    .executeTakeFirst();
  if (!enrolment) return undefined;
  return {
    planName: planName(enrolment.plan_id),
    paidAt: enrolment.last_paid_at ?? enrolment.created_at,
  };
}

/** Who makes the change: a signed-in admin, or someone at the server's command line. */
export type Actor = { id: string; name: string } | 'command-line';

export interface ChangeOptions {
  now?: Date;
  /** The server's `ADMIN_EMAILS`: an admin the list names cannot be lowered (it would not stick). */
  adminEmails?: readonly string[];
}

/**
 * Changes a user's access and/or cohort, with the guard rails and the audit row written in
 * one transaction. An admin cannot change their own access, the last admin cannot be
 * demoted, nor can an admin that ADMIN_EMAILS lists.
 */
export async function changeUserStatus(
  db: Kysely<Database>,
  userId: string,
  change: StatusChange,
  actor: Actor,
  { now = new Date(), adminEmails = [] }: ChangeOptions = {},
): Promise<Result<{ user: User }, UserStatusRefusal>> {
  return db.transaction().execute(async (trx) => {
    const user = await findUser(trx, userId);
    if (!user) return refusal('notFound');
    const access = change.access ?? user.access;
    const cohort = change.cohort ?? user.cohort;
    const refused = await whatIsNotAllowed(trx, { user, access, cohort }, actor, adminEmails);
    if (refused) return refusal(refused);
    const reason = change.reason?.trim() || undefined;
    // An admin's one click must not lock out a student who paid without a word: the
    // reason goes into the history and to the student (the command line is the operator's
    // own tool and is left as it was).
    const paid =
      actor !== 'command-line' && access === 'none' && user.access !== 'none'
        ? await activePaidEnrolment(trx, user.id)
        : undefined;
    if (paid && !reason) return refusal('reasonRequired');
    // Level-1 given during a pause keeps the course open while the installment is unpaid
    // (decision 063): the Overdue view shows the admin's reason beside the paused plan.
    const keepsOpenPaused =
      actor !== 'command-line' && access === 'level-1' && user.access === 'none'
        ? await pausedPlanOf(trx, user.id)
        : undefined;
    if (keepsOpenPaused && !reason) return refusal('keepOpenReasonRequired');
    const actorId = actor === 'command-line' ? actor : actor.id;
    const updated = await trx
      .updateTable('users')
      .set({ access, cohort, edited_at: nowTimestamp(now), edited_by: actorId })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordUserChange(trx, {
      userId: user.id,
      by: { id: actorId, name: actor === 'command-line' ? 'Command line' : actor.name },
      before: user,
      after: { access, cohort },
      at: now,
      reason,
    });
    await tellCohortPlacement(
      trx,
      { userId: user.id, before: user, after: { access, cohort } },
      now,
    );
    // An account without a usable address still gets the change; the history has the reason.
    if (paid && reason && isDeliverableAddress(user.email)) {
      await enqueueEmail(
        trx,
        {
          key: `access-removed:${user.id}:${nowTimestamp(now)}`,
          template: 'access-removed',
          payload: { name: user.name, planName: paid.planName, reason },
          to: { address: user.email, name: user.name },
          userId: user.id,
        },
        now,
      );
    }
    return { ok: true, user: updated };
  });
}

/**
 * The rule a change breaks, if any, whoever asks: an open cohort; admin granted only from
 * the command line; no admin changing their own access; neither an admin listed in
 * `ADMIN_EMAILS` nor the last admin lowered.
 */
async function whatIsNotAllowed(
  trx: Kysely<Database>,
  { user, access, cohort }: { user: User; access: Access; cohort: string },
  actor: Actor,
  adminEmails: readonly string[],
): Promise<UserStatusRefusal['reason'] | undefined> {
  if (cohort !== user.cohort && !(await isOpenCohort(trx, cohort))) return 'unknownCohort';
  if (actor !== 'command-line' && access === 'admin' && user.access !== 'admin') {
    return 'grantAdmin';
  }
  if (actor !== 'command-line' && actor.id === user.id && access !== user.access) {
    return 'ownAccess';
  }
  if (user.access === 'admin' && access !== 'admin') {
    if (isListedAdminEmail(user.email, adminEmails)) return 'listedAdmin';
    // A no-op update locks every admin row (PostgreSQL) or takes the write lock (SQLite),
    // so two demotions at once cannot both see "another admin is left".
    await trx
      .updateTable('users')
      .set({ access: sql`access` })
      .where('access', '=', 'admin')
      .execute();
    const admins = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('access', '=', 'admin')
      .executeTakeFirstOrThrow();
    if (Number(admins.count) <= 1) return 'lastAdmin';
  }
  return undefined;
}

/** The command line names users by e-mail (case-insensitive). */
export async function changeUserStatusByEmail(
  db: Kysely<Database>,
  email: string,
  change: StatusChange,
  actor: Actor,
): Promise<Result<{ user: User }, UserStatusRefusal | UserByEmailRefusal>> {
  const matches = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .execute();
  if (matches.length === 0) return refusal('unknownEmail');
  if (matches.length > 1) {
    return { ...refusal('sharedEmail'), userIds: matches.map((match) => match.id) };
  }
  return changeUserStatus(db, matches[0]!.id, change, actor);
}

/** A user's audit trail, newest first. */
export async function listUserChanges(db: Kysely<Database>, userId: string): Promise<UserChange[]> {
  return db
    .selectFrom('user_changes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('changed_at', 'desc')
    .orderBy('id')
    .execute();
}

/** The person an admin's user page is about, or undefined for an unknown id. */
export function findUserForAdmin(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'access', 'cohort', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
