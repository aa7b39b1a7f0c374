import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  nowTimestamp,
  type Access,
  type AttendanceMark,
  type Database,
  type LiveSession,
} from '~/db/schema';
import {
  attendanceRate,
  attendanceStatus,
  attended,
  type AttendanceRate,
  type AttendanceStatus,
} from './attendance';
import { classEnd } from './class-times';
import type { ClassEditor } from './live-sessions.server';

/** One student on a class's attendance view. */
export interface AttendanceRow {
  userId: string;
  name: string;
  /** Their first join through the join page, if any. */
  firstJoinedAt: string | null;
  /** A mentor's or admin's mark, which wins over the join record. */
  mark: AttendanceMark | null;
  markedByName: string | null;
  markedAt: string | null;
  status: AttendanceStatus;
}

const hasStarted = (session: Pick<LiveSession, 'starts_at'>, now: Date) =>
  Date.parse(session.starts_at) <= now.getTime();

/**
 * The students a class's attendance covers: the cohort's members with access (not `none`),
 * plus anyone with an attendance row for it (who joined, then left the cohort). Staff are
 * not students: admins and the cohort's own mentors, who may join to teach, are left out.
 */
function studentsOfClass(db: Kysely<Database>, session: Pick<LiveSession, 'id' | 'cohort_id'>) {
  return db
    .selectFrom('users')
    .leftJoin('live_attendance', (join) =>
      join
        .onRef('live_attendance.user_id', '=', 'users.id')
        .on('live_attendance.session_id', '=', session.id),
    )
    .select([
      'users.id as userId',
      'users.name',
      'live_attendance.first_joined_at as firstJoinedAt',
      'live_attendance.mark',
      'live_attendance.marked_by_name as markedByName',
      'live_attendance.marked_at as markedAt',
    ])
    .where((eb) =>
      eb.and([
        eb.or([
          eb.and([eb('users.cohort', '=', session.cohort_id), eb('users.access', '<>', 'none')]),
          eb('live_attendance.session_id', 'is not', null),
        ]),
        eb('users.access', '<>', 'admin'),
        eb.not(
          eb.exists(
            eb
              .selectFrom('cohort_staff')
              .select('cohort_staff.user_id')
              .whereRef('cohort_staff.user_id', '=', 'users.id')
              .where('cohort_staff.cohort_id', '=', session.cohort_id)
              .where('cohort_staff.role', '=', 'mentor'),
          ),
        ),
      ]),
    );
}

/** Every student of a class with Joined, Present or Absent, by name. */
export async function attendanceOf(
  db: Kysely<Database>,
  session: LiveSession,
  now: Date = new Date(),
): Promise<AttendanceRow[]> {
  const rows = await studentsOfClass(db, session)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
  const started = hasStarted(session, now);
  return rows.map((row) => ({ ...row, status: attendanceStatus(row, started) }));
}

/**
 * The class's rate ("7 of 10 attended"): none for a class that has not started (nobody
 * could have come yet) or was cancelled, nor for a cohort without students.
 */
export function attendanceRateOf(
  rows: readonly AttendanceRow[],
  session: LiveSession,
  now: Date = new Date(),
): AttendanceRate | null {
  if (session.status === 'cancelled' || !hasStarted(session, now)) return null;
  return attendanceRate(rows.filter((row) => attended(row.status)).length, rows.length);
}

export type MarkAttendanceResult =
  | { outcome: 'marked'; name: string }
  | { outcome: 'not-found' }
  | { outcome: 'cancelled' }
  | { outcome: 'not-member' };

/**
 * A mentor's or admin's word that a student was present or absent: kept on their
 * attendance row (it wins over the join record) and audited, both in one transaction.
 * Only a student the class's attendance covers can be marked.
 */
export async function markAttendance(
  db: Kysely<Database>,
  { sessionId, userId, mark }: { sessionId: string; userId: string; mark: AttendanceMark },
  by: ClassEditor,
  now: Date = new Date(),
): Promise<MarkAttendanceResult> {
  return db.transaction().execute(async (trx) => {
    const session = await trx
      .selectFrom('live_sessions')
      .select(['id', 'cohort_id', 'status'])
      .where('id', '=', sessionId)
      .executeTakeFirst();
    if (!session) return { outcome: 'not-found' };
    if (session.status === 'cancelled') return { outcome: 'cancelled' };
    const student = await studentsOfClass(trx, session)
      .where('users.id', '=', userId)
      .executeTakeFirst();
    if (!student) return { outcome: 'not-member' };
    const at = nowTimestamp(now);
    const marked = { mark, marked_by: by.id, marked_by_name: by.name, marked_at: at };
    await trx
      .insertInto('live_attendance')
      .values({ session_id: sessionId, user_id: userId, first_joined_at: null, ...marked })
      .onConflict((conflict) => conflict.columns(['session_id', 'user_id']).doUpdateSet(marked))
      .execute();
    await trx
      .insertInto('live_attendance_marks')
      .values({
        id: randomUUID(),
        session_id: sessionId,
        user_id: userId,
        mark,
        marked_by: by.id,
        marked_by_name: by.name,
        marked_at: at,
      })
      .execute();
    return { outcome: 'marked', name: student.name };
  });
}

/** A class someone should have attended and did not. */
export interface MissedClass {
  id: string;
  title: string;
  starts_at: string;
}

/** A person's attendance over the classes that count for them, and the ones they missed. */
export interface PersonAttendance {
  rate: AttendanceRate | null;
  /** Latest first. */
  missed: MissedClass[];
}

interface Person {
  id: string;
  cohort: string;
  access: Access;
}

/**
 * The attendance of each person over every class that has ended and was not cancelled,
 * counting the classes whose attendance view lists them (see `studentsOfClass`): those of
 * their cohort while they are its student, and any other they have a row for. A class
 * still running is left out: nobody has missed it yet.
 */
async function attendanceOfPeople(
  db: Kysely<Database>,
  people: readonly Person[],
  now: Date,
): Promise<Map<string, PersonAttendance>> {
  const result = new Map<string, PersonAttendance>();
  if (people.length === 0) return result;
  const ids = people.map((person) => person.id);
  const cohorts = [...new Set(people.map((person) => person.cohort))];
  const [rows, staff] = await Promise.all([
    db
      .selectFrom('live_attendance')
      .select(['session_id', 'user_id', 'first_joined_at', 'mark'])
      .where('user_id', 'in', ids)
      .execute(),
    db
      .selectFrom('cohort_staff')
      .select(['user_id', 'cohort_id'])
      .where('user_id', 'in', ids)
      .where('role', '=', 'mentor')
      .execute(),
  ]);
  const rowIds = [...new Set(rows.map((row) => row.session_id))];
  const sessions = await db
    .selectFrom('live_sessions')
    .select(['id', 'cohort_id', 'title', 'starts_at', 'duration_minutes'])
    .where('status', '=', 'scheduled')
    .where('starts_at', '<', nowTimestamp(now))
    .where((eb) =>
      eb.or([
        eb('cohort_id', 'in', cohorts),
        ...(rowIds.length > 0 ? [eb('id', 'in', rowIds)] : []),
      ]),
    )
    .orderBy('starts_at', 'desc')
    .orderBy('id')
    .execute();
  const ended = sessions.filter((session) => classEnd(session) <= now);
  const rowOf = new Map(rows.map((row) => [`${row.session_id} ${row.user_id}`, row]));
  const mentors = new Set(staff.map((row) => `${row.cohort_id} ${row.user_id}`));
  for (const person of people) {
    const isStudentOf = (cohortId: string) =>
      person.cohort === cohortId &&
      person.access !== 'none' &&
      person.access !== 'admin' &&
      !mentors.has(`${cohortId} ${person.id}`);
    const counted = ended.flatMap((session) => {
      const row = rowOf.get(`${session.id} ${person.id}`);
      if (!row && !isStudentOf(session.cohort_id)) return [];
      const status = attendanceStatus(
        { mark: row?.mark ?? null, firstJoinedAt: row?.first_joined_at ?? null },
        true,
      );
      return [{ session, attended: attended(status) }];
    });
    result.set(person.id, {
      rate: attendanceRate(counted.filter((entry) => entry.attended).length, counted.length),
      missed: counted
        .filter((entry) => !entry.attended)
        .map(({ session: { id, title, starts_at } }) => ({ id, title, starts_at })),
    });
  }
  return result;
}

/** A user's admin page: their attendance rate and the classes they missed (none for no one). */
export async function attendanceOfUser(
  db: Kysely<Database>,
  userId: string,
  now: Date = new Date(),
): Promise<PersonAttendance> {
  const person = await db
    .selectFrom('users')
    .select(['id', 'cohort', 'access'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const found = person && (await attendanceOfPeople(db, [person], now)).get(person.id);
  return found ?? { rate: null, missed: [] };
}

/** The rosters' Attendance column: each person's rate, by id (null: no class counts yet). */
export async function attendanceRatesOf(
  db: Kysely<Database>,
  people: readonly Person[],
  now: Date = new Date(),
): Promise<Map<string, AttendanceRate | null>> {
  const all = await attendanceOfPeople(db, people, now);
  return new Map([...all].map(([id, attendance]) => [id, attendance.rate]));
}
