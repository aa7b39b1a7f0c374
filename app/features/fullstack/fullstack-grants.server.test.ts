import { describe, expect, it } from 'vitest';
import { issueCertificate } from '~/features/certificates/certificates.server';
import { lookupSession, startSession } from '~/features/auth/session.server';
import { listEnrolmentsAndPayments } from '~/features/enrolment/user-payments.server';
import { accessOf, admin, insertEnrolment, insertUser } from '../../../tests/support/factories';
import { useTestDatabase } from '../../../tests/support/test-database';
import { readsFullstack } from './fullstack-access';
import { fullstackTrackOf, grantFullstack } from './fullstack-grants.server';
import { timelineOf } from '../../../tests/support/timeline';

const handle = useTestDatabase();
const settings = { secure: false, idleDays: 7, maxDays: 30 };

/** What the session says of a person: whether the FullStack area opens for them. */
async function sessionOf(userId: string) {
  const setCookie = await startSession(handle.db, userId, null, settings);
  const { user } = await lookupSession(handle.db, setCookie.split(';')[0], settings);
  return user!;
}

describe('the FullStack track', () => {
  it('opens with an active or overdue FullStack enrolment, not with level-1 alone', async () => {
    const frontend = await insertUser(handle.db, { access: 'level-1' });
    await insertEnrolment(handle.db, { userId: frontend.id, orderId: null });
    const fullstack = await insertUser(handle.db, { access: 'level-1' });
    await insertEnrolment(handle.db, {
      userId: fullstack.id,
      orderId: null,
      track: 'fullstack',
      planId: 'fsd-installments',
      status: 'overdue',
    });
    const refunded = await insertUser(handle.db, { access: 'none' });
    await insertEnrolment(handle.db, {
      userId: refunded.id,
      orderId: null,
      track: 'fullstack',
      status: 'refunded',
    });
    expect(readsFullstack(await sessionOf(frontend.id))).toBe(false);
    expect(readsFullstack(await sessionOf(fullstack.id))).toBe(true);
    expect(readsFullstack(await sessionOf(refunded.id))).toBe(false);
    expect(
      readsFullstack({ access: 'admin', mentorsACohort: false, enrolledInFullstack: false }),
    ).toBe(true);
    expect(
      readsFullstack({ access: 'none', mentorsACohort: true, enrolledInFullstack: false }),
    ).toBe(true);
  });

  it('an admin’s grant opens it at once, names the admin and the reason, and raises none to level-1', async () => {
    const student = await insertUser(handle.db, { access: 'none', name: 'Gbenga' });
    const at = new Date(Date.UTC(2026, 10, 25, 12));
    expect(
      await grantFullstack(
        handle.db,
        { userId: student.id, admin, reason: 'Scholarship 2026' },
        at,
      ),
    ).toBe('granted');
    expect(readsFullstack(await sessionOf(student.id))).toBe(true);
    expect(await fullstackTrackOf(handle.db, student.id)).toEqual({
      open: true,
      source: 'admin',
      grantedByName: 'Ada Admin',
      since: at.toISOString(),
    });
    expect((await accessOf(handle.db, student.id)).access).toBe('level-1');
    const changes = await handle.db
      .selectFrom('user_changes')
      .select(['changed_by_name', 'access_before', 'access_after'])
      .where('user_id', '=', student.id)
      .execute();
    expect(changes).toEqual([
      { changed_by_name: 'Ada Admin', access_before: 'none', access_after: 'level-1' },
    ]);
    const timeline = timelineOf({
      user: student,
      purchases: await listEnrolmentsAndPayments(handle.db, student.id),
    });
    expect(timeline.map((entry) => entry.text)).toContain(
      'Ada Admin granted the FullStack track. Reason: Scholarship 2026',
    );
  });

  it('grants nothing twice, and nothing to an unknown person', async () => {
    const student = await insertUser(handle.db, { access: 'level-1' });
    await insertEnrolment(handle.db, {
      userId: student.id,
      orderId: null,
      track: 'fullstack',
      planId: 'fsd-upfront',
    });
    expect(await grantFullstack(handle.db, { userId: student.id, admin, reason: 'again' })).toBe(
      'already',
    );
    expect(await grantFullstack(handle.db, { userId: 'nobody', admin, reason: 'why' })).toBe(
      'unknown-user',
    );
    const { enrolments } = await listEnrolmentsAndPayments(handle.db, student.id);
    expect(enrolments).toHaveLength(1);
  });

  it('a FrontEnd student moved up to FullStack graduates with a FullStack certificate', async () => {
    const student = await insertUser(handle.db, { access: 'level-1', name: 'Ngozi' });
    await insertEnrolment(handle.db, { userId: student.id, orderId: null });
    await grantFullstack(handle.db, { userId: student.id, admin, reason: 'Upgraded in person' });
    const { certificate } = await issueCertificate(handle.db, {
      userId: student.id,
      name: 'Ngozi',
      note: 'Completed the track with the cohort',
      admin,
    });
    expect(certificate.track).toBe('fullstack');
  });
});
