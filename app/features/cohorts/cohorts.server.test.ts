import { describe, expect, it } from 'vitest';
import { changeUserStatus } from '~/features/admin/user-status.server';
import { useTestDatabase } from '../../../tests/support/test-database';
import { admin, insertUser } from '../../../tests/support/factories';
import { accepted } from '../../../tests/support/accepted';
import {
  cohortOptions,
  createCohort,
  findNextCohort,
  listCohorts,
  setCohortArchived,
  updateCohort,
} from './cohorts.server';

const database = useTestDatabase();

describe('cohorts', () => {
  it('start with Cohort 1, so a fresh install offers what the specification lists', async () => {
    expect(await cohortOptions(database.db)).toEqual([
      { value: 'none', label: 'none' },
      { value: 'cohort-1', label: 'Cohort 1' },
    ]);
  });

  it('are created with an id from their name, edited, and listed next-to-start first', async () => {
    const { cohort: second } = accepted(
      await createCohort(database.db, {
        name: 'Cohort 2',
        startDate: '2027-01-12',
        schedule: 'Tue and Thu, 7–9 pm WAT',
        capacity: 30,
      }),
    );
    expect(second).toMatchObject({ id: 'cohort-2', start_date: '2027-01-12', capacity: 30 });
    expect(
      await createCohort(database.db, {
        name: 'cohort 2',
        startDate: null,
        schedule: '',
        capacity: null,
      }),
    ).toEqual({ ok: false, reason: 'nameTaken' });
    const { cohort: third } = accepted(
      await createCohort(database.db, {
        name: 'Weekend cohort',
        startDate: '2026-12-05',
        schedule: 'Saturdays',
        capacity: null,
      }),
    );
    expect(third.id).toBe('weekend-cohort');
    expect((await listCohorts(database.db)).map((cohort) => cohort.id)).toEqual([
      'weekend-cohort',
      'cohort-2',
      'cohort-1',
    ]);
    const { cohort: renamed } = accepted(
      await updateCohort(database.db, 'cohort-2', {
        name: 'Cohort 2 (January)',
        startDate: '2027-01-19',
        schedule: 'Tue and Thu',
        capacity: null,
      }),
    );
    expect(renamed).toMatchObject({ id: 'cohort-2', name: 'Cohort 2 (January)', capacity: null });
    const unknown = { name: 'Cohort 9', startDate: null, schedule: '', capacity: null };
    expect(await updateCohort(database.db, 'nope', unknown)).toEqual({
      ok: false,
      reason: 'notFound',
    });
  });

  it('the next cohort is the first with a start date after today', async () => {
    expect(await findNextCohort(database.db, '2026-11-22')).toMatchObject({ id: 'weekend-cohort' });
    expect(await findNextCohort(database.db, '2026-12-05')).toMatchObject({ id: 'cohort-2' });
    expect(await findNextCohort(database.db, '2027-02-01')).toBe(undefined);
  });

  it('a user can be placed in any cohort that exists, and in no other', async () => {
    const user = await insertUser(database.db, { access: 'level-1', cohort: 'cohort-1' });
    expect(
      await changeUserStatus(database.db, user.id, { cohort: 'cohort-2' }, admin),
    ).toMatchObject({
      user: { cohort: 'cohort-2' },
    });
    expect(await changeUserStatus(database.db, user.id, { cohort: 'cohort-9' }, admin)).toEqual({
      ok: false,
      reason: 'unknownCohort',
    });
  });

  it('an archived cohort keeps its members but is not offered, announced or joined', async () => {
    const member = await insertUser(database.db, { access: 'level-1', cohort: 'weekend-cohort' });
    expect(await setCohortArchived(database.db, 'weekend-cohort', true)).toMatchObject({
      archived_at: expect.any(String),
    });
    // The next cohort after 22 November is now Cohort 2: the weekend one is not announced.
    expect(await findNextCohort(database.db, '2026-11-22')).toMatchObject({ id: 'cohort-2' });
    const values = (options: { value: string }[]) => options.map((option) => option.value);
    expect(values(await cohortOptions(database.db))).not.toContain('weekend-cohort');
    expect(await cohortOptions(database.db, { current: 'weekend-cohort' })).toContainEqual({
      value: 'weekend-cohort',
      label: 'Weekend cohort (archived)',
    });
    expect(values(await cohortOptions(database.db, { forFilter: true }))).toContain(
      'weekend-cohort',
    );
    expect((await listCohorts(database.db, { openOnly: true })).map((c) => c.id)).not.toContain(
      'weekend-cohort',
    );
    // Its member keeps it through an unrelated change; nobody new is placed in it.
    expect(
      await changeUserStatus(database.db, member.id, { cohort: 'weekend-cohort' }, admin),
    ).toMatchObject({ user: { cohort: 'weekend-cohort' } });
    const other = await insertUser(database.db, { access: 'level-1', cohort: 'none' });
    expect(
      await changeUserStatus(database.db, other.id, { cohort: 'weekend-cohort' }, admin),
    ).toEqual({ ok: false, reason: 'unknownCohort' });
    // Restored, it is offered again.
    await setCohortArchived(database.db, 'weekend-cohort', false);
    expect(values(await cohortOptions(database.db))).toContain('weekend-cohort');
    expect(await setCohortArchived(database.db, 'nope', true)).toBe(undefined);
  });
});
