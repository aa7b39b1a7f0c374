import { describe, expect, it } from 'vitest';
import { submitProject } from '~/features/projects/submissions.server';
import { insertCohort, insertUser } from '../../../tests/support/factories';
import { deliverToLocalMailbox, MAIL_ORIGIN } from '../../../tests/support/local-mailbox';
import { useTestDatabase } from '../../../tests/support/test-database';
import { addMentor } from './mentors.server';

const ORIGIN = MAIL_ORIGIN;
const database = useTestDatabase();

/** Sends what the outbox holds to the local mailbox; who got which subject. */
async function deliver(): Promise<string[]> {
  const { db } = database;
  await deliverToLocalMailbox(database);
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
});
