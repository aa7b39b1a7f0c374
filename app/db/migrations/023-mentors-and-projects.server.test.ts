import { describe, expect, it } from 'vitest';
import type { SubmissionStatus } from '~/db/schema';
import { insertUser } from '../../../tests/support/factories';
import { useTestDatabase } from '../../../tests/support/test-database';

const database = useTestDatabase();

let counter = 0;
const submission = (userId: string, revision: number, status: SubmissionStatus) => {
  counter += 1;
  return database.db
    .insertInto('project_submissions')
    .values({
      id: `sub-${counter}`,
      user_id: userId,
      project_id: 'personal-profile-page',
      revision,
      repository_url: 'https://github.com/ada/profile',
      live_url: null,
      status,
      submitted_at: '2026-11-21T10:00:00.000Z',
    })
    .execute();
};

describe('migration 023: mentors and project submissions', () => {
  it('holds one waiting revision per student and project in the database itself', async () => {
    const student = await insertUser(database.db);
    await submission(student.id, 1, 'changes-requested');
    await submission(student.id, 2, 'waiting');
    await expect(submission(student.id, 3, 'waiting')).rejects.toThrow();
    // A revision number is used once per student and project.
    await expect(submission(student.id, 2, 'approved')).rejects.toThrow();
    await submission(student.id, 3, 'approved');
    // Another student waits on the same project freely.
    await submission((await insertUser(database.db)).id, 1, 'waiting');
  });

  it('checks the statuses, the verdicts and the staff role', async () => {
    const student = await insertUser(database.db);
    await expect(submission(student.id, 1, 'pending' as SubmissionStatus)).rejects.toThrow();
    await submission(student.id, 1, 'waiting');
    const review = (verdict: string, id: string) =>
      database.db
        .insertInto('project_reviews')
        .values({
          id,
          submission_id: `sub-${counter}`,
          reviewer_id: 'admin-1',
          reviewer_name: 'Ada Admin',
          verdict: verdict as 'approved',
          reviewed_at: '2026-11-21T11:00:00.000Z',
        })
        .execute();
    await expect(review('rejected', 'rev-bad')).rejects.toThrow();
    await review('approved', 'rev-1');
    // One verdict per submission: a second reviewer never adds another.
    await expect(review('changes-requested', 'rev-2')).rejects.toThrow();

    const staff = (role: string) =>
      database.db
        .insertInto('cohort_staff')
        .values({
          user_id: student.id,
          cohort_id: 'cohort-1',
          role: role as 'mentor',
          added_by: 'admin-1',
          added_at: '2026-11-21T10:00:00.000Z',
        })
        .execute();
    await expect(staff('admin')).rejects.toThrow();
    await staff('mentor');
    await expect(staff('mentor')).rejects.toThrow();
  });
});
