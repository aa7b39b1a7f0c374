import { describe, expect, it } from 'vitest';
import type { EnrolmentSource } from '~/db/schema';
import { issueCertificate } from '~/features/certificates/certificates.server';
import { lookupSession, startSession } from '~/features/auth/session.server';
import { listEnrolmentsAndPayments } from '~/features/enrolment/user-payments.server';
import { changeUserStatus } from '~/features/admin/user-status.server';
import { submitProject } from '~/features/projects/submissions.server';
import {
  accessOf,
  admin,
  insertEnrolment,
  insertUser,
  outboxOf,
} from '../../../tests/support/factories';
import { useTestDatabase } from '../../../tests/support/test-database';
import { readsFullstack } from './fullstack-access';
import { fullstackTrackOf, grantFullstack, revokeFullstackGrant } from './fullstack-grants.server';
import { timelineOf } from '../../../tests/support/timeline';
import { accepted } from '../../../tests/support/accepted';

const handle = useTestDatabase();
const settings = { secure: false, idleDays: 7, maxDays: 30 };

/** What the session says of a person: whether the FullStack area opens for them. */
async function sessionOf(userId: string) {
  const setCookie = await startSession(handle.db, userId, null, settings);
  const { user } = await lookupSession(handle.db, setCookie.split(';')[0], settings);
  return user!;
}

/** A level-1 student holding the upfront FullStack plan, bought by `source`. */
async function fullstackStudent(source: EnrolmentSource) {
  const student = await insertUser(handle.db, { access: 'level-1' });
  await insertEnrolment(handle.db, {
    userId: student.id,
    orderId: null,
    track: 'fullstack',
    planId: 'fsd-upfront',
    source,
  });
  return student;
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
    ).toEqual({ ok: true });
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
    const student = await fullstackStudent('payment');
    expect(await grantFullstack(handle.db, { userId: student.id, admin, reason: 'again' })).toEqual(
      { ok: false, reason: 'already' },
    );
    expect(await grantFullstack(handle.db, { userId: 'nobody', admin, reason: 'why' })).toEqual({
      ok: false,
      reason: 'unknownUser',
    });
    const { enrolments } = await listEnrolmentsAndPayments(handle.db, student.id);
    expect(enrolments).toHaveLength(1);
  });

  it('a FrontEnd student moved up to FullStack graduates with a FullStack certificate', async () => {
    const student = await insertUser(handle.db, { access: 'level-1', name: 'Ngozi' });
    await insertEnrolment(handle.db, { userId: student.id, orderId: null });
    await grantFullstack(handle.db, { userId: student.id, admin, reason: 'Upgraded in person' });
    const { certificate } = accepted(
      await issueCertificate(handle.db, {
        userId: student.id,
        track: 'fullstack',
        name: 'Ngozi',
        note: 'Completed the track with the cohort',
        admin,
      }),
    );
    expect(certificate.track).toBe('fullstack');
  });
});

/** A FullStack project handed in by `userId`: whether the step lets them submit. */
const submitsFullstackProject = async (userId: string) =>
  (
    await submitProject(handle.db, {
      userId,
      projectId: 'bookshelf-rest-api',
      repositoryUrl: 'https://github.com/student/bookshelf',
      liveUrl: null,
      note: '',
    })
  ).outcome;

describe('access none closes the FullStack track', () => {
  it('a paid FullStack student set to none reads no FullStack step and submits no FullStack project', async () => {
    const student = await fullstackStudent('bank-transfer');
    expect(readsFullstack(await sessionOf(student.id))).toBe(true);
    await changeUserStatus(
      handle.db,
      student.id,
      { access: 'none', reason: 'Chargeback opened' },
      admin,
    );
    expect(readsFullstack(await sessionOf(student.id))).toBe(false);
    expect(await submitsFullstackProject(student.id)).toBe('step-closed');
  });

  it('so does an admin’s FullStack grant', async () => {
    const student = await insertUser(handle.db, { access: 'none' });
    await grantFullstack(handle.db, { userId: student.id, admin, reason: 'Scholarship' });
    await changeUserStatus(handle.db, student.id, { access: 'none' }, admin);
    expect(readsFullstack(await sessionOf(student.id))).toBe(false);
    expect(await submitsFullstackProject(student.id)).toBe('step-closed');
  });
});

describe('a paused FullStack plan closes the FullStack track', () => {
  it('a student whose FullStack installment is paused, still level-1 by a FrontEnd plan, submits no FullStack project', async () => {
    // Level-1 held by a FrontEnd plan; the FullStack plan, in installments, paused.
    const student = await fullstackStudent('payment');
    await insertEnrolment(handle.db, {
      id: `enr-fed-${student.id}`,
      userId: student.id,
      orderId: null,
    });
    await handle.db
      .updateTable('enrolments')
      .set({
        plan_id: 'fsd-installments',
        status: 'overdue',
        installments_total: 3,
        overdue_since: '2026-11-01T10:00:00.000Z',
        paused_at: '2026-11-15T10:00:00.000Z',
      })
      .where('id', '=', `enr-${student.id}`)
      .execute();
    expect(readsFullstack(await sessionOf(student.id))).toBe(false);
    expect(await fullstackTrackOf(handle.db, student.id)).toEqual({ open: false });
    expect(await submitsFullstackProject(student.id)).toBe('step-closed');
  });
});

describe('an admin revokes a FullStack grant', () => {
  const at = new Date(Date.UTC(2026, 10, 26, 9));

  it('closes the track at once, takes the level-1 it gave, and is audited with the admin’s id, in the history and by e-mail', async () => {
    const student = await insertUser(handle.db, { access: 'none', name: 'Tunde' });
    await grantFullstack(
      handle.db,
      { userId: student.id, admin, reason: 'Scholarship' },
      new Date(Date.UTC(2026, 10, 25, 9)),
    );
    const revoker = { id: 'admin-2', name: 'Bola Admin' };
    expect(
      await revokeFullstackGrant(
        handle.db,
        { userId: student.id, admin: revoker, reason: 'Granted to the wrong account' },
        at,
      ),
    ).toEqual({ ok: true });
    expect(readsFullstack(await sessionOf(student.id))).toBe(false);
    expect(await fullstackTrackOf(handle.db, student.id)).toEqual({ open: false });
    expect(await submitsFullstackProject(student.id)).toBe('step-closed');
    expect((await accessOf(handle.db, student.id)).access).toBe('none');
    const enrolment = await handle.db
      .selectFrom('enrolments')
      .selectAll()
      .where('user_id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(enrolment).toMatchObject({
      status: 'cancelled',
      revoked_at: at.toISOString(),
      revoked_by: 'admin-2',
      revoked_by_name: 'Bola Admin',
      revoke_reason: 'Granted to the wrong account',
    });
    const audit = await handle.db
      .selectFrom('user_changes')
      .select(['changed_by', 'changed_by_name', 'access_before', 'access_after', 'reason'])
      .where('user_id', '=', student.id)
      .orderBy('changed_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      changed_by: 'admin-2',
      changed_by_name: 'Bola Admin (FullStack grant revoked)',
      access_before: 'level-1',
      access_after: 'none',
      reason: 'Granted to the wrong account',
    });
    const timeline = timelineOf({
      user: student,
      purchases: await listEnrolmentsAndPayments(handle.db, student.id),
    });
    expect(timeline[0]).toMatchObject({
      at: at.toISOString(),
      text: 'Bola Admin revoked the FullStack track. Reason: Granted to the wrong account',
    });
    const emails = await outboxOf(handle.db, student.id);
    expect(emails.at(-1)).toMatchObject({ template: 'access-removed' });
    expect(JSON.parse(emails.at(-1)!.payload)).toEqual({
      name: 'Tunde',
      planName: 'FullStack track (granted)',
      reason: 'Granted to the wrong account',
      track: 'fullstack',
    });
    // Nothing left to revoke; the track can be granted again.
    expect(
      await revokeFullstackGrant(handle.db, { userId: student.id, admin, reason: 'Again' }),
    ).toEqual({ ok: false, reason: 'notGranted' });
    expect(
      await revokeFullstackGrant(handle.db, { userId: 'nobody', admin, reason: 'Why' }),
    ).toEqual({ ok: false, reason: 'unknownUser' });
    expect(
      await grantFullstack(handle.db, { userId: student.id, admin, reason: 'Second chance' }),
    ).toEqual({ ok: true });
  });

  it('a FrontEnd student, paid or on a trial, keeps the FrontEnd steps; a paid FullStack track is not an admin’s grant', async () => {
    const frontend = await insertUser(handle.db, { access: 'level-1' });
    await insertEnrolment(handle.db, { userId: frontend.id, orderId: null, source: 'payment' });
    await grantFullstack(handle.db, { userId: frontend.id, admin, reason: 'Upgrade trial' });
    await revokeFullstackGrant(handle.db, { userId: frontend.id, admin, reason: 'Trial over' });
    expect((await accessOf(handle.db, frontend.id)).access).toBe('level-1');
    expect(readsFullstack(await sessionOf(frontend.id))).toBe(false);

    // A level-1 trial an admin gave before the FullStack grant outlives the grant's revocation.
    const trial = await insertUser(handle.db, { access: 'none' });
    const earlier = new Date(Date.now() - 60_000);
    await changeUserStatus(handle.db, trial.id, { access: 'level-1' }, admin, { now: earlier });
    await grantFullstack(handle.db, { userId: trial.id, admin, reason: 'Upgrade trial' });
    await revokeFullstackGrant(handle.db, { userId: trial.id, admin, reason: 'Trial over' });
    expect((await accessOf(handle.db, trial.id)).access).toBe('level-1');
    expect(readsFullstack(await sessionOf(trial.id))).toBe(false);

    const paid = await fullstackStudent('bank-transfer');
    expect(await revokeFullstackGrant(handle.db, { userId: paid.id, admin, reason: 'No' })).toEqual(
      { ok: false, reason: 'notGranted' },
    );
    expect(readsFullstack(await sessionOf(paid.id))).toBe(true);
  });
});
