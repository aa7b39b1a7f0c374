import { describe, expect, it } from 'vitest';
import type { Access } from '~/db/schema';
import { addMentor } from '~/features/mentors/mentors.server';
import { admin as by, insertCohort, insertUser } from '../../../tests/support/factories';
import { useTestDatabase } from '../../../tests/support/test-database';
import { addClassSchema } from './live-class-form';
import {
  addLiveClasses,
  cancelLiveClass,
  classesOfCohort,
  findLiveClass,
  mayJoinClass,
  recordJoin,
  runsClassesOf,
  saveRecording,
  updateLiveClass,
} from './live-sessions.server';

const database = useTestDatabase();

const NOW = new Date('2026-12-01T09:00:00Z');
const ZONE = 'Africa/Lagos';

let cohorts = 0;
async function newCohort() {
  cohorts += 1;
  return insertCohort(database.db, {
    id: `cohort-live-${cohorts}`,
    name: `Live ${cohorts}`,
    startDate: null,
  });
}

/** The add form as a person fills it in: 18:00 in Lagos on 8 Dec 2026 unless told. */
function addForm(fields: Record<string, string> = {}) {
  const parsed = addClassSchema({ timeZone: ZONE, now: NOW }).parse({
    intent: 'add-class',
    title: 'JavaScript clinic',
    description: 'Bring your questions.',
    date: '2026-12-08',
    time: '18:00',
    durationMinutes: '90',
    joinUrl: 'https://meet.example.com/abc',
    step: 'javascript',
    repeatWeeks: '',
    ...fields,
  });
  return parsed;
}

describe('the staff commands on live classes', () => {
  it('adds a weekly series of three, each its own class a week apart, in UTC', async () => {
    const cohort = await newCohort();
    const added = await addLiveClasses(
      database.db,
      cohort.id,
      addForm({ repeatWeeks: '3' }),
      by,
      NOW,
    );
    expect(added?.map((session) => session.starts_at)).toEqual([
      '2026-12-08T17:00:00.000Z',
      '2026-12-15T17:00:00.000Z',
      '2026-12-22T17:00:00.000Z',
    ]);
    const series = new Set(added!.map((session) => session.series_id));
    expect(series.size).toBe(1);
    expect([...series][0]).not.toBeNull();
    expect(
      added!.every((session) => session.status === 'scheduled' && session.sequence === 0),
    ).toBe(true);
    const { upcoming, past } = await classesOfCohort(database.db, cohort.id, NOW);
    expect(upcoming.map((session) => session.id)).toEqual(added!.map((session) => session.id));
    expect(past).toEqual([]);
  });

  it('adds one class without a series, and nothing for a cohort that does not exist', async () => {
    const cohort = await newCohort();
    const [one] = (await addLiveClasses(database.db, cohort.id, addForm(), by, NOW))!;
    expect(one).toMatchObject({ series_id: null, step: 'javascript', duration_minutes: 90 });
    expect(await addLiveClasses(database.db, 'no-such-cohort', addForm(), by, NOW)).toBeUndefined();
    const rows = await database.db
      .selectFrom('live_sessions')
      .select('id')
      .where('cohort_id', '=', 'no-such-cohort')
      .execute();
    expect(rows).toEqual([]);
  });

  it('saves every field and bumps the sequence; a cancelled class cannot change', async () => {
    const cohort = await newCohort();
    const [session] = (await addLiveClasses(database.db, cohort.id, addForm(), by, NOW))!;
    const moved = { ...addForm({ time: '19:30', title: 'Moved clinic' }), step: null };
    const saved = await updateLiveClass(database.db, session!.id, moved, NOW);
    expect(saved).toMatchObject({
      outcome: 'changed',
      session: { title: 'Moved clinic', starts_at: '2026-12-08T18:30:00.000Z', sequence: 1 },
    });

    const cancelled = await cancelLiveClass(database.db, session!.id, NOW);
    expect(cancelled).toMatchObject({
      outcome: 'changed',
      session: { status: 'cancelled', sequence: 2 },
    });
    expect(await cancelLiveClass(database.db, session!.id, NOW)).toEqual({ outcome: 'cancelled' });
    expect(await updateLiveClass(database.db, session!.id, addForm(), NOW)).toEqual({
      outcome: 'cancelled',
    });
    expect(await findLiveClass(database.db, session!.id)).toMatchObject({
      title: 'Moved clinic',
      status: 'cancelled',
      sequence: 2,
    });
    expect(await updateLiveClass(database.db, 'nope', addForm(), NOW)).toEqual({
      outcome: 'not-found',
    });
    expect(await cancelLiveClass(database.db, 'nope', NOW)).toEqual({ outcome: 'not-found' });
  });

  it('takes a recording only once the class has ended', async () => {
    const cohort = await newCohort();
    const [session] = (await addLiveClasses(database.db, cohort.id, addForm(), by, NOW))!;
    const link = 'https://video.example.com/clinic';
    // 17:00 UTC for 90 minutes: it ends at 18:30.
    const during = new Date('2026-12-08T18:29:00Z');
    const after = new Date('2026-12-08T18:30:00Z');
    expect(await saveRecording(database.db, session!.id, link, during)).toEqual({
      outcome: 'not-ended',
    });
    expect((await findLiveClass(database.db, session!.id))?.recording_url).toBeNull();
    expect(await saveRecording(database.db, session!.id, link, after)).toMatchObject({
      outcome: 'changed',
      session: { recording_url: link, sequence: 0 },
    });
    expect(await saveRecording(database.db, 'nope', link, after)).toEqual({ outcome: 'not-found' });
    await cancelLiveClass(database.db, session!.id, after);
    expect(await saveRecording(database.db, session!.id, link, after)).toEqual({
      outcome: 'cancelled',
    });
  });

  it('keeps the first join time when the same person joins again', async () => {
    const cohort = await newCohort();
    const student = await insertUser(database.db, { access: 'level-1', cohort: cohort.id });
    const [session] = (await addLiveClasses(database.db, cohort.id, addForm(), by, NOW))!;
    await recordJoin(database.db, session!.id, student.id, new Date('2026-12-08T16:50:00Z'));
    await recordJoin(database.db, session!.id, student.id, new Date('2026-12-08T17:20:00Z'));
    const rows = await database.db
      .selectFrom('live_attendance')
      .select(['user_id', 'first_joined_at'])
      .where('session_id', '=', session!.id)
      .execute();
    expect(rows).toEqual([{ user_id: student.id, first_joined_at: '2026-12-08T16:50:00.000Z' }]);
  });

  it('lets admins and the cohort’s mentors run its classes; joins also its students with access', async () => {
    const cohort = await newCohort();
    const other = await newCohort();
    const [session] = (await addLiveClasses(database.db, cohort.id, addForm(), by, NOW))!;
    const person = async (access: Access, cohortId: string, mentorOf?: string) => {
      const user = await insertUser(database.db, { access, cohort: cohortId });
      if (mentorOf) {
        const added = await addMentor(database.db, { cohortId: mentorOf, email: user.email, by });
        expect(added.outcome).toBe('added');
      }
      return { id: user.id, name: user.name, access, cohort: cohortId };
    };
    const people = {
      admin: await person('admin', 'none'),
      mentor: await person('none', 'none', cohort.id),
      otherMentor: await person('none', 'none', other.id),
      student: await person('level-1', cohort.id),
      otherStudent: await person('level-1', other.id),
      noAccess: await person('none', cohort.id),
    };
    const runs = Object.fromEntries(
      await Promise.all(
        Object.entries(people).map(async ([who, viewer]) => [
          who,
          [
            await runsClassesOf(database.db, viewer, cohort.id),
            await mayJoinClass(database.db, viewer, session!),
          ],
        ]),
      ),
    );
    expect(runs).toEqual({
      admin: [true, true],
      mentor: [true, true],
      otherMentor: [false, false],
      student: [false, true],
      otherStudent: [false, false],
      noAccess: [false, false],
    });
  });
});
