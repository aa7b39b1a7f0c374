import { describe, expect, it } from 'vitest';
import { upgradePlan } from '~/content/plans';
import { useTestDatabase } from '../../../tests/support/test-database';
import {
  accessOf,
  insertEnrolment,
  insertUser,
  newCohort,
  payThroughVerifiedWebhook,
} from '../../../tests/support/factories';
import { enrolledTracksOf } from './enrolments.server';
import { createOrder } from './orders.server';
import { applyPaymentEvent, type PaymentEvent } from './payment-events.server';
import { searchPayments } from './payment-search.server';
import { upgradeOfferOf } from './upgrade.server';

const database = useTestDatabase();

const paid = (orderId: string, amount: number, eventId = `evt-${orderId}`): PaymentEvent => ({
  provider: 'local',
  eventId,
  type: 'payment.succeeded',
  orderId,
  raw: {},
  kind: 'payment-succeeded',
  paymentId: `charge-${orderId}`,
  amount,
  currency: 'USD',
});

/** A FrontEnd student who paid the upfront plan, placed in a cohort of their own. */
async function frontendStudent() {
  const cohort = await newCohort(database.db, 'Upgrade Cohort');
  const user = await insertUser(database.db, { cohort: cohort.id });
  const fedOrder = await payThroughVerifiedWebhook(database.db, user.id, 'fed-upfront');
  return { user, cohort, fedOrder };
}

/** A FrontEnd student of the installment plan who has paid `paid` of its 3 installments. */
async function installmentStudent(paid: number): Promise<string> {
  const user = await insertUser(database.db, { access: 'level-1' });
  await insertEnrolment(database.db, {
    userId: user.id,
    orderId: null,
    planId: 'fed-installments',
    installmentsPaid: paid,
    installmentsTotal: 3,
  });
  return user.id;
}

describe('the upgrade from FrontEnd to FullStack with credit', () => {
  it('costs the difference of the two upfront prices: $600, or ₦900,000 through Paystack', async () => {
    const { user } = await frontendStudent();
    const usd = await createOrder(database.db, {
      userId: user.id,
      plan: upgradePlan,
      provider: { name: 'local', currency: 'USD' },
    });
    const ngn = await createOrder(database.db, {
      userId: user.id,
      plan: upgradePlan,
      provider: { name: 'paystack', currency: 'NGN' },
    });
    expect([usd.amount, usd.currency, usd.installments, usd.track]).toEqual([
      60_000,
      'USD',
      1,
      'fullstack',
    ]);
    expect([ngn.amount, ngn.currency]).toEqual([90_000_000, 'NGN']);
  });

  it('is offered to a FrontEnd student who paid in full; one still paying is told it opens after the last installment; nobody else', async () => {
    const { user } = await frontendStudent();
    expect(await upgradeOfferOf(database.db, user.id)).toEqual({ kind: 'open' });

    expect(await upgradeOfferOf(database.db, await installmentStudent(1))).toEqual({
      kind: 'after-installments',
      paid: 1,
      total: 3,
    });
    expect(await upgradeOfferOf(database.db, await installmentStudent(3))).toEqual({
      kind: 'open',
    });

    const invited = await insertUser(database.db, { access: 'level-1' });
    await insertEnrolment(database.db, {
      userId: invited.id,
      orderId: null,
      planId: 'invitation',
      source: 'invitation',
    });
    const fullstack = await insertUser(database.db, { access: 'level-1' });
    await payThroughVerifiedWebhook(database.db, fullstack.id, 'fsd-upfront');
    const visitor = await insertUser(database.db);
    for (const nobody of [invited, fullstack, visitor]) {
      expect(await upgradeOfferOf(database.db, nobody.id)).toBeNull();
    }
  });

  it('opens FullStack only on its verified payment, once however often it is delivered, keeping the cohort; the ledger lists both orders; a refund closes FullStack only', async () => {
    const { user, cohort, fedOrder } = await frontendStudent();
    const order = await createOrder(database.db, {
      userId: user.id,
      plan: upgradePlan,
      provider: { name: 'local', currency: 'USD' },
    });
    // The order alone (the browser back from the provider, a success page) opens nothing.
    expect(await enrolledTracksOf(database.db, user.id)).toEqual(['frontend']);
    // A payment of another amount (the full $1,000) is recorded as a mismatch and grants nothing.
    expect(
      (await applyPaymentEvent(database.db, paid(order.id, 100_000, 'evt-wrong'))).outcome,
    ).toBe('mismatch');
    expect(await enrolledTracksOf(database.db, user.id)).toEqual(['frontend']);

    const deliveries = await Promise.all(
      [1, 2, 3].map(() => applyPaymentEvent(database.db, paid(order.id, 60_000))),
    );
    expect(deliveries.map((delivery) => delivery.outcome).sort()).toEqual([
      'applied',
      'duplicate-event',
      'duplicate-event',
    ]);
    expect((await enrolledTracksOf(database.db, user.id)).sort()).toEqual([
      'frontend',
      'fullstack',
    ]);
    expect(await accessOf(database.db, user.id)).toEqual({ access: 'level-1', cohort: cohort.id });
    const enrolment = await database.db
      .selectFrom('enrolments')
      .select(['track', 'plan_id', 'source', 'status'])
      .where('order_id', '=', order.id)
      .execute();
    expect(enrolment).toEqual([
      { track: 'fullstack', plan_id: 'fsd-upgrade', source: 'payment', status: 'active' },
    ]);
    expect(await upgradeOfferOf(database.db, user.id)).toBeNull();

    const ledger = await searchPayments(database.db, { q: user.email, page: 1 });
    expect(ledger.rows.map((row) => [row.id, row.planId, row.received, row.status]).sort()).toEqual(
      [
        [fedOrder.id, 'fed-upfront', 40_000, 'paid'],
        [order.id, 'fsd-upgrade', 60_000, 'paid'],
      ].sort(),
    );

    // Refunded, the upgrade closes FullStack and leaves FrontEnd, the access and the cohort.
    await applyPaymentEvent(database.db, {
      provider: 'local',
      eventId: 'evt-refund',
      type: 'refund',
      orderId: order.id,
      raw: {},
      kind: 'refunded',
      paymentId: `charge-${order.id}`,
      amount: 60_000,
      currency: 'USD',
    });
    expect(await enrolledTracksOf(database.db, user.id)).toEqual(['frontend']);
    expect(await accessOf(database.db, user.id)).toEqual({ access: 'level-1', cohort: cohort.id });
  });
});
