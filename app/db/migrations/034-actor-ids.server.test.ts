import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { insertEnrolment, insertUser } from '../../../tests/support/factories';
import { useTestDatabase } from '../../../tests/support/test-database';
import { down, up } from './034-actor-ids';

const database = useTestDatabase();

describe('migration 034: actor ids beside actor names', () => {
  it('fills the id where the name is that of exactly one admin or mentor, and leaves it null otherwise', async () => {
    const { db } = database;
    const unique = await insertUser(db, { name: 'Ngozi Admin', access: 'admin' });
    const mentor = await insertUser(db, { name: 'Tunde Mentor' });
    await db
      .insertInto('cohort_staff')
      .values({
        user_id: mentor.id,
        cohort_id: 'cohort-1',
        role: 'mentor',
        added_by: unique.id,
        added_at: '2026-11-20T10:00:00.000Z',
      })
      .execute();
    // Two admins share a name; a student shares the mentor's name but is neither.
    await insertUser(db, { name: 'Sam Admin', access: 'admin' });
    await insertUser(db, { name: 'Sam Admin', access: 'admin' });
    await insertUser(db, { name: 'Tunde Mentor' });
    const student = await insertUser(db);

    await down(db as Kysely<unknown>);
    for (const [id, grantedBy] of [
      ['enr-unique', 'Ngozi Admin'],
      ['enr-mentor', 'Tunde Mentor'],
      ['enr-twice', 'Sam Admin'],
      ['enr-gone', 'Someone Renamed'],
    ] as const) {
      await insertEnrolment(db, { id, userId: student.id, orderId: null, source: 'admin' });
      await db
        .updateTable('enrolments')
        .set({ granted_by_name: grantedBy })
        .where('id', '=', id)
        .execute();
    }
    await up(db as Kysely<unknown>);

    expect(
      await db
        .selectFrom('enrolments')
        .select(['id', 'granted_by'])
        .where('user_id', '=', student.id)
        .orderBy('id')
        .execute(),
    ).toEqual([
      { id: 'enr-gone', granted_by: null },
      { id: 'enr-mentor', granted_by: mentor.id },
      { id: 'enr-twice', granted_by: null },
      { id: 'enr-unique', granted_by: unique.id },
    ]);
  });
});
