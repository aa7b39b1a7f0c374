import { describe, expect, it } from 'vitest';
import type { Access } from '~/db/schema';
import { changeUserStatus } from '~/features/admin/user-status.server';
import { documentedChargeSuccess } from '../../../tests/support/fake-paystack';
import { useTestDatabase } from '../../../tests/support/test-database';
import {
  accessOf,
  enrolmentOfOrder,
  grantOf,
  insertUser,
  outboxOf,
} from '../../../tests/support/factories';
import { findPlan } from '~/content/plans';
import { createOrder, findOrderState } from './orders.server';
import { atTheSameMoment } from '../../../tests/support/same-moment';
import { applyPaymentEvent, type PaymentEvent } from './payment-events.server';
import { listPaymentsNeedingAttention } from './payment-search.server';

const database = useTestDatabase();

let events = 0;
const paid = (
  orderId: string,
  paymentId: string,
  amount = 40_000,
  currency = 'usd',
): PaymentEvent => ({
  provider: 'local',
  eventId: `evt_${++events}`,
  type: 'payment.succeeded',
  orderId,
  raw: { orderId, paymentId },
  kind: 'payment-succeeded',
  paymentId,
  amount,
  currency,
});

const refund = (paymentId: string, orderId: string, amount = 40_000): PaymentEvent => ({
  provider: 'local',
  eventId: `evt_${++events}`,
  type: 'refund',
  orderId,
  raw: {},
  kind: 'refunded',
  paymentId,
  amount,
  currency: 'usd',
});

const enrolmentOf = (orderId: string) => enrolmentOfOrder(database.db, orderId);

/** What the event log kept of an event: its outcome and the note that says why. */
const recordedEvent = (eventId: string) =>
  database.db
    .selectFrom('payment_events')
    .select(['outcome', 'note'])
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();

async function buyer(access: Access = 'none', planId = 'fed-upfront') {
  const user = await insertUser(database.db, { access });
  const order = await createOrder(database.db, {
    userId: user.id,
    plan: findPlan(planId)!,
    provider: { name: 'local', currency: 'USD' },
  });
  return { user, order };
}

const count = async (
  table: 'payments' | 'user_changes' | 'email_outbox' | 'enrolments',
  userId: string,
) =>
  (await database.db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute())
    .length;

describe('applying verified payment events', () => {
  it('a confirmed payment records it, enrols, grants level-1 (audited as payment) and queues the e-mail', async () => {
    const { user, order } = await buyer();
    const result = await applyPaymentEvent(database.db, paid(order.id, 'pay_1'));
    expect(result).toEqual({ outcome: 'applied', userId: user.id, queuedEmail: true });
    expect((await accessOf(database.db, user.id)).access).toBe('level-1');
    expect(await grantOf(database.db, user.id)).toMatchObject({
      enrolment: {
        track: 'frontend',
        plan_id: 'fed-upfront',
        status: 'active',
        installments_paid: 1,
        installments_total: 1,
        source: 'payment',
      },
      change: {
        changed_by: 'payment',
        changed_by_name: 'Payment (local test provider)',
        access_before: 'none',
        access_after: 'level-1',
      },
    });
    const [email] = await outboxOf(database.db, user.id);
    expect(email!.subject).toBe('Payment received — your course is unlocked');
    // The reference the success page shows.
    expect(JSON.parse(email!.payload)).toMatchObject({ reference: order.id });
  });

  it('the same event delivered 5 times at once makes one payment, one grant, one e-mail', async () => {
    const { user, order } = await buyer();
    const event = paid(order.id, 'pay_5x');
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => applyPaymentEvent(database.db, event)),
    );
    expect(outcomes.filter((o) => o.outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'duplicate-event')).toHaveLength(4);
    expect(await count('payments', user.id)).toBe(1);
    expect(await count('user_changes', user.id)).toBe(1);
    expect(await count('email_outbox', user.id)).toBe(1);
  });

  it('grants nothing when the amount or currency does not match the order, and says why', async () => {
    const { user, order } = await buyer();
    const cheap = paid(order.id, 'pay_cheap', 100);
    expect((await applyPaymentEvent(database.db, cheap)).outcome).toBe('mismatch');
    expect(
      (await applyPaymentEvent(database.db, paid(order.id, 'pay_naira', 40_000, 'ngn'))).outcome,
    ).toBe('mismatch');
    expect((await accessOf(database.db, user.id)).access).toBe('none');
    expect(await count('payments', user.id)).toBe(0);
    const recorded = await recordedEvent(cheap.eventId);
    expect(recorded.outcome).toBe('mismatch');
    expect(recorded.note).toContain('Paid $1, the order is for $400');
  });

  it('records an event for an unknown order (or another provider’s) and changes nothing', async () => {
    const { order } = await buyer();
    expect((await applyPaymentEvent(database.db, paid('ord_nope', 'pay_x'))).outcome).toBe(
      'unknown-order',
    );
    expect(
      (await applyPaymentEvent(database.db, { ...paid(order.id, 'pay_y'), provider: 'stripe' }))
        .outcome,
    ).toBe('unknown-order');
  });

  it('a refund takes access back, also from an admin’s grant given before the purchase, never from an admin', async () => {
    const { user, order } = await buyer();
    await applyPaymentEvent(database.db, paid(order.id, 'pay_r'));
    await applyPaymentEvent(database.db, refund('pay_r', order.id));
    expect((await accessOf(database.db, user.id)).access).toBe('none');
    expect((await enrolmentOf(order.id)).status).toBe('refunded');

    // A grant given before the purchase is replaced by it (decision 063): the refund applies.
    const granted = await buyer();
    const before = new Date(Date.now() - 60_000);
    await changeUserStatus(database.db, granted.user.id, { access: 'level-1' }, 'command-line', {
      now: before,
    });
    await applyPaymentEvent(database.db, paid(granted.order.id, 'pay_g'));
    await applyPaymentEvent(database.db, refund('pay_g', granted.order.id));
    expect((await accessOf(database.db, granted.user.id)).access).toBe('none');

    const admin = await buyer('admin');
    await applyPaymentEvent(database.db, paid(admin.order.id, 'pay_a'));
    await applyPaymentEvent(database.db, refund('pay_a', admin.order.id));
    expect((await accessOf(database.db, admin.user.id)).access).toBe('admin');
  });

  it('a refund that arrives before its payment ends refunded, with no access', async () => {
    const { user, order } = await buyer();
    await applyPaymentEvent(database.db, refund('pay_early', order.id));
    expect((await applyPaymentEvent(database.db, paid(order.id, 'pay_early'))).outcome).toBe(
      'duplicate-payment',
    );
    expect((await accessOf(database.db, user.id)).access).toBe('none');
    expect(await count('enrolments', user.id)).toBe(0);
  });

  it('installments: the first unlocks, a failure makes it overdue (access kept, e-mail sent), the next payment clears it', async () => {
    const { user, order } = await buyer('none', 'fed-installments');
    expect(order).toMatchObject({ amount: 15_000, installments: 3 });
    await applyPaymentEvent(database.db, paid(order.id, 'inv_1', 15_000));
    expect((await accessOf(database.db, user.id)).access).toBe('level-1');
    await applyPaymentEvent(database.db, {
      provider: 'local',
      eventId: `evt_${++events}`,
      type: 'invoice.payment_failed',
      orderId: order.id,
      raw: {},
      kind: 'payment-failed',
      reason: 'Card declined',
    });
    const enrolment = () => enrolmentOf(order.id);
    expect(await enrolment()).toMatchObject({ status: 'overdue', installments_paid: 1 });
    expect((await accessOf(database.db, user.id)).access).toBe('level-1');
    const subjects = async () =>
      (
        await database.db
          .selectFrom('email_outbox')
          .select('subject')
          .where('user_id', '=', user.id)
          .orderBy('created_at')
          .execute()
      ).map((row) => row.subject);
    expect(await subjects()).toContain('Your installment payment did not go through');
    await applyPaymentEvent(database.db, paid(order.id, 'inv_2', 15_000));
    await applyPaymentEvent(database.db, paid(order.id, 'inv_3', 15_000));
    expect(await enrolment()).toMatchObject({ status: 'active', installments_paid: 3 });
    expect(await subjects()).toContain('Installment 3 of 3 received');
    expect(await count('user_changes', user.id)).toBe(1);
  });
});

describe('what the success page says of an order (decision 072)', () => {
  it('a FullStack installment order: SPEC’s heading for the first payment, then "Installment 2 of 3 received", and Start learning goes to /fsd', async () => {
    const { user, order } = await buyer('none', 'fsd-installments');
    await applyPaymentEvent(database.db, paid(order.id, 'fsd_inv_1', order.amount));
    expect(await findOrderState(database.db, order.id, user.id)).toMatchObject({
      headline: null,
      coursePath: '/fsd/home',
    });
    await applyPaymentEvent(database.db, paid(order.id, 'fsd_inv_2', order.amount));
    expect(await findOrderState(database.db, order.id, user.id)).toMatchObject({
      headline: 'Installment 2 of 3 received',
      coursePath: '/fsd/home',
    });
  });
});

describe('an order paid in full', () => {
  it('records no further payment and flags it for a refund', async () => {
    const { user, order } = await buyer();
    await applyPaymentEvent(database.db, paid(order.id, 'pay_once'));
    const again = paid(order.id, 'pay_twice');
    expect((await applyPaymentEvent(database.db, again)).outcome).toBe('mismatch');
    expect(await count('payments', user.id)).toBe(1);
    const recorded = await recordedEvent(again.eventId);
    expect(recorded.note).toContain('refund it');
  });
});

describe('events that arrive at the same moment', () => {
  it('two installments paid at once both count, and a charge after the last is flagged', async () => {
    const { user, order } = await buyer('none', 'fed-installments');
    await applyPaymentEvent(database.db, paid(order.id, 'inv_a1', 15_000));
    const outcomes = await atTheSameMoment(
      database,
      { table: 'payments', operation: 'insert' },
      ['inv_a2', 'inv_a3'].map(
        (id) => () => applyPaymentEvent(database.db, paid(order.id, id, 15_000)),
      ),
    );
    expect(outcomes.map((o) => o.outcome)).toEqual(['applied', 'applied']);
    expect(await enrolmentOf(order.id)).toMatchObject({ status: 'active', installments_paid: 3 });
    expect(await count('payments', user.id)).toBe(3);
    expect((await applyPaymentEvent(database.db, paid(order.id, 'inv_a4', 15_000))).outcome).toBe(
      'mismatch',
    );
    expect(await count('payments', user.id)).toBe(3);
  });

  it('refunds of every installment at once end the enrolment and take access back', async () => {
    const { user, order } = await buyer('none', 'fed-installments');
    await applyPaymentEvent(database.db, paid(order.id, 'inv_b1', 15_000));
    await applyPaymentEvent(database.db, paid(order.id, 'inv_b2', 15_000));
    await atTheSameMoment(
      database,
      { table: 'payments', operation: 'update' },
      ['inv_b1', 'inv_b2'].map(
        (id) => () => applyPaymentEvent(database.db, refund(id, order.id, 15_000)),
      ),
    );
    expect((await enrolmentOf(order.id)).status).toBe('refunded');
    expect((await accessOf(database.db, user.id)).access).toBe('none');
  });
});

describe('money as providers really send it', () => {
  it('another event naming a payment already recorded is the same payment, not a further one', async () => {
    const { user, order } = await buyer();
    await applyPaymentEvent(database.db, paid(order.id, 'pi_same'));
    const again = await applyPaymentEvent(database.db, paid(order.id, 'pi_same'));
    expect(again.outcome).toBe('duplicate-payment');
    expect(await count('payments', user.id)).toBe(1);
    expect(await count('email_outbox', user.id)).toBe(1);
  });

  it('refunds in parts refund the payment once they add up to it', async () => {
    const { user, order } = await buyer();
    await applyPaymentEvent(database.db, paid(order.id, 'pay_parts'));
    const half = await applyPaymentEvent(database.db, refund('pay_parts', order.id, 20_000));
    expect(half.outcome).toBe('applied');
    expect((await accessOf(database.db, user.id)).access).toBe('level-1');
    await applyPaymentEvent(database.db, refund('pay_parts', order.id, 20_000));
    expect((await enrolmentOf(order.id)).status).toBe('refunded');
    expect((await accessOf(database.db, user.id)).access).toBe('none');
    const payment = await database.db
      .selectFrom('payments')
      .select(['status', 'refunded_amount'])
      .where('provider_payment_id', '=', 'pay_parts')
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: 'refunded', refunded_amount: 40_000 });
  });
});

describe("an admin's revocation", () => {
  it('sticks through later installments: the payment is recorded and flagged, access stays none', async () => {
    const { user, order } = await buyer('none', 'fed-installments');
    await applyPaymentEvent(database.db, paid(order.id, 'inv_c1', 15_000));
    await changeUserStatus(database.db, user.id, { access: 'none' }, 'command-line');
    const next = paid(order.id, 'inv_c2', 15_000);
    expect((await applyPaymentEvent(database.db, next)).outcome).toBe('access-withheld');
    expect((await accessOf(database.db, user.id)).access).toBe('none');
    expect(await count('payments', user.id)).toBe(2);
    const { events } = await listPaymentsNeedingAttention(database.db);
    expect(events.find((event) => event.eventId === next.eventId)).toMatchObject({
      outcome: 'access-withheld',
      buyer: { id: user.id },
    });
    // Lifted by an admin, it is theirs again, and the next installment keeps it.
    await changeUserStatus(database.db, user.id, { access: 'level-1' }, 'command-line');
    expect((await applyPaymentEvent(database.db, paid(order.id, 'inv_c3', 15_000))).outcome).toBe(
      'applied',
    );
    expect((await accessOf(database.db, user.id)).access).toBe('level-1');
  });
});

describe('one enrolment state', () => {
  it('a second purchase of a track already paid for is recorded and flagged for a refund', async () => {
    const { user, order } = await buyer();
    await applyPaymentEvent(database.db, paid(order.id, 'pay_first'));
    const second = await createOrder(database.db, {
      userId: user.id,
      plan: findPlan('fed-installments')!,
      provider: { name: 'local', currency: 'USD' },
    });
    const again = paid(second.id, 'pay_second', 15_000);
    expect((await applyPaymentEvent(database.db, again)).outcome).toBe('duplicate-purchase');
    expect(await count('payments', user.id)).toBe(2);
    const { events } = await listPaymentsNeedingAttention(database.db);
    expect(events.find((event) => event.eventId === again.eventId)).toMatchObject({
      outcome: 'duplicate-purchase',
      note: `Already enrolled in the FrontEnd track (${order.id}): payment pay_second is a second purchase, refund it`,
    });
  });
});

describe('the raw event kept with a payment (decision 064)', () => {
  it('keeps only the fields reconciliation reads: none of the personal values Paystack sends under other keys', async () => {
    const { user, order } = await buyer();
    const name = 'Oluwaseun Brightwater';
    const email = 'seun.brightwater@example.org';
    await applyPaymentEvent(database.db, {
      ...paid(order.id, `pay-${order.id}`),
      raw: documentedChargeSuccess(name, email),
    });
    const { raw_event } = await database.db
      .selectFrom('payments')
      .select('raw_event')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    for (const personal of [
      'Oluwaseun',
      'OLUWASEUN',
      'seun.brightwater',
      '+2348012345678',
      'XXXXXX4693',
      'NIP:',
      'referrer',
      'AUTH_f5rnfq9p',
      '41.242.49.37',
    ]) {
      expect([personal, raw_event.includes(personal)]).toEqual([personal, false]);
    }
    expect(JSON.parse(raw_event)).toMatchObject({
      event: 'charge.success',
      data: { reference: 'ord-documented', amount: 15000000, currency: 'NGN' },
    });
  });
});
