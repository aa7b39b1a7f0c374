/**
 * Installments that chase themselves (issue 32, decision 053) through the compiled server:
 * Stripe's and Paystack's failed-installment webhooks, signed as they sign them, make the
 * enrolment overdue with the provider's handle kept; "Update your payment" asks the fakes for
 * Stripe's billing portal session and Paystack's manage link; the sweep (with its clock
 * moved on) pauses access, and the provider's payment restores it at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPlan } from '~/content/plans';
import { openDatabase, type DatabaseHandle } from '~/db/database.server';
import { createOrder } from '~/features/enrolment/orders.server';
import { sweepOverdue } from '~/features/enrolment/overdue.server';
import {
  chargeSuccess,
  invoicePaymentFailed,
  newPaystackCode,
  nextPaystackId,
  PAYSTACK_SECRET_KEY,
  signedPaystackEvent,
  startFakePaystack,
  type FakePaystack,
} from '../support/fake-paystack';
import { insertSession, insertUser } from '../support/factories';
import {
  newStripeId,
  signedStripeEvent,
  startFakeStripe,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  subscriptionInvoice,
  type FakeStripe,
} from '../support/fake-stripe';
import { createAccounts } from '../support/accounts';
import { startServer, tempDatabaseUrl, type RunningServer } from '../support/server-process';

const DAY = 24 * 60 * 60 * 1000;

let stripe: FakeStripe;
let paystack: FakePaystack;
let server: RunningServer;
let database: DatabaseHandle;

beforeAll(async () => {
  [stripe, paystack] = await Promise.all([startFakeStripe(), startFakePaystack()]);
  const databaseUrl = await tempDatabaseUrl();
  // Migrated before the server starts, so this file's connection sees every table.
  await createAccounts(databaseUrl, []);
  server = await startServer({
    DATABASE_URL: databaseUrl,
    STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    PAYSTACK_SECRET_KEY,
    PAYSTACK_API_URL: paystack.url,
    PAYMENT_PROVIDER: 'stripe',
  });
  database = openDatabase(databaseUrl);
});
afterAll(async () => {
  await database?.close();
  await server?.stop();
  await Promise.all([stripe?.close(), paystack?.close()]);
});

async function buyer(planId: string, provider: 'stripe' | 'paystack') {
  const user = await insertUser(database.db);
  const order = await createOrder(database.db, {
    userId: user.id,
    plan: findPlan(planId)!,
    provider:
      provider === 'stripe'
        ? { name: 'stripe', currency: 'USD' }
        : { name: 'paystack', currency: 'NGN' },
  });
  return { user, order, cookie: await insertSession(database.db, user.id) };
}

const deliver = (provider: string, delivery: { body: string; headers: Record<string, string> }) =>
  fetch(`${server.origin}/webhooks/${provider}`, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
  });

/** "Update your payment" as the e-mail's link opens it: where it sends the browser. */
async function updatePayment(cookie: string) {
  const answer = await fetch(`${server.origin}/account/update-payment`, {
    redirect: 'manual',
    headers: cookie ? { Cookie: cookie } : {},
  });
  return { status: answer.status, location: answer.headers.get('location') ?? '' };
}

const enrolmentOf = (orderId: string) =>
  database.db
    .selectFrom('enrolments')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();

const accessOf = async (userId: string) =>
  (
    await database.db
      .selectFrom('users')
      .select('access')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).access;

const templatesOf = async (userId: string) =>
  (
    await database.db
      .selectFrom('email_outbox')
      .select('template')
      .where('user_id', '=', userId)
      .execute()
  )
    .map((row) => row.template)
    .sort();

/** The sweep as every instance runs it, with its clock `days` after the failure. */
const sweepAfter = async (orderId: string, days: number) => {
  const since = (await enrolmentOf(orderId)).overdue_since!;
  return sweepOverdue(database.db, {
    now: new Date(Date.parse(since) + days * DAY),
    graceDays: 14,
  });
};

describe('Stripe', () => {
  it('invoice.payment_failed keeps the customer; Update your payment opens a billing portal session; the paid invoice restores a paused student', async () => {
    const { user, order, cookie } = await buyer('fed-installments', 'stripe');
    const subscription = newStripeId('sub');
    const customer = newStripeId('cus');
    const invoices = [newStripeId('in'), newStripeId('in')];
    const invoice = (index: number, paid = true) =>
      subscriptionInvoice({
        id: invoices[index]!,
        orderId: order.id,
        subscription,
        amount: 15_000,
        billingReason: index === 0 ? 'subscription_create' : 'subscription_cycle',
        paid,
        customer,
      });
    expect((await deliver('stripe', signedStripeEvent('invoice.paid', invoice(0)))).status).toBe(
      200,
    );
    const failed = signedStripeEvent('invoice.payment_failed', invoice(1, false));
    expect((await deliver('stripe', failed)).status).toBe(200);
    // Stripe retries the invoice and reports each failure: the spell is still the first.
    const firstSince = (await enrolmentOf(order.id)).overdue_since;
    await deliver('stripe', signedStripeEvent('invoice.payment_failed', invoice(1, false)));
    expect(await enrolmentOf(order.id)).toMatchObject({
      status: 'overdue',
      manage_ref: customer,
      overdue_since: firstSince,
    });
    expect(await templatesOf(user.id)).toEqual(['installment-failed', 'payment-received']);

    const portal = await updatePayment(cookie);
    expect(portal.status).toBe(302);
    expect(portal.location).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_test_/);
    expect(stripe.portalSessions.at(-1)).toEqual({
      customer,
      return_url: `${server.origin}/account`,
    });

    expect((await sweepAfter(order.id, 14)).userIds).toContain(user.id);
    expect(await accessOf(user.id)).toBe('none');

    await deliver('stripe', signedStripeEvent('invoice.paid', invoice(1)));
    expect(await accessOf(user.id)).toBe('level-1');
    expect(await enrolmentOf(order.id)).toMatchObject({
      status: 'active',
      installments_paid: 2,
      paused_at: null,
      overdue_since: null,
    });
    expect(await templatesOf(user.id)).toEqual([
      'access-paused',
      'access-restored',
      'installment-failed',
      'payment-received',
      'payment-received',
    ]);
    // Nothing overdue any more: the link says so on the account page.
    expect((await updatePayment(cookie)).location).toBe('/account');
  });

  it('without the customer from the event, the subscription names it', async () => {
    const { order, cookie } = await buyer('fed-installments', 'stripe');
    const subscription = newStripeId('sub');
    const customer = newStripeId('cus');
    stripe.subscriptionCustomers.set(subscription, customer);
    const invoice = (paid: boolean) =>
      subscriptionInvoice({
        id: newStripeId('in'),
        orderId: order.id,
        subscription,
        amount: 15_000,
        paid,
      });
    await deliver('stripe', signedStripeEvent('invoice.paid', invoice(true)));
    await deliver('stripe', signedStripeEvent('invoice.payment_failed', invoice(false)));
    expect((await enrolmentOf(order.id)).manage_ref).toBeNull();
    expect((await updatePayment(cookie)).status).toBe(302);
    expect(stripe.portalSessions.at(-1)).toMatchObject({ customer });
  });

  it('a visitor is sent to sign in first', async () => {
    const answer = await updatePayment('');
    expect(answer.status).toBe(302);
    expect(answer.location).toBe('/login?redirectTo=%2Faccount%2Fupdate-payment');
  });
});

describe('Paystack', () => {
  it('invoice.payment_failed keeps the subscription code; Update your payment opens its manage link; the renewal restores a paused student', async () => {
    const { user, order, cookie } = await buyer('fed-installments', 'paystack');
    const plan = { plan_code: newPaystackCode('PLN'), name: 'FrontEnd Bootcamp in 3 Installments' };
    const customer = { customer_code: newPaystackCode('CUS'), email: user.email };
    const charge = (reference: string, metadata: { order_id: string } | '') => {
      const transaction = {
        id: nextPaystackId(),
        reference,
        status: 'success' as const,
        amount: order.amount,
        currency: 'NGN',
        metadata,
        customer,
        plan,
      };
      paystack.transactions.set(reference, transaction);
      return signedPaystackEvent('charge.success', chargeSuccess(transaction));
    };
    await deliver('paystack', charge(order.id, { order_id: order.id }));
    const subscriptionCode = newPaystackCode('SUB');
    paystack.subscriptions.set(subscriptionCode, { customer, plan });
    await deliver(
      'paystack',
      signedPaystackEvent(
        'invoice.payment_failed',
        invoicePaymentFailed(subscriptionCode, customer.customer_code),
      ),
    );
    expect(await enrolmentOf(order.id)).toMatchObject({
      status: 'overdue',
      manage_ref: subscriptionCode,
    });

    const manage = await updatePayment(cookie);
    expect(manage.status).toBe(302);
    expect(manage.location).toMatch(
      new RegExp(`^https://paystack\\.com/manage/subscriptions/${subscriptionCode}\\?`),
    );
    expect(paystack.manageLinks).toEqual([subscriptionCode]);

    await sweepAfter(order.id, 3);
    await sweepAfter(order.id, 14);
    expect(await accessOf(user.id)).toBe('none');
    // The new card is charged: a renewal under Paystack's own reference.
    await deliver('paystack', charge(newPaystackCode('T'), ''));
    expect(await accessOf(user.id)).toBe('level-1');
    expect(await enrolmentOf(order.id)).toMatchObject({ status: 'active', installments_paid: 2 });
    expect(await templatesOf(user.id)).toEqual([
      'access-paused',
      'access-restored',
      'installment-failed',
      'installment-reminder',
      'payment-received',
      'payment-received',
    ]);
  });
});
