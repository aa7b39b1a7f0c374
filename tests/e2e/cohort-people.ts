import { expect } from '@playwright/test';
import { addMentor } from '../../app/features/mentors/mentors.server';
import { createAccount, type TestAccount } from './sessions';
import { withE2eDatabase } from './e2e-database';

/**
 * A cohort and its people for the specs about cohort staff (issues 26 and 27): cohorts of a
 * test's own, its students and mentors, and a form posted as a browser without JavaScript
 * would post it.
 */

/** A cohort of its own for the test, so other tests' rows do not show. */
export async function newCohort(name: string): Promise<string> {
  const id = `cohort-e2e-${Math.random().toString(36).slice(2, 10)}`;
  await withE2eDatabase(async (db) => {
    const at = new Date().toISOString();
    await db
      .insertInto('cohorts')
      .values({ id, name, created_at: at, updated_at: at, schedule: '' })
      .execute();
  });
  return id;
}

/** An account in a cohort, made a mentor of it (by an admin) when told. */
export async function member(
  access: 'none' | 'level-1',
  cohort: string,
  name: string,
  { mentor = false } = {},
): Promise<TestAccount> {
  const account = await createAccount(access, name);
  await withE2eDatabase(async (db) => {
    if (!mentor) {
      await db.updateTable('users').set({ cohort }).where('id', '=', account.id).execute();
      return;
    }
    const result = await addMentor(db, {
      cohortId: cohort,
      email: account.email,
      by: { id: 'e2e', name: 'E2E Admin' },
    });
    expect(result.outcome).toBe('added');
  });
  return account;
}

/**
 * Everyone a role × route test asks about a cohort's staff pages: its student and mentor,
 * the same of another cohort (`elsewhere`), an account with no access and an admin.
 */
export async function rightsCast(cohort: string, elsewhere: string) {
  return {
    student: await member('level-1', cohort, 'Rights Student'),
    otherStudent: await member('level-1', elsewhere, 'Elsewhere Student'),
    mentor: await member('none', cohort, 'Rights Mentor', { mentor: true }),
    otherMentor: await member('none', elsewhere, 'Elsewhere Mentor', { mentor: true }),
    none: await createAccount('none'),
    admin: await createAccount('admin'),
  };
}
