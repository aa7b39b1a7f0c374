import { describe, expect, it } from 'vitest';
import { addMentor } from '~/features/mentors/mentors.server';
import { insertCohort, insertUser } from '../../../tests/support/factories';
import { useTestDatabase } from '../../../tests/support/test-database';
import {
  attendanceOf,
  attendanceOfUser,
  attendanceRateOf,
  attendanceRatesOf,
  markAttendance,
} from './attendance.server';
import { addLiveClasses, cancelLiveClass, recordJoin } from './live-sessions.server';

const database = useTestDatabase();

const by = { id: 'mentor-1', name: 'Maya Mentor' };
/** Classes at 17:00 UTC on 1, 8 and 15 Dec 2026, 60 minutes each. */
const ADDED_AT = new Date('2026-11-20T09:00:00Z');
const FIRST_START = new Date('2026-12-01T17:00:00Z');
const AFTER_SECOND = new Date('2026-12-08T18:00:00Z');

/** A student (level 1) of the cohort: who a class's attendance counts. */
const studentIn = (cohortId: string, name: string) =>
  insertUser(database.db, { name, access: 'level-1', cohort: cohortId });

let cohorts = 0;
async function cohortWithClasses(weeks = 3) {
  cohorts += 1;
  const cohort = await insertCohort(database.db, {
    id: `cohort-attendance-${cohorts}`,
    name: `Attendance ${cohorts}`,
    startDate: null,
  });
  const sessions = await addLiveClasses(
    database.db,
    cohort.id,
    {
      title: 'Weekly clinic',
      description: '',
      durationMinutes: 60,
      joinUrl: 'https://meet.example.com/clinic',
      step: null,
      repeatWeeks: weeks,
      startsAt: FIRST_START,
    },
    by,
    ADDED_AT,
  );
  return { cohort, sessions: sessions! };
}

const minutesAfter = (start: string, minutes: number) =>
  new Date(Date.parse(start) + minutes * 60_000);

describe('attendance', () => {
  it('lists the cohort’s students, joined or absent, staff and people without access left out', async () => {
    const { cohort, sessions } = await cohortWithClasses();
    const [first, , third] = sessions;
    const amara = await studentIn(cohort.id, 'Amara');
    await studentIn(cohort.id, 'Bola');
    await insertUser(database.db, { name: 'Nobody', access: 'none', cohort: cohort.id });
    await insertUser(database.db, { name: 'An Admin', access: 'admin', cohort: cohort.id });
    const mentor = await studentIn(cohort.id, 'Mentor');
    await addMentor(database.db, { cohortId: cohort.id, email: mentor.email, by });
    // Joined, then moved to another cohort: still on this class's list.
    const moved = await insertUser(database.db, { name: 'Chidi', access: 'level-1' });
    await recordJoin(database.db, first!.id, moved.id, minutesAfter(first!.starts_at, 2));
    await recordJoin(database.db, first!.id, amara.id, minutesAfter(first!.starts_at, -5));
    await recordJoin(database.db, first!.id, mentor.id, minutesAfter(first!.starts_at, -10));

    const now = minutesAfter(first!.starts_at, 30);
    const rows = await attendanceOf(database.db, first!, now);
    expect(rows.map((row) => [row.name, row.status, row.firstJoinedAt])).toEqual([
      ['Amara', 'joined', '2026-12-01T16:55:00.000Z'],
      ['Bola', 'absent', null],
      ['Chidi', 'joined', '2026-12-01T17:02:00.000Z'],
    ]);
    expect(attendanceRateOf(rows, first!, now)).toEqual({ attended: 2, of: 3, percent: 67 });

    // A class that has not started: nobody is absent yet, and there is no rate.
    const later = await attendanceOf(database.db, third!, now);
    expect(later.map((row) => row.status)).toEqual(['not-joined', 'not-joined']);
    expect(attendanceRateOf(later, third!, now)).toBeNull();
  });

  it('marks by hand over the join record, audits each mark, and refuses who is not a student', async () => {
    const { cohort, sessions } = await cohortWithClasses(2);
    const [first, second] = sessions;
    const dayo = await studentIn(cohort.id, 'Dayo');
    const outsider = await insertUser(database.db, { name: 'Outsider', access: 'level-1' });
    const noAccess = await insertUser(database.db, { access: 'none', cohort: cohort.id });
    await recordJoin(database.db, first!.id, dayo.id, minutesAfter(first!.starts_at, 1));
    const at = (minute: number) => minutesAfter(first!.starts_at, 70 + minute);

    const absent = { sessionId: first!.id, userId: dayo.id, mark: 'absent' as const };
    expect(await markAttendance(database.db, absent, by, at(1))).toEqual({
      outcome: 'marked',
      name: 'Dayo',
    });
    let [row] = await attendanceOf(database.db, first!, at(2));
    expect(row).toMatchObject({
      status: 'absent',
      firstJoinedAt: '2026-12-01T17:01:00.000Z',
      markedByName: 'Maya Mentor',
    });
    await markAttendance(database.db, { ...absent, mark: 'present' }, by, at(3));
    [row] = await attendanceOf(database.db, first!, at(4));
    expect(row?.status).toBe('present');

    // Marked present without having joined.
    await markAttendance(
      database.db,
      { ...absent, sessionId: second!.id, mark: 'present' },
      by,
      at(5),
    );
    const marks = await database.db
      .selectFrom('live_attendance_marks')
      .select(['session_id', 'mark', 'marked_by', 'marked_by_name'])
      .where('user_id', '=', dayo.id)
      .orderBy('marked_at')
      .execute();
    expect(marks).toEqual([
      { session_id: first!.id, mark: 'absent', marked_by: by.id, marked_by_name: by.name },
      { session_id: first!.id, mark: 'present', marked_by: by.id, marked_by_name: by.name },
      { session_id: second!.id, mark: 'present', marked_by: by.id, marked_by_name: by.name },
    ]);

    for (const userId of [outsider.id, noAccess.id, 'no-such-user']) {
      expect(await markAttendance(database.db, { ...absent, userId }, by, at(6))).toEqual({
        outcome: 'not-member',
      });
    }
    expect(
      await markAttendance(database.db, { ...absent, sessionId: 'no-such-class' }, by, at(6)),
    ).toEqual({ outcome: 'not-found' });
    await cancelLiveClass(database.db, second!.id, at(7));
    expect(
      await markAttendance(database.db, { ...absent, sessionId: second!.id }, by, at(8)),
    ).toEqual({ outcome: 'cancelled' });
    const written = await database.db
      .selectFrom('live_attendance')
      .select('user_id')
      .where('user_id', 'in', [outsider.id, noAccess.id])
      .execute();
    expect(written).toEqual([]);
    expect(
      await database.db
        .selectFrom('live_attendance_marks')
        .select('id')
        .where('user_id', '=', dayo.id)
        .execute(),
    ).toHaveLength(3);
  });

  it('gives a person their rate over the classes that ended, and the ones they missed', async () => {
    const { cohort, sessions } = await cohortWithClasses(3);
    const [first, second] = sessions;
    const efe = await studentIn(cohort.id, 'Efe');
    const femi = await studentIn(cohort.id, 'Femi');
    await recordJoin(database.db, first!.id, efe.id, minutesAfter(first!.starts_at, 0));

    // The second has ended, the third not yet.
    expect(await attendanceOfUser(database.db, efe.id, AFTER_SECOND)).toEqual({
      rate: { attended: 1, of: 2, percent: 50 },
      missed: [{ id: second!.id, title: 'Weekly clinic', starts_at: second!.starts_at }],
    });
    // While the second runs, it is not missed yet.
    expect(
      await attendanceOfUser(database.db, efe.id, minutesAfter(second!.starts_at, 30)),
    ).toMatchObject({ rate: { attended: 1, of: 1, percent: 100 }, missed: [] });
    // A cancelled class does not count.
    await cancelLiveClass(database.db, second!.id, ADDED_AT);
    expect(await attendanceOfUser(database.db, efe.id, AFTER_SECOND)).toMatchObject({
      rate: { attended: 1, of: 1, percent: 100 },
    });
    expect(await attendanceOfUser(database.db, 'no-such-user', AFTER_SECOND)).toEqual({
      rate: null,
      missed: [],
    });

    const rates = await attendanceRatesOf(
      database.db,
      [
        { id: efe.id, cohort: cohort.id, access: 'level-1' },
        { id: femi.id, cohort: cohort.id, access: 'level-1' },
      ],
      AFTER_SECOND,
    );
    expect(Object.fromEntries(rates)).toEqual({
      [efe.id]: { attended: 1, of: 1, percent: 100 },
      [femi.id]: { attended: 0, of: 1, percent: 0 },
    });
    // Before any class ended, nobody has a rate.
    expect((await attendanceOfUser(database.db, femi.id, ADDED_AT)).rate).toBeNull();
  });
});
