import { describe, expect, it } from 'vitest';
import { submitProject } from '~/features/projects/submissions.server';
import { insertCohort, insertCohortStudents, insertUser } from '../../../tests/support/factories';
import { deliverToLocalMailbox, MAIL_ORIGIN } from '../../../tests/support/local-mailbox';
import { useTestDatabase } from '../../../tests/support/test-database';
import { queueReviewDigests, setReviewEmails } from './mentor-emails.server';
import { addMentor } from './mentors.server';

const ORIGIN = MAIL_ORIGIN;
const database = useTestDatabase();

/** Sends what the outbox holds to the local mailbox; who got which subject. */
async function deliver(now?: Date): Promise<string[]> {
  const { db } = database;
  await deliverToLocalMailbox(database, now && (() => now));
  const rows = await db
    .selectFrom('local_mailbox')
    .select(['recipient', 'subject', 'text'])
    .orderBy('recipient')
    .orderBy('subject')
    .execute();
  return rows.map((row) => `${row.recipient}: ${row.subject}`);
}

describe('the e-mails that tell mentors', () => {
  it('a mentor gets the mentor e-mail and the submission e-mail, once each; nobody is told of their own act', async () => {
    const { db } = database;
    await insertCohort(db, { id: 'c1', name: 'Evening cohort', startDate: null });
    const admin = await insertUser(db, {
      name: 'Ada Admin',
      email: 'ada@example.com',
      access: 'admin',
    });
    const mentor = await insertUser(db, { name: 'Mo Mentor', email: 'mo@example.com' });
    const student = await insertUser(db, {
      name: 'Sam Student',
      email: 'sam@example.com',
      access: 'level-1',
      cohort: 'c1',
    });
    const by = { id: admin.id, name: admin.name };
    expect((await addMentor(db, { cohortId: 'c1', email: mentor.email, by })).outcome).toBe(
      'added',
    );
    expect((await addMentor(db, { cohortId: 'c1', email: mentor.email, by })).outcome).toBe(
      'already-mentor',
    );
    // An admin who makes themself a mentor is not told what they just did.
    expect((await addMentor(db, { cohortId: 'c1', email: admin.email, by })).outcome).toBe('added');

    const submit = () =>
      submitProject(db, {
        userId: student.id,
        projectId: 'personal-profile-page',
        repositoryUrl: 'https://github.com/sam/profile',
        liveUrl: null,
        note: '',
      });
    expect((await submit()).outcome).toBe('submitted');
    // A second hand-in while the first waits is refused, and tells nobody.
    expect((await submit()).outcome).toBe('waiting');

    expect(await deliver()).toEqual([
      'ada@example.com: Project to review: Personal Profile Page by Sam Student',
      'mo@example.com: Project to review: Personal Profile Page by Sam Student',
      'mo@example.com: You are a mentor of Evening cohort',
    ]);
    const [submitted] = await db
      .selectFrom('local_mailbox')
      .select('text')
      .where('recipient', '=', mentor.email)
      .where('subject', 'like', 'Project to review%')
      .execute();
    expect(submitted!.text).toContain(
      'Hi Mo Mentor, Sam Student handed in revision 1 of Personal Profile Page',
    );
    expect(submitted!.text).toContain(`${ORIGIN}/mentor/reviews/`);
  });

  it('a mentor who chose the daily summary gets one e-mail the next day instead, once', async () => {
    const { db } = database;
    await insertCohort(db, { id: 'c2', name: 'Weekend cohort', startDate: null });
    const admin = { id: 'admin-2', name: 'Ada Admin' };
    const daily = await insertUser(db, { name: 'Dee Daily', email: 'dee@example.com' });
    await addMentor(db, { cohortId: 'c2', email: daily.email, by: admin });
    await setReviewEmails(db, daily.id, 'daily');
    const students = await insertCohortStudents(db, 'c2', ['Tom', 'Uma']);
    // 15:00 and 23:30 in Lagos (UTC+1) on 1 December.
    const handIn = (userId: string, at: string) =>
      submitProject(
        db,
        {
          userId,
          projectId: 'personal-profile-page',
          repositoryUrl: `https://github.com/${userId}/profile`,
          liveUrl: null,
          note: '',
        },
        new Date(at),
      );
    await handIn(students[0]!.id, '2026-12-01T14:00:00.000Z');
    await handIn(students[1]!.id, '2026-12-01T22:30:00.000Z');
    await deliver();
    await db.deleteFrom('local_mailbox').execute();
    expect(await queueReviewDigests(db, new Date('2026-12-01T22:45:00.000Z'))).toBe(0);
    // The next day in Lagos: one summary, however many passes run.
    const counts = await Promise.all(
      [0, 1, 2].map(() => queueReviewDigests(db, new Date('2026-12-01T23:10:00.000Z'))),
    );
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await queueReviewDigests(db, new Date('2026-12-02T18:00:00.000Z'))).toBe(0);
    expect(await deliver(new Date('2026-12-02T18:00:00.000Z'))).toEqual([
      'dee@example.com: 2 projects to review from Tuesday 1 December',
    ]);
    const [summary] = await db.selectFrom('local_mailbox').select('text').execute();
    expect(summary!.text).toContain(
      'Personal Profile Page, revision 1: https://academy.example/mentor/reviews/',
    );
    expect(summary!.text).not.toContain('Tom');
  });
});
