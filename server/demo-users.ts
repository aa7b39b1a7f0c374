import type { Kysely } from 'kysely';
import { subjectForEmail } from '../dev-idp/subject';
import type { Access, Cohort, Database, NewUser } from '~/db/schema';

interface DemoUser {
  name: string;
  email: string;
  access: Access;
  cohort: Cohort;
}

/** The demo users' first names; the bench users' names begin with them too. */
export const DEMO_FIRST_NAMES = [
  'Adaeze',
  'Tunde',
  'Chioma',
  'Emeka',
  'Ngozi',
  'Segun',
  'Aisha',
  'Ibrahim',
  'Funmi',
  'Kelechi',
  'Zainab',
  'Obinna',
  'Amara',
  'Yusuf',
  'Bisi',
  'Chidi',
  'Hauwa',
  'Femi',
  'Nkechi',
  'Musa',
  'Sade',
  'Uche',
  'Halima',
  'Dayo',
  'Ifeoma',
  'Kunle',
  'Maryam',
  'Tobi',
];
export const DEMO_LAST_NAMES = [
  'Okafor',
  'Adeyemi',
  'Eze',
  'Bello',
  'Nwosu',
  'Balogun',
  'Musa',
  'Okonkwo',
  'Adebayo',
  'Obi',
  'Lawal',
  'Nwachukwu',
  'Ogunleye',
  'Abubakar',
];

/** The accounts a newcomer signs in with to try each role through the local provider. */
export const DEMO_ACCOUNTS: readonly DemoUser[] = [
  // Staff are in no cohort: an admin placed in one would read as one of its students.
  { name: 'Ada Admin', email: 'admin@example.com', access: 'admin', cohort: 'none' },
  { name: 'Sam Student', email: 'student@example.com', access: 'level-1', cohort: 'cohort-1' },
];

export function demoUsers(): DemoUser[] {
  const others = DEMO_FIRST_NAMES.map((first, index): DemoUser => {
    const last = DEMO_LAST_NAMES[index % DEMO_LAST_NAMES.length]!;
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}@example.com`.toLowerCase(),
      access: index % 3 === 0 ? 'level-1' : 'none',
      cohort: index % 4 === 0 ? 'cohort-1' : 'none',
    };
  });
  return [...DEMO_ACCOUNTS, ...others];
}

/**
 * Fills an empty database with about 30 users for the local provider. Their ids are the
 * local provider's subjects, so signing in with one of these e-mails opens that account.
 * Returns how many were created (0 when the database already has users, or when another
 * instance seeding at the same moment created them).
 */
export async function seedDemoUsers(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const existing = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(existing.count) > 0) return 0;
  const rows: NewUser[] = demoUsers().map((user, index) => ({
    id: subjectForEmail(user.email),
    ...user,
    // Staggered by an hour each, newest first in the admin list.
    created_at: new Date(now.getTime() - (index + 1) * 3_600_000).toISOString(),
  }));
  // Another instance starting at the same time may have seen the same empty table: its
  // users are these same rows (same ids, same e-mails), so a conflict means "already there".
  const inserted = await db
    .insertInto('users')
    .values(rows)
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0);
}
