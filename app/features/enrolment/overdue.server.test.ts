import { describe, expect, it } from 'vitest';
import { findPlan } from '~/content/plans';
import type { Access } from '~/db/schema';
import { changeUserStatus } from '~/features/admin/user-status.server';
import {
  accessOf,
  admin,
  insertEnrolment,
  insertUser,
  payByTransfer,
} from '../../../tests/support/factories';
import { atTheSameMoment } from '../../../tests/support/same-moment';
import { accepted } from '../../../tests/support/accepted';
import { refusal } from '~/lib/refusal';
import { answerOf } from '~/lib/refusal.server';
import { OVERDUE_REFUSALS } from '~/routes/admin/overdue-refusals.server';
import { useTestDatabase } from '../../../tests/support/test-database';
import { createOrder } from './orders.server';
import {
  extendGrace,
  listOverdue,
  pausedPlanOf,
  sweepOverdue,
  waiveInstallment,
} from './overdue.server';
import { applyPaymentEvent, type PaymentEvent } from './payment-events.server';

const database = useTestDatabase();

const DAY = 24 * 60 * 60 * 1000;
/** The second installment fails at this moment; every later clock is a day count from it. */
const failedAt = new Date('2026-03-01T10:00:00Z');
const day = (days: number) => new Date(failedAt.getTime() + days * DAY);
const GRACE = 14;

let events = 0;
const paid = (orderId: string, paymentId: string): PaymentEvent => ({
  provider: 'local',
  eventId: `evt_overdue_${++events}`,
  type: 'payment.succeeded',
  orderId,
  raw: {},
  kind: 'payment-succeeded',
  paymentId,
  amount: 15_000,
  currency: 'usd',
});
const failed = (orderId: string): PaymentEvent => ({
  provider: 'local',
  eventId: `evt_overdue_${++events}`,
  type: 'payment.failed',
  orderId,
  raw: {},
  kind: 'payment-failed',
  reason: 'Card declined',
  manageRef: 'cus_test_1',
});

/**
 * An installment student whose second installment failed at `failedAt`; `before` runs
 * between the account and the purchase (an admin's trial grant).
 */
async function overdueStudent(
  access: Access = 'none',
  before?: (userId: string) => Promise<unknown>,
) {
  const user = await insertUser(database.db, { access });
  await before?.(user.id);
  const order = await createOrder(database.db, {
    userId: user.id,
    plan: findPlan('fed-installments')!,
    provider: { name: 'local', currency: 'USD' },
  });
  await applyPaymentEvent(database.db, paid(order.id, `inv_1_${order.id}`), day(-30));
  await applyPaymentEvent(database.db, failed(order.id), failedAt);
  const enrolment = await database.db
    .selectFrom('enrolments')
    .selectAll()
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  return { user, order, enrolment };
}

const templatesOf = async (userId: string) =>
  (
    await database.db
      .selectFrom('email_outbox')
      .select(['template', 'idempotency_key'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  ).map((row) => row.template);

const sweep = (now: Date, graceDays = GRACE) => sweepOverdue(database.db, { now, graceDays });

/** The Overdue view's row of an enrolment, on whichever page of the list it falls. */
async function overdueRow(enrolmentId: string, now: Date) {
  for (let page = 1; ; page += 1) {
    const found = await listOverdue(database.db, { now, graceDays: GRACE, page });
    const row = found.rows.find((candidate) => candidate.enrolmentId === enrolmentId);
    if (row || page >= found.pageCount) return row;
  }
}

const changesOf = (userId: string) =>
  database.db
    .selectFrom('user_changes')
    .select(['changed_by', 'changed_by_name', 'access_before', 'access_after'])
    .where('user_id', '=', userId)
    .orderBy('changed_at')
    .execute();

/** Only this test's student: other tests' enrolments stay overdue in the shared database. */
const sweepFor = async (userId: string, now: Date, graceDays = GRACE) => {
  const result = await sweep(now, graceDays);
  return { ...result, mine: result.userIds.includes(userId) };
};

describe('an overdue installment chases itself', () => {
  it('e-mails at once, after 3 and 7 days (each once), pauses after the grace period, and the payment restores at once', async () => {
    const { user, order, enrolment } = await overdueStudent();
    expect(enrolment).toMatchObject({
      status: 'overdue',
      overdue_since: failedAt.toISOString(),
      manage_ref: 'cus_test_1',
      paused_at: null,
    });
    // The first e-mail goes with the failure itself.
    expect((await templatesOf(user.id)).at(-1)).toBe('installment-failed');
    const afterFailure = (await templatesOf(user.id)).length;

    await sweep(day(1));
    await sweep(day(2.9));
    expect((await templatesOf(user.id)).length).toBe(afterFailure);

    await sweep(day(3));
    await sweep(day(3.5));
    await sweep(day(6));
    expect((await templatesOf(user.id)).slice(afterFailure)).toEqual(['installment-reminder']);

    await sweep(day(7));
    await sweep(day(13));
    expect((await templatesOf(user.id)).slice(afterFailure)).toEqual([
      'installment-reminder',
      'installment-reminder',
    ]);
    expect((await accessOf(database.db, user.id)).access).toBe('level-1');

    expect((await sweepFor(user.id, day(14))).mine).toBe(true);
    expect((await accessOf(database.db, user.id)).access).toBe('none');
    expect(await pausedPlanOf(database.db, user.id)).toBe('FrontEnd Bootcamp in 3 Installments');
    expect((await changesOf(user.id)).at(-1)).toMatchObject({
      changed_by: 'installment-overdue',
      changed_by_name: 'Installment overdue',
      access_before: 'level-1',
      access_after: 'none',
    });
    await sweep(day(20));
    expect((await templatesOf(user.id)).slice(afterFailure)).toEqual([
      'installment-reminder',
      'installment-reminder',
      'access-paused',
    ]);

    // The missed installment arrives: the course opens again in the payment's transaction.
    await applyPaymentEvent(database.db, paid(order.id, `inv_2_${order.id}`), day(21));
    expect((await accessOf(database.db, user.id)).access).toBe('level-1');
    expect((await changesOf(user.id)).at(-1)).toMatchObject({
      changed_by: 'payment',
      access_before: 'none',
      access_after: 'level-1',
    });
    const settled = await database.db
      .selectFrom('enrolments')
      .selectAll()
      .where('id', '=', enrolment.id)
      .executeTakeFirstOrThrow();
    expect(settled).toMatchObject({
      status: 'active',
      installments_paid: 2,
      overdue_since: null,
      paused_at: null,
    });
    await sweep(day(40));
    const sent = (await templatesOf(user.id)).slice(afterFailure);
    expect(sent.slice(0, 3)).toEqual([
      'installment-reminder',
      'installment-reminder',
      'access-paused',
    ]);
    // Both in the payment's transaction, at one moment.
    expect(sent.slice(3).sort()).toEqual(['access-restored', 'payment-received']);
  });

  it('sends nothing more once the payment arrives before a reminder', async () => {
    const { user, order } = await overdueStudent();
    const before = (await templatesOf(user.id)).length;
    await applyPaymentEvent(database.db, paid(order.id, `inv_2_${order.id}`), day(2));
    await sweep(day(3));
    await sweep(day(30));
    expect((await templatesOf(user.id)).slice(before)).toEqual(['payment-received']);
    expect((await accessOf(database.db, user.id)).access).toBe('level-1');
  });

  it('two sweeps racing send each reminder once and pause once', async () => {
    const { user } = await overdueStudent();
    const before = (await templatesOf(user.id)).length;
    await atTheSameMoment(database, { table: 'email_outbox', operation: 'insert' }, [
      () => sweep(day(3)),
      () => sweep(day(3)),
    ]);
    await atTheSameMoment(database, { table: 'email_outbox', operation: 'insert' }, [
      () => sweep(day(7)),
      () => sweep(day(7)),
    ]);
    await atTheSameMoment(database, { table: 'enrolments', operation: 'update' }, [
      () => sweep(day(14)),
      () => sweep(day(14)),
    ]);
    expect((await templatesOf(user.id)).slice(before)).toEqual([
      'installment-reminder',
      'installment-reminder',
      'access-paused',
    ]);
    const pauses = (await changesOf(user.id)).filter(
      (change) => change.changed_by === 'installment-overdue',
    );
    expect(pauses).toHaveLength(1);
  });

  it('OVERDUE_GRACE_DAYS=0 never pauses', async () => {
    const { user } = await overdueStudent();
    await sweep(day(400), 0);
    expect((await accessOf(database.db, user.id)).access).toBe('level-1');
    expect(await pausedPlanOf(database.db, user.id)).toBeUndefined();
  });
});

describe('a pause never lowers access held otherwise', () => {
  it('an admin stays admin, and is not told of a pause', async () => {
    const { user } = await overdueStudent('admin');
    await sweep(day(14));
    expect((await accessOf(database.db, user.id)).access).toBe('admin');
    expect(await templatesOf(user.id)).not.toContain('access-paused');
  });

  it('another enrolment (a paid transfer) keeps level-1', async () => {
    const { user } = await overdueStudent();
    await insertEnrolment(database.db, {
      id: `enr-transfer-${user.id}`,
      userId: user.id,
      orderId: null,
      source: 'bank-transfer',
      track: 'fullstack',
      planId: 'fsd-upfront',
    });
    await sweep(day(14));
    expect((await accessOf(database.db, user.id)).access).toBe('level-1');
    expect(await templatesOf(user.id)).not.toContain('access-paused');
  });
});

describe("an admin's grant covers what it was given for (decision 063)", () => {
  it('a level-1 trial given before the purchase is replaced by it: the pause closes the course', async () => {
    const trial = await overdueStudent('none', (userId) =>
      changeUserStatus(database.db, userId, { access: 'level-1' }, admin, { now: day(-40) }),
    );
    // Level-1 nobody recorded is as old as the account: the purchase replaces it too.
    const unrecorded = await overdueStudent('level-1');
    const { userIds } = await sweep(day(14));
    for (const { user } of [trial, unrecorded]) {
      expect(userIds).toContain(user.id);
      expect((await accessOf(database.db, user.id)).access).toBe('none');
      expect(await templatesOf(user.id)).toContain('access-paused');
      expect((await changesOf(user.id)).at(-1)).toMatchObject({
        changed_by: 'installment-overdue',
        access_before: 'level-1',
        access_after: 'none',
      });
    }
  });

  it('a grant given during the pause, with its reason, keeps the course open, and the Overdue view says whose', async () => {
    const { user, enrolment } = await overdueStudent();
    await sweep(day(14));
    expect((await accessOf(database.db, user.id)).access).toBe('none');
    // Without a reason an admin's grant is refused, and changes nothing.
    expect(
      await changeUserStatus(database.db, user.id, { access: 'level-1' }, admin, { now: day(15) }),
    ).toEqual({ ok: false, reason: 'keepOpenReasonRequired' });
    expect((await accessOf(database.db, user.id)).access).toBe('none');
    const reason = 'keep access while overdue';
    await changeUserStatus(database.db, user.id, { access: 'level-1', reason }, admin, {
      now: day(15),
    });
    await sweep(day(30));
    expect((await accessOf(database.db, user.id)).access).toBe('level-1');
    expect(await overdueRow(enrolment.id, day(16))).toMatchObject({
      paused: true,
      keptOpenBy: { name: 'Ada Admin', at: day(15).toISOString(), reason },
    });
    // The missed installment's payment makes the grant the purchase's again: no more notice.
    const { order } = await database.db
      .selectFrom('enrolments')
      .select('order_id as order')
      .where('id', '=', enrolment.id)
      .executeTakeFirstOrThrow();
    await applyPaymentEvent(database.db, paid(order!, `inv_2_${order}`), day(31));
    expect(await overdueRow(enrolment.id, day(32))).toBeUndefined();
  });

  it('a paused student nobody kept open shows no grant', async () => {
    const { enrolment } = await overdueStudent();
    await sweep(day(14));
    expect((await overdueRow(enrolment.id, day(16)))?.keptOpenBy).toBeNull();
  });
});

describe('the Overdue view in pages', () => {
  it('pages like the user list: every row is reachable, row 201 too', async () => {
    // 201 plans that failed after every other test's, so they end the list in this order.
    const users = Array.from({ length: 201 }, (_, index) => ({
      id: `overdue-page-${index + 1}`,
      name: `Paged ${index + 1}`,
      email: `paged-${index + 1}@example.com`,
      created_at: failedAt.toISOString(),
    }));
    await database.db.insertInto('users').values(users).execute();
    await database.db
      .insertInto('enrolments')
      .values(
        users.map((user, index) => ({
          id: `enr-${user.id}`,
          user_id: user.id,
          order_id: null,
          track: 'frontend' as const,
          plan_id: 'fed-installments',
          status: 'overdue' as const,
          installments_paid: 1,
          installments_total: 3,
          source: 'bank-transfer' as const,
          created_at: failedAt.toISOString(),
          updated_at: failedAt.toISOString(),
          overdue_since: new Date(day(100).getTime() + index * 60_000).toISOString(),
        })),
      )
      .execute();
    const first = await listOverdue(database.db, { now: day(200), graceDays: GRACE });
    expect(first.rows).toHaveLength(10);
    expect(first.total).toBeGreaterThanOrEqual(201);
    expect(first.pageCount).toBe(Math.ceil(first.total / 10));
    const last = await listOverdue(database.db, {
      now: day(200),
      graceDays: GRACE,
      page: first.pageCount,
    });
    expect(last.page).toBe(first.pageCount);
    expect(last.rows.at(-1)).toMatchObject({ userId: 'overdue-page-201', name: 'Paged 201' });
    // A page past the end is the last one.
    const beyond = await listOverdue(database.db, { now: day(200), graceDays: GRACE, page: 999 });
    expect(beyond.rows).toEqual(last.rows);
  });
});

describe("an admin's extension and waiver", () => {
  it('an extension moves the pause, reopens a paused enrolment, and is audited with its reason', async () => {
    const { user, enrolment } = await overdueStudent();
    await sweep(day(14));
    expect((await accessOf(database.db, user.id)).access).toBe('none');
    const extended = accepted(
      await extendGrace(database.db, {
        enrolmentId: enrolment.id,
        days: 5,
        reason: 'Salary comes on the 20th',
        admin,
        graceDays: GRACE,
        now: day(15),
      }),
    );
    expect(extended.pauseOn.toISOString()).toBe(day(20).toISOString());
    expect((await accessOf(database.db, user.id)).access).toBe('level-1');
    const audit = await database.db
      .selectFrom('enrolment_changes')
      .selectAll()
      .where('enrolment_id', '=', enrolment.id)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'grace-extended',
        changed_by: admin.id,
        reason: 'Salary comes on the 20th',
        detail: 'Pause moved to 21 March 2026',
      }),
    ]);
    expect(await overdueRow(enrolment.id, day(16))).toMatchObject({
      daysOverdue: 16,
      installment: 2,
      installments: 3,
      paused: false,
      pauseOn: day(20).toISOString(),
    });
    await sweep(day(19));
    expect((await accessOf(database.db, user.id)).access).toBe('level-1');
    await sweep(day(20));
    expect((await accessOf(database.db, user.id)).access).toBe('none');
    expect((await templatesOf(user.id)).filter((name) => name === 'access-paused')).toHaveLength(2);
  });

  it('a waiver counts the installment, restores access at once, and is audited', async () => {
    const { user, enrolment } = await overdueStudent();
    await sweep(day(14));
    await waiveInstallment(database.db, {
      enrolmentId: enrolment.id,
      reason: 'Scholarship top-up',
      admin,
      now: day(15),
    });
    expect((await accessOf(database.db, user.id)).access).toBe('level-1');
    const after = await database.db
      .selectFrom('enrolments')
      .selectAll()
      .where('id', '=', enrolment.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'active', installments_paid: 2, paused_at: null });
    expect(await templatesOf(user.id)).toContain('access-restored');
    expect(
      await waiveInstallment(database.db, {
        enrolmentId: enrolment.id,
        reason: 'Again',
        admin,
        now: day(16),
      }),
    ).toEqual({ ok: false, reason: 'notOverdue' });
  });

  it('nothing to extend when access never pauses', async () => {
    const { enrolment } = await overdueStudent();
    const refused = await extendGrace(database.db, {
      enrolmentId: enrolment.id,
      days: 3,
      reason: 'Why not',
      admin,
      graceDays: 0,
      now: day(1),
    });
    expect(refused).toEqual(refusal('noGracePeriod'));
    expect(answerOf(OVERDUE_REFUSALS, refusal('noGracePeriod')).message).toMatch(/never pauses/);
  });
});

describe('the sweep chases a bank-transfer installment plan (decision 074)', () => {
  /** Approved on 14 October: installment 2 is due on 14 November, installment 3 on 14 December. */
  const approvedAt = new Date('2026-10-14T10:00:00Z');
  const dueAt = new Date('2026-11-14T10:00:00Z');
  const after = (days: number) => new Date(dueAt.getTime() + days * DAY);

  async function transferStudent() {
    const user = await insertUser(database.db, { access: 'none' });
    await payByTransfer(database.db, user.id, approvedAt);
    const enrolment = await database.db
      .selectFrom('enrolments')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    return { user, enrolment };
  }
  const enrolmentOf = (id: string) =>
    database.db.selectFrom('enrolments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('turns overdue on the due day, is told and reminded, and pauses after the grace period', async () => {
    const { user, enrolment } = await transferStudent();
    await sweep(new Date(dueAt.getTime() - 1));
    expect(await enrolmentOf(enrolment.id)).toMatchObject({
      status: 'active',
      overdue_since: null,
    });

    await sweep(after(3));
    expect(await enrolmentOf(enrolment.id)).toMatchObject({
      status: 'overdue',
      overdue_since: dueAt.toISOString(),
      paused_at: null,
    });
    // Told at once that it is overdue, and the 3-day reminder, once each.
    await sweep(after(3));
    const templates = await templatesOf(user.id);
    expect(templates.filter((template) => template === 'installment-failed')).toHaveLength(1);
    expect(templates.filter((template) => template === 'installment-reminder')).toHaveLength(1);

    expect((await sweepFor(user.id, after(GRACE))).mine).toBe(true);
    expect(await enrolmentOf(enrolment.id)).toMatchObject({
      paused_at: after(GRACE).toISOString(),
    });
    expect(await accessOf(database.db, user.id)).toMatchObject({ access: 'none' });
    expect(await templatesOf(user.id)).toContain('access-paused');
    expect(await overdueRow(enrolment.id, after(GRACE))).toMatchObject({
      provider: 'transfer',
      installment: 2,
      installments: 3,
      paused: true,
    });
  });

  it('leaves a plan paid in full, and one whose next installment is not due yet, alone', async () => {
    const { enrolment } = await transferStudent();
    await database.db
      .updateTable('enrolments')
      .set({ installments_paid: 3 })
      .where('id', '=', enrolment.id)
      .execute();
    await sweep(new Date('2027-06-01T00:00:00Z'));
    expect(await enrolmentOf(enrolment.id)).toMatchObject({
      status: 'active',
      overdue_since: null,
    });
  });
});
