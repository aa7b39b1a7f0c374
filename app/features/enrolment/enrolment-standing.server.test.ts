import { describe, expect, it } from 'vitest';
import { DAY_MS } from '~/lib/days';
import { findPlan } from '~/content/plans';
import { lookupSession } from '~/features/auth/session.server';
import {
  admin,
  insertEnrolment,
  insertSession,
  insertTransfer,
  insertUser,
  payByTransfer,
} from '../../../tests/support/factories';
import { useTestDatabase } from '../../../tests/support/test-database';
import { enrolmentStandingOf } from './enrolment-standing.server';
import { createOrder } from './orders.server';
import { sweepOverdue, waiveInstallment } from './overdue.server';
import { applyPaymentEvent, type PaymentEvent } from './payment-events.server';

const database = useTestDatabase();

const firstPaidAt = new Date('2026-10-14T10:00:00Z');
const failedAt = new Date('2026-11-14T10:00:00Z');
const GRACE = 14;

let events = 0;
const event = (orderId: string, kind: 'paid' | 'failed'): PaymentEvent =>
  kind === 'paid'
    ? {
        provider: 'local',
        eventId: `evt_standing_${++events}`,
        type: 'payment.succeeded',
        orderId,
        raw: {},
        kind: 'payment-succeeded',
        paymentId: `pay_standing_${events}`,
        amount: 15_000,
        currency: 'usd',
      }
    : {
        provider: 'local',
        eventId: `evt_standing_${++events}`,
        type: 'payment.failed',
        orderId,
        raw: {},
        kind: 'payment-failed',
        reason: 'Card declined',
        manageRef: 'cus_standing',
      };

/** An installment student who paid the first of three on 14 Oct. */
async function installmentStudent() {
  const user = await insertUser(database.db, { access: 'none' });
  const order = await createOrder(database.db, {
    userId: user.id,
    plan: findPlan('fed-installments')!,
    provider: { name: 'local', currency: 'USD' },
  });
  await applyPaymentEvent(database.db, event(order.id, 'paid'), firstPaidAt);
  return { user, order };
}

const standingOf = (userId: string) =>
  enrolmentStandingOf(database.db, userId, { graceDays: GRACE });

/** Whether the session's one query finds an enrolment held (the header's Enroll Now, decision 075). */
async function holdsEnrolment(userId: string) {
  const cookie = await insertSession(database.db, userId);
  const { user } = await lookupSession(database.db, cookie, {
    secure: false,
    idleDays: 1,
    maxDays: 1,
  });
  return user?.holdsEnrolment;
}

describe('enrolmentStandingOf', () => {
  it('gives an installment plan its total, each due day and what is left', async () => {
    const { user } = await installmentStudent();
    const standing = await standingOf(user.id);
    expect(standing).toMatchObject({
      planId: 'fed-installments',
      provider: 'local',
      currency: 'USD',
      total: 45_000,
      left: 30_000,
      overdue: null,
    });
    expect(
      standing!.installments.map(({ number, amount, dueOn, status }) => ({
        number,
        amount,
        dueOn,
        status,
      })),
    ).toEqual([
      { number: 1, amount: 15_000, dueOn: '2026-10-14T10:00:00.000Z', status: 'paid' },
      { number: 2, amount: 15_000, dueOn: '2026-11-14T10:00:00.000Z', status: 'due' },
      { number: 3, amount: 15_000, dueOn: '2026-12-14T10:00:00.000Z', status: 'due' },
    ]);
    expect(standing!.installments[0]!.receipt).toMatchObject({ kind: 'payment' });
  });

  it('names an overdue installment, its amount and the day access pauses, then paused', async () => {
    const { user, order } = await installmentStudent();
    await applyPaymentEvent(database.db, event(order.id, 'failed'), failedAt);
    const overdue = await standingOf(user.id);
    expect(overdue!.installments[1]!.status).toBe('overdue');
    expect(overdue!.overdue).toEqual({
      installment: 2,
      of: 3,
      amount: 15_000,
      since: failedAt.toISOString(),
      pausesOn: new Date(failedAt.getTime() + GRACE * DAY_MS).toISOString(),
      paused: false,
    });
    const pausedAt = new Date(failedAt.getTime() + GRACE * DAY_MS);
    await sweepOverdue(database.db, { now: pausedAt, graceDays: GRACE });
    expect((await standingOf(user.id))!.overdue).toMatchObject({
      paused: true,
      pausesOn: pausedAt.toISOString(),
    });
    // A paused student still holds an enrolment: the header sells them nothing.
    expect(await holdsEnrolment(user.id)).toBe(true);
  });

  it('counts a waived installment and a later payment in the order they came', async () => {
    const { user, order } = await installmentStudent();
    await applyPaymentEvent(database.db, event(order.id, 'failed'), failedAt);
    const enrolment = await database.db
      .selectFrom('enrolments')
      .select('id')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    await waiveInstallment(database.db, {
      enrolmentId: enrolment.id,
      reason: 'Hard month',
      admin,
      now: new Date(failedAt.getTime() + DAY_MS),
    });
    await applyPaymentEvent(
      database.db,
      event(order.id, 'paid'),
      new Date(failedAt.getTime() + 31 * DAY_MS),
    );
    const standing = await standingOf(user.id);
    expect(standing!.installments.map(({ status }) => status)).toEqual(['paid', 'waived', 'paid']);
    expect(standing).toMatchObject({ left: 0, overdue: null });
  });

  it('shows a bank-transfer installment plan with the transfers paid and the rest due', async () => {
    const user = await insertUser(database.db, { access: 'level-1' });
    await insertTransfer(database.db, {
      id: `trf-${user.id}`,
      userId: user.id,
      planId: 'fed-installments',
      amount: 22_500_000,
      status: 'approved',
      createdAt: firstPaidAt.toISOString(),
    });
    await insertEnrolment(database.db, {
      userId: user.id,
      orderId: null,
      planId: 'fed-installments',
      source: 'bank-transfer',
    });
    const standing = await standingOf(user.id);
    expect(standing).toMatchObject({
      provider: 'transfer',
      currency: 'NGN',
      total: 67_500_000,
      left: 45_000_000,
    });
    expect(standing!.installments.map(({ status, receipt }) => [status, receipt?.kind])).toEqual([
      ['paid', 'transfer'],
      ['due', undefined],
      ['due', undefined],
    ]);
  });

  it('shows the overdue installment due on the day it became overdue (the provider’s failure)', async () => {
    const { user, order } = await installmentStudent();
    // The provider reported the failure six days after the installment's monthly day.
    const reportedAt = new Date(failedAt.getTime() + 6 * DAY_MS);
    await applyPaymentEvent(database.db, event(order.id, 'failed'), reportedAt);
    const standing = await standingOf(user.id);
    expect(standing!.installments[1]).toMatchObject({
      status: 'overdue',
      dueOn: reportedAt.toISOString(),
    });
    expect(standing!.overdue!.since).toBe(reportedAt.toISOString());
    // The next one stays a month after the first payment.
    expect(standing!.installments[2]!.dueOn).toBe('2026-12-14T10:00:00.000Z');
  });

  it('shows a transfer plan’s unpaid installment overdue since its due day after the sweep', async () => {
    const user = await insertUser(database.db, { access: 'none' });
    await payByTransfer(database.db, user.id, firstPaidAt);
    await sweepOverdue(database.db, {
      now: new Date(failedAt.getTime() + DAY_MS),
      graceDays: GRACE,
    });
    const standing = await standingOf(user.id);
    expect(standing!.installments.map(({ status, dueOn }) => [status, dueOn])).toEqual([
      ['paid', firstPaidAt.toISOString()],
      ['overdue', failedAt.toISOString()],
      ['due', '2026-12-14T10:00:00.000Z'],
    ]);
    expect(standing!.overdue).toEqual({
      installment: 2,
      of: 3,
      amount: 22_500_000,
      since: failedAt.toISOString(),
      pausesOn: new Date(failedAt.getTime() + GRACE * DAY_MS).toISOString(),
      paused: false,
    });
  });

  it('has nothing for someone who bought nothing, or whose plan was refunded', async () => {
    const user = await insertUser(database.db, { access: 'none' });
    expect(await standingOf(user.id)).toBeUndefined();
    expect(await holdsEnrolment(user.id)).toBe(false);
    await insertEnrolment(database.db, { userId: user.id, orderId: null, status: 'refunded' });
    expect(await standingOf(user.id)).toBeUndefined();
    expect(await holdsEnrolment(user.id)).toBe(false);
  });
});
