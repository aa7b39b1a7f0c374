import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { nowTimestamp, type Access, type Database } from '~/db/schema';
import { tellMentorAdded } from './mentor-emails.server';
import type { StaffChanger } from './mentors';

export interface Mentor {
  id: string;
  name: string;
  email: string;
  added_at: string;
}

export type AddMentorResult =
  | { outcome: 'added'; mentor: Mentor; cohortName: string }
  | { outcome: 'already-mentor'; mentor: Mentor; cohortName: string }
  | { outcome: 'unknown-email' }
  | { outcome: 'several-accounts' }
  | { outcome: 'archived-cohort' }
  | { outcome: 'no-cohort' };

export type RemoveMentorResult =
  | { outcome: 'removed'; mentor: { id: string; name: string }; cohortName: string }
  | { outcome: 'not-mentor' };

/**
 * Makes the account with this e-mail address (compared without case) a mentor of a cohort
 * that is not archived, audited in the same transaction. Only an existing account: a
 * mentor signs in first. Two admins adding the same person at once: one adds, the other
 * hears `already-mentor`, and the history has one row.
 */
export async function addMentor(
  db: Kysely<Database>,
  input: { cohortId: string; email: string; by: StaffChanger },
  now: Date = new Date(),
): Promise<AddMentorResult> {
  const email = input.email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    const cohort = await trx
      .selectFrom('cohorts')
      .select(['name', 'archived_at'])
      .where('id', '=', input.cohortId)
      .executeTakeFirst();
    if (!cohort) return { outcome: 'no-cohort' };
    if (cohort.archived_at) return { outcome: 'archived-cohort' };
    const accounts = await trx
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where(sql<string>`lower(email)`, '=', email)
      .limit(2)
      .execute();
    const account = accounts[0];
    if (!account || email === '') return { outcome: 'unknown-email' };
    if (accounts.length > 1) return { outcome: 'several-accounts' };
    const at = nowTimestamp(now);
    const added = await trx
      .insertInto('cohort_staff')
      .values({
        user_id: account.id,
        cohort_id: input.cohortId,
        role: 'mentor',
        added_by: input.by.id,
        added_at: at,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'cohort_id']).doNothing())
      .returning('added_at')
      .executeTakeFirst();
    if (!added) {
      const { added_at } = await trx
        .selectFrom('cohort_staff')
        .select('added_at')
        .where('user_id', '=', account.id)
        .where('cohort_id', '=', input.cohortId)
        .executeTakeFirstOrThrow();
      return {
        outcome: 'already-mentor',
        mentor: { ...account, added_at },
        cohortName: cohort.name,
      };
    }
    await recordStaffChange(trx, { ...input, userId: account.id, action: 'added', at });
    await tellMentorAdded(trx, { ...input, mentor: account, cohortName: cohort.name }, now);
    return { outcome: 'added', mentor: { ...account, added_at: at }, cohortName: cohort.name };
  });
}

/**
 * Takes a mentor off a cohort, audited in the same transaction. Every mentor check reads
 * `cohort_staff`, so the reviews and students of that cohort are out of reach from the
 * next request on. Works on archived cohorts too.
 */
export async function removeMentor(
  db: Kysely<Database>,
  input: { cohortId: string; userId: string; by: StaffChanger },
  now: Date = new Date(),
): Promise<RemoveMentorResult> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('cohort_staff')
      .where('user_id', '=', input.userId)
      .where('cohort_id', '=', input.cohortId)
      .returning('user_id')
      .executeTakeFirst();
    if (!removed) return { outcome: 'not-mentor' };
    await recordStaffChange(trx, { ...input, action: 'removed', at: nowTimestamp(now) });
    const [mentor, cohort] = await Promise.all([
      trx
        .selectFrom('users')
        .select(['id', 'name'])
        .where('id', '=', input.userId)
        .executeTakeFirstOrThrow(),
      trx
        .selectFrom('cohorts')
        .select('name')
        .where('id', '=', input.cohortId)
        .executeTakeFirstOrThrow(),
    ]);
    return { outcome: 'removed', mentor, cohortName: cohort.name };
  });
}

async function recordStaffChange(
  trx: Kysely<Database>,
  change: {
    userId: string;
    cohortId: string;
    by: StaffChanger;
    action: 'added' | 'removed';
    at: string;
  },
): Promise<void> {
  await trx
    .insertInto('cohort_staff_changes')
    .values({
      id: randomUUID(),
      user_id: change.userId,
      cohort_id: change.cohortId,
      role: 'mentor',
      action: change.action,
      changed_by: change.by.id,
      changed_by_name: change.by.name,
      changed_at: change.at,
    })
    .execute();
}

/** A cohort's mentors, by name. */
export function mentorsOf(db: Kysely<Database>, cohortId: string): Promise<Mentor[]> {
  return db
    .selectFrom('cohort_staff')
    .innerJoin('users', 'users.id', 'cohort_staff.user_id')
    .select(['users.id', 'users.name', 'users.email', 'cohort_staff.added_at'])
    .where('cohort_staff.cohort_id', '=', cohortId)
    .where('cohort_staff.role', '=', 'mentor')
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}

/** The cohorts a person mentors, archived ones included (their students stay theirs). */
export function cohortsMentoredBy(
  db: Kysely<Database>,
  userId: string,
): Promise<{ id: string; name: string; archived_at: string | null }[]> {
  return db
    .selectFrom('cohort_staff')
    .innerJoin('cohorts', 'cohorts.id', 'cohort_staff.cohort_id')
    .select(['cohorts.id', 'cohorts.name', 'cohorts.archived_at'])
    .where('cohort_staff.user_id', '=', userId)
    .where('cohort_staff.role', '=', 'mentor')
    .orderBy('cohorts.name')
    .execute();
}

/**
 * The cohorts a staff page lists for `actor`: every cohort for an admin (without the archived
 * ones when `openOnly`), the cohorts they mentor for anyone else. Read per request, so a
 * mentor removed from a cohort no longer sees it.
 */
export function cohortsRunBy(
  db: Kysely<Database>,
  actor: { id: string; access: Access },
  { openOnly = false }: { openOnly?: boolean } = {},
): Promise<{ id: string; name: string; archived_at: string | null }[]> {
  if (actor.access !== 'admin') return cohortsMentoredBy(db, actor.id);
  const cohorts = db.selectFrom('cohorts').select(['id', 'name', 'archived_at']);
  return (openOnly ? cohorts.where('archived_at', 'is', null) : cohorts).orderBy('name').execute();
}

export async function isMentorOf(
  db: Kysely<Database>,
  userId: string,
  cohortId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('cohort_staff')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('cohort_id', '=', cohortId)
    .where('role', '=', 'mentor')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether a person reads the students-only steps: level-1 students and admins by their
 * access, and a mentor of any cohort (DESIGN §13), as the request's session read them.
 */
export function readsStudentSteps(person: { access: Access; mentorsACohort: boolean }): boolean {
  return person.access === 'level-1' || person.access === 'admin' || person.mentorsACohort;
}

/** Whether a person mentors at least one cohort (the mentor area's door), asked per request. */
export async function mentorsAnyCohort(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('cohort_staff')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('role', '=', 'mentor')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface StaffChangeEntry {
  action: 'added' | 'removed';
  mentorName: string;
  cohortName: string;
  changedByName: string;
  changedAt: string;
}

/**
 * Mentor changes in a person's history: those that made or unmade them a mentor and
 * those they made, newest first.
 */
export function staffChangesFor(
  db: Kysely<Database>,
  userId: string,
  limit = 50,
): Promise<StaffChangeEntry[]> {
  return db
    .selectFrom('cohort_staff_changes as change')
    .innerJoin('users', 'users.id', 'change.user_id')
    .innerJoin('cohorts', 'cohorts.id', 'change.cohort_id')
    .select([
      'change.action',
      'users.name as mentorName',
      'cohorts.name as cohortName',
      'change.changed_by_name as changedByName',
      'change.changed_at as changedAt',
    ])
    .where((eb) => eb.or([eb('change.user_id', '=', userId), eb('change.changed_by', '=', userId)]))
    .orderBy('change.changed_at', 'desc')
    .orderBy('change.id')
    .limit(limit)
    .execute();
}
