import type { Kysely } from 'kysely';
import {
  NO_COHORT,
  nowTimestamp,
  type Cohort,
  type Database,
  type LiveSession,
  type Membership,
  type MembershipChange,
  type User,
} from '~/db/schema';
import { cohortNameOf } from '~/features/cohorts/cohorts.server';
import { enqueueEmail } from '~/features/email/outbox.server';
import type { LiveClassPayload } from '~/features/email/templates/live-class-emails';
import { academyTimeZone } from '~/lib/env.server';
import { isDeliverableAddress } from '~/lib/mail-address';

export type ClassChange = 'added' | 'updated' | 'cancelled';

export type ClassStudent = Pick<User, 'id' | 'name' | 'email'>;

/**
 * The students a cohort's class e-mails go to: its members with a student's course access
 * whose address can receive mail (an account without one still sees its schedule). An admin
 * placed in a cohort is staff, not a student (decision 045), and gets none.
 */
export async function studentsOf(
  db: Kysely<Database>,
  cohortId: string,
  { remindersOnly = false }: { remindersOnly?: boolean } = {},
): Promise<ClassStudent[]> {
  let query = db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('cohort', '=', cohortId)
    .where('access', '=', 'level-1');
  if (remindersOnly) query = query.where('reminder_emails', '=', 1);
  const students = await query.orderBy('id').execute();
  return students.filter((student) => isDeliverableAddress(student.email));
}

/** The class as it is now: what an e-mail about it says whenever it is sent. */
function sessionSnapshot(session: LiveSession): LiveClassPayload['session'] {
  return {
    id: session.id,
    title: session.title,
    description: session.description,
    starts_at: session.starts_at,
    duration_minutes: session.duration_minutes,
    status: session.status,
    sequence: session.sequence,
    updated_at: session.updated_at,
  };
}

/** The class as it is now, for one student: what their e-mail says whenever it is sent. */
export function classSnapshot(
  session: LiveSession,
  student: ClassStudent,
  cohortName: string,
): LiveClassPayload {
  return {
    name: student.name,
    cohortName,
    timeZone: academyTimeZone(),
    session: sessionSnapshot(session),
  };
}

/**
 * Queues one student's e-mail about a class as it stands. The key is per student, class and
 * SEQUENCE: each version of the class reaches each student once, however often it is asked
 * for.
 */
async function enqueueClassEmail(
  trx: Kysely<Database>,
  session: LiveSession,
  student: ClassStudent,
  cohort: string,
  change: ClassChange,
  now: Date,
): Promise<void> {
  const payload = classSnapshot(session, student, cohort);
  const common = {
    key: `live-class:${session.id}:${student.id}:${session.sequence}`,
    to: { address: student.email, name: student.name },
    userId: student.id,
  };
  if (change === 'updated') {
    await enqueueEmail(trx, { ...common, template: 'live-class-update', payload }, now);
  } else if (change === 'cancelled') {
    await enqueueEmail(trx, { ...common, template: 'live-class-cancellation', payload }, now);
  } else {
    await enqueueEmail(
      trx,
      {
        ...common,
        template: 'live-class-invitation',
        payload: { ...payload, occasion: 'new-class' },
      },
      now,
    );
  }
}

/**
 * Queues, in the transaction of the change, the e-mail with the calendar invitation
 * (`METHOD:REQUEST`) or cancellation (`METHOD:CANCEL`) to each student of the classes'
 * cohort (the classes of one change: one class, or a weekly series, all of one cohort).
 * Each message names its one student: nobody learns who else is in the class.
 */
export async function tellClassChange(
  trx: Kysely<Database>,
  sessions: readonly LiveSession[],
  change: ClassChange,
  now: Date,
): Promise<void> {
  const cohortId = sessions[0]?.cohort_id;
  if (!cohortId) return;
  const [cohort, students] = await Promise.all([
    cohortNameOf(trx, cohortId),
    studentsOf(trx, cohortId),
  ]);
  if (!cohort) return;
  for (const session of sessions) {
    for (const student of students) {
      await enqueueClassEmail(trx, session, student, cohort, change, now);
    }
  }
}

/**
 * Whether the change made its person a student of its cohort (placed in it with course access,
 * or given access while in it): the moment their cohort's classes are theirs to join.
 */
export function becameStudent({ before, after }: MembershipChange): boolean {
  const isStudent = (membership: Membership, cohort: Cohort) =>
    membership.access === 'level-1' && membership.cohort === cohort;
  return (
    after.cohort !== NO_COHORT && isStudent(after, after.cohort) && !isStudent(before, after.cohort)
  );
}

/**
 * The classes still to come of a cohort, as they are now: what the "Your cohort" e-mail of a
 * new student lists and carries as one calendar file (decision 071). Each later change to
 * one of them reaches the student as its own update (`tellClassChange`).
 */
export async function classesToCome(
  trx: Kysely<Database>,
  cohortId: string,
  now: Date,
): Promise<LiveClassPayload['session'][]> {
  const sessions = await trx
    .selectFrom('live_sessions')
    .selectAll()
    .where('cohort_id', '=', cohortId)
    .where('status', '=', 'scheduled')
    .where('starts_at', '>', nowTimestamp(now))
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
  return sessions.map(sessionSnapshot);
}
