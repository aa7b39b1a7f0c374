import { describe, expect, it } from 'vitest';
import { setCohortArchived } from '~/features/cohorts/cohorts.server';
import { insertUser, newCohort } from '../../../tests/support/factories';
import { useTestDatabase } from '../../../tests/support/test-database';
import {
  addMentor,
  cohortsMentoredBy,
  isMentorOf,
  mentorsOf,
  mentorsAnyCohort,
  readsStudentSteps,
  removeMentor,
  staffChangesFor,
} from './mentors.server';
import { timelineOf } from '../../../tests/support/timeline';

const database = useTestDatabase();

const mentoredCohort = () => newCohort(database.db, 'Mentored');

const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 10, minute));

async function adminAndMentor() {
  const admin = await insertUser(database.db, { access: 'admin', name: 'Ada Admin' });
  const mentor = await insertUser(database.db, { name: 'Maya Mentor' });
  return { admin, mentor, by: { id: admin.id, name: admin.name } };
}

describe('adding and removing mentors', () => {
  it('makes an existing account mentor by e-mail (any case), audited in both histories', async () => {
    const { admin, mentor, by } = await adminAndMentor();
    const cohort = await mentoredCohort();
    const email = `  ${mentor.email.toUpperCase()} `;
    const added = await addMentor(database.db, { cohortId: cohort.id, email, by }, at(1));
    expect(added).toMatchObject({
      outcome: 'added',
      mentor: { id: mentor.id, name: 'Maya Mentor' },
      cohortName: cohort.name,
    });
    expect(await isMentorOf(database.db, mentor.id, cohort.id)).toBe(true);
    expect(await isMentorOf(database.db, mentor.id, 'cohort-1')).toBe(false);
    expect((await mentorsOf(database.db, cohort.id)).map((row) => row.id)).toEqual([mentor.id]);
    expect(await cohortsMentoredBy(database.db, mentor.id)).toEqual([
      { id: cohort.id, name: cohort.name, archived_at: null },
    ]);
    // A mentor reads the students-only steps without any access of their own.
    expect(await mentorsAnyCohort(database.db, mentor.id)).toBe(true);
    expect(readsStudentSteps({ access: 'none', mentorsACohort: true })).toBe(true);

    expect(
      await addMentor(database.db, { cohortId: cohort.id, email: mentor.email, by }),
    ).toMatchObject({ outcome: 'already-mentor' });

    const removed = await removeMentor(
      database.db,
      { cohortId: cohort.id, userId: mentor.id, by },
      at(2),
    );
    expect(removed).toMatchObject({ outcome: 'removed', mentor: { name: 'Maya Mentor' } });
    expect(await isMentorOf(database.db, mentor.id, cohort.id)).toBe(false);
    expect(await mentorsAnyCohort(database.db, mentor.id)).toBe(false);
    expect(readsStudentSteps({ access: 'none', mentorsACohort: false })).toBe(false);
    expect(await removeMentor(database.db, { cohortId: cohort.id, userId: mentor.id, by })).toEqual(
      { outcome: 'not-mentor' },
    );

    // One row per change (the refused ones wrote nothing), in the mentor's and the admin's history.
    const expected = [
      {
        action: 'removed',
        mentorName: 'Maya Mentor',
        cohortName: cohort.name,
        changedByName: 'Ada Admin',
      },
      {
        action: 'added',
        mentorName: 'Maya Mentor',
        cohortName: cohort.name,
        changedByName: 'Ada Admin',
      },
    ];
    const ofMentor = await staffChangesFor(database.db, mentor.id);
    expect(ofMentor).toMatchObject(expected);
    expect(await staffChangesFor(database.db, admin.id)).toEqual(ofMentor);
    const timeline = timelineOf({
      user: { created_at: mentor.created_at },
      staffChanges: ofMentor,
    });
    expect(timeline.filter((entry) => entry.kind === 'mentor').map((entry) => entry.text)).toEqual([
      `Ada Admin removed Maya Mentor as mentor of ${cohort.name}`,
      `Ada Admin made Maya Mentor mentor of ${cohort.name}`,
    ]);
  });

  it('refuses an unknown e-mail, an archived or missing cohort, and writes nothing', async () => {
    const { mentor, by } = await adminAndMentor();
    const cohort = await mentoredCohort();
    const add = (cohortId: string, email: string) =>
      addMentor(database.db, { cohortId, email, by });
    expect(await add(cohort.id, 'nobody@example.com')).toEqual({ outcome: 'unknown-email' });
    expect(await add(cohort.id, '')).toEqual({ outcome: 'unknown-email' });
    expect(await add('no-such-cohort', mentor.email)).toEqual({ outcome: 'no-cohort' });
    await setCohortArchived(database.db, cohort.id, true);
    expect(await add(cohort.id, mentor.email)).toEqual({ outcome: 'archived-cohort' });
    expect(await mentorsOf(database.db, cohort.id)).toEqual([]);
    expect(await staffChangesFor(database.db, mentor.id)).toEqual([]);
  });

  it('refuses an address that several accounts share', async () => {
    const { by } = await adminAndMentor();
    await insertUser(database.db, { email: 'twin@example.com' });
    await insertUser(database.db, { email: 'Twin@example.com' });
    expect(
      await addMentor(database.db, { cohortId: 'cohort-1', email: 'twin@example.com', by }),
    ).toEqual({ outcome: 'several-accounts' });
  });

  it('two admins adding the same mentor at once: one row, one audit entry', async () => {
    const { mentor, by } = await adminAndMentor();
    const cohort = await mentoredCohort();
    const results = await Promise.all(
      [1, 2].map(() => addMentor(database.db, { cohortId: cohort.id, email: mentor.email, by })),
    );
    expect(results.map((result) => result.outcome).sort()).toEqual(['added', 'already-mentor']);
    expect(await staffChangesFor(database.db, mentor.id)).toHaveLength(1);
  });
});
