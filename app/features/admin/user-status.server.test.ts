import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/database.server';
import { createTestDatabase } from '../../../tests/support/test-database';
import {
  insertCohort,
  insertEnrolment,
  insertOrder,
  insertPayment,
  insertUser,
} from '../../../tests/support/factories';
import { accepted } from '../../../tests/support/accepted';
import { answerOf } from '~/lib/refusal.server';
import { USER_STATUS_REFUSALS } from '~/routes/admin/user-details-refusals.server';
import {
  activePaidEnrolment,
  changeUserStatus,
  changeUserStatusByEmail,
  listUserChanges,
  USER_STATUS_ERRORS,
  type UserStatusRefusal,
} from './user-status.server';

let handle: DatabaseHandle;
beforeEach(async () => {
  await handle?.close();
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/** A change that must be refused, as the user's page answers it (decision 079). */
async function refused(change: Promise<{ ok: true } | UserStatusRefusal>) {
  const answer = await change;
  if (answer.ok) throw new Error('The change was made.');
  return answerOf(USER_STATUS_REFUSALS, answer);
}

describe('changeUserStatus', () => {
  it('writes access, cohort, editedAt and an audit row with before and after', async () => {
    const admin = await insertUser(handle.db, { access: 'admin', name: 'Ada' });
    const student = await insertUser(handle.db);
    const at = new Date('2026-11-21T12:00:00.000Z');
    const { user: updated } = accepted(
      await changeUserStatus(
        handle.db,
        student.id,
        { access: 'level-1', cohort: 'cohort-1' },
        { id: admin.id, name: admin.name },
        { now: at },
      ),
    );
    expect(updated).toMatchObject({
      access: 'level-1',
      cohort: 'cohort-1',
      edited_at: at.toISOString(),
      edited_by: admin.id,
    });
    const [change] = await listUserChanges(handle.db, student.id);
    expect(change).toMatchObject({
      changed_by: admin.id,
      changed_by_name: 'Ada',
      access_before: 'none',
      access_after: 'level-1',
      cohort_before: 'none',
      cohort_after: 'cohort-1',
    });
  });

  it('lists changes newest first', async () => {
    const student = await insertUser(handle.db);
    await changeUserStatus(handle.db, student.id, { access: 'level-1' }, 'command-line', {
      now: new Date('2026-01-01'),
    });
    await changeUserStatus(handle.db, student.id, { cohort: 'cohort-1' }, 'command-line', {
      now: new Date('2026-02-01'),
    });
    const changes = await listUserChanges(handle.db, student.id);
    expect(changes.map((change) => change.cohort_after)).toEqual(['cohort-1', 'none']);
  });

  it('refuses an unknown id with "Document not found"', async () => {
    expect(
      await refused(changeUserStatus(handle.db, 'missing', { access: 'none' }, 'command-line')),
    ).toMatchObject({ status: 404, message: USER_STATUS_ERRORS.notFound });
  });

  it('refuses an admin changing their own access, and writes nothing', async () => {
    const admin = await insertUser(handle.db, { access: 'admin' });
    await insertUser(handle.db, { access: 'admin' });
    expect(
      await refused(
        changeUserStatus(handle.db, admin.id, { access: 'none' }, { id: admin.id, name: 'me' }),
      ),
    ).toMatchObject({ status: 403, message: USER_STATUS_ERRORS.ownAccess });
    expect(await listUserChanges(handle.db, admin.id)).toEqual([]);
    // Their own cohort is fine.
    const { user: updated } = accepted(
      await changeUserStatus(
        handle.db,
        admin.id,
        { cohort: 'cohort-1' },
        { id: admin.id, name: 'me' },
      ),
    );
    expect(updated.access).toBe('admin');
  });

  it('refuses to demote the last admin, but allows it while another admin remains', async () => {
    const first = await insertUser(handle.db, { access: 'admin' });
    expect(
      await refused(changeUserStatus(handle.db, first.id, { access: 'level-1' }, 'command-line')),
    ).toMatchObject({ status: 409, message: USER_STATUS_ERRORS.lastAdmin });
    const second = await insertUser(handle.db, { access: 'admin' });
    await changeUserStatus(
      handle.db,
      first.id,
      { access: 'level-1' },
      { id: second.id, name: 'B' },
    );
    expect(
      await refused(changeUserStatus(handle.db, second.id, { access: 'none' }, 'command-line')),
    ).toMatchObject({ status: 409 });
  });

  it('refuses to lower an admin listed in ADMIN_EMAILS, naming the variable, and writes nothing', async () => {
    const listed = await insertUser(handle.db, { access: 'admin', email: 'Boss@Example.com' });
    const other = await insertUser(handle.db, { access: 'admin', name: 'Other' });
    const byOther = { id: other.id, name: other.name };
    const adminEmails = ['boss@example.com'];
    expect(
      await refused(
        changeUserStatus(handle.db, listed.id, { access: 'none' }, byOther, { adminEmails }),
      ),
    ).toMatchObject({ status: 409, message: USER_STATUS_ERRORS.listedAdmin });
    expect(USER_STATUS_ERRORS.listedAdmin).toContain('ADMIN_EMAILS');
    expect(await listUserChanges(handle.db, listed.id)).toEqual([]);
    // Their cohort can still change, and an address no longer listed can be lowered.
    await changeUserStatus(handle.db, listed.id, { cohort: 'cohort-1' }, byOther, { adminEmails });
    const { user: lowered } = accepted(
      await changeUserStatus(handle.db, listed.id, { access: 'none' }, byOther, {
        adminEmails: ['someone-else@example.com'],
      }),
    );
    expect(lowered.access).toBe('none');
  });

  it('finds users by e-mail regardless of case for the command line', async () => {
    await insertUser(handle.db, { email: 'Mixed.Case@Example.com' });
    const { user: updated } = accepted(
      await changeUserStatusByEmail(
        handle.db,
        'mixed.case@example.COM',
        { access: 'level-1' },
        'command-line',
      ),
    );
    expect(updated.access).toBe('level-1');
    expect(
      await changeUserStatusByEmail(
        handle.db,
        'nobody@example.com',
        { access: 'none' },
        'command-line',
      ),
    ).toEqual({ ok: false, reason: 'unknownEmail' });
  });
});

describe('removing the access of a student who paid', () => {
  /** A paid upfront FrontEnd enrolment: its order, and the payment on 24 Nov 2026. */
  async function enrolPaid(userId: string) {
    const at = '2026-11-24T09:30:00.000Z';
    await insertOrder(handle.db, {
      id: `order-${userId}`,
      userId,
      amount: 60000,
      status: 'paid',
      createdAt: '2026-11-24T09:00:00.000Z',
      updatedAt: at,
    });
    await insertPayment(handle.db, {
      id: `payment-${userId}`,
      orderId: `order-${userId}`,
      userId,
      providerPaymentId: `pay-${userId}`,
      amount: 60000,
      createdAt: at,
    });
    await insertEnrolment(handle.db, { userId, orderId: `order-${userId}`, at });
  }

  const outbox = (userId: string) =>
    handle.db
      .selectFrom('email_outbox')
      .select(['template', 'recipient', 'payload'])
      .where('user_id', '=', userId)
      .execute();

  it('names the paid enrolment for the warning', async () => {
    const student = await insertUser(handle.db, { access: 'level-1' });
    expect(await activePaidEnrolment(handle.db, student.id)).toBeUndefined();
    await enrolPaid(student.id);
    expect(await activePaidEnrolment(handle.db, student.id)).toEqual({
      planName: 'FrontEnd Bootcamp Upfront',
      paidAt: '2026-11-24T09:30:00.000Z',
    });
  });

  it('takes a reason, records it with the change and e-mails the student', async () => {
    const admin = await insertUser(handle.db, { access: 'admin', name: 'Ada' });
    const student = await insertUser(handle.db, { access: 'level-1', email: 'paid@example.com' });
    await enrolPaid(student.id);
    const by = { id: admin.id, name: admin.name };
    for (const reason of [undefined, '   ']) {
      expect(
        await refused(changeUserStatus(handle.db, student.id, { access: 'none', reason }, by)),
      ).toMatchObject({ status: 400, message: USER_STATUS_ERRORS.reasonRequired });
    }
    expect(await listUserChanges(handle.db, student.id)).toEqual([]);
    expect(await outbox(student.id)).toEqual([]);

    await changeUserStatus(
      handle.db,
      student.id,
      { access: 'none', reason: ' Chargeback opened by the bank ' },
      by,
    );
    const [change] = await listUserChanges(handle.db, student.id);
    expect(change).toMatchObject({
      access_before: 'level-1',
      access_after: 'none',
      reason: 'Chargeback opened by the bank',
    });
    const [email] = await outbox(student.id);
    expect(email).toMatchObject({ template: 'access-removed', recipient: 'paid@example.com' });
    expect(JSON.parse(email!.payload)).toMatchObject({ reason: 'Chargeback opened by the bank' });
  });

  it('audits what the form sends when only the cohort was chosen as a cohort change only', async () => {
    const admin = await insertUser(handle.db, { access: 'admin', name: 'Ada' });
    const other = await insertUser(handle.db, { access: 'admin', name: 'Bola' });
    const student = await insertUser(handle.db, { access: 'level-1', cohort: 'cohort-1' });
    await enrolPaid(student.id);
    await insertCohort(handle.db, { id: 'january-2027', name: 'January 2027', startDate: null });
    const by = { id: admin.id, name: admin.name };
    // The form starts from the current access (decision 073): it comes back unchanged.
    for (const [person, access] of [
      [student, 'level-1'],
      [other, 'admin'],
    ] as const) {
      await changeUserStatus(handle.db, person.id, { access, cohort: 'january-2027' }, by);
      const changes = await listUserChanges(handle.db, person.id);
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatchObject({
        access_before: access,
        access_after: access,
        cohort_before: person.cohort,
        cohort_after: 'january-2027',
        reason: null,
      });
    }
    expect(await activePaidEnrolment(handle.db, student.id)).toBeDefined();
    expect((await outbox(student.id)).map((email) => email.template)).not.toContain(
      'access-removed',
    );
  });

  it('needs no reason for a student without a paid enrolment, and sends nothing', async () => {
    const admin = await insertUser(handle.db, { access: 'admin' });
    const student = await insertUser(handle.db, { access: 'level-1' });
    await changeUserStatus(handle.db, student.id, { access: 'none' }, admin);
    const [change] = await listUserChanges(handle.db, student.id);
    expect(change).toMatchObject({ access_after: 'none', reason: null });
    expect(await outbox(student.id)).toEqual([]);
  });
});

describe('placing someone in a cohort', () => {
  it('e-mails them which cohort, when it starts and its schedule; leaving one sends nothing', async () => {
    const admin = await insertUser(handle.db, { access: 'admin', name: 'Ada' });
    const student = await insertUser(handle.db, { name: 'Placed Person' });
    await handle.db
      .updateTable('cohorts')
      .set({ start_date: '2027-01-12', schedule: 'Tue and Thu, 7–9 pm WAT' })
      .where('id', '=', 'cohort-1')
      .execute();
    await changeUserStatus(handle.db, student.id, { cohort: 'cohort-1' }, admin);
    await changeUserStatus(handle.db, student.id, { cohort: 'none' }, admin);
    const placed = await handle.db
      .selectFrom('email_outbox')
      .select(['template', 'subject', 'payload', 'recipient'])
      .where('user_id', '=', student.id)
      .execute();
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      template: 'cohort-placed',
      subject: 'Your cohort: Cohort 1',
      recipient: student.email,
    });
    expect(JSON.parse(placed[0]!.payload)).toEqual({
      name: 'Placed Person',
      cohortName: 'Cohort 1',
      startDate: '12 January 2027',
      schedule: 'Tue and Thu, 7–9 pm WAT',
    });
  });
});
