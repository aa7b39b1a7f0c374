/**
 * Stripe and Paystack through the compiled server: webhooks signed as the providers sign
 * them, delivered over HTTP to `/webhooks/{provider}`, against in-process fakes of their
 * APIs (tests/support/fake-*.ts); on SQLite, and on PostgreSQL in its own pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPlan } from '~/content/plans';
import { openDatabase, type DatabaseHandle } from '~/db/database.server';
import type { Access, Order, PaymentProviderName } from '~/db/schema';
import { checkCode, createDiscountCode } from '~/features/discounts/discounts.server';
import { createOrder } from '~/features/enrolment/orders.server';
import { createPaystackPaymentProvider } from '~/features/enrolment/paystack-payments.server';
import { listPaymentsNeedingAttention } from '~/features/enrolment/payment-search.server';
import { sweepOverdue } from '~/features/enrolment/overdue.server';
import {
  chargeSuccess,
  invoicePaymentFailed,
  newPaystackCode,
  nextPaystackId,
  PAYSTACK_SECRET_KEY,
  refundProcessed,
  signedPaystackEvent,
  startFakePaystack,
  type FakePaystack,
  type PaystackTransaction,
} from '../support/fake-paystack';
import {
  admin,
  discountCodeFields,
  enrolmentOfOrder,
  insertSession,
  insertUser,
} from '../support/factories';
import {
  checkoutSession,
  newStripeId,
  refundedCharge,
  signedStripeEvent,
  startFakeStripe,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  subscriptionInvoice,
  type FakeStripe,
} from '../support/fake-stripe';
import { createAccounts } from '../support/accounts';
import {
  flashIn,
  startServer,
  tempDatabaseUrl,
  type RunningServer,
} from '../support/server-process';

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

async function buyer(
  planId: string,
  provider: { name: 'stripe'; currency: 'USD' } | { name: 'paystack'; currency: 'NGN' },
  access: Access = 'none',
) {
  const user = await insertUser(database.db, { access });
  const order = await createOrder(database.db, {
    userId: user.id,
    plan: findPlan(planId)!,
    provider,
  });
  return { user, order };
}
/** A code for the FrontEnd plans (issue 32), up to 5 uses. */
const newCode = (code: string, off: { percentOff?: number; amountOff?: number }) =>
  createDiscountCode(
    database.db,
    discountCodeFields({
      code,
      percentOff: off.percentOff ?? null,
      amountOff: off.amountOff ?? null,
      planIds: ['fed-upfront', 'fed-installments'],
      maxUses: 5,
    }),
    admin,
  );
const usesOf = async (code: string) =>
  (
    await database.db
      .selectFrom('discount_codes')
      .select('uses')
      .where('code', '=', code)
      .executeTakeFirstOrThrow()
  ).uses;
/** Paystack reports an installment of the customer's subscription to `plan` unpaid. */
async function failPaystackInstallment(
  customer: PaystackTransaction['customer'],
  plan: { plan_code: string },
): Promise<string> {
  const subscriptionCode = newPaystackCode('SUB');
  paystack.subscriptions.set(subscriptionCode, { customer, plan });
  await deliver(
    'paystack',
    signedPaystackEvent(
      'invoice.payment_failed',
      invoicePaymentFailed(subscriptionCode, customer.customer_code),
    ),
  );
  return subscriptionCode;
}

const viaStripe = { name: 'stripe', currency: 'USD' } as const;
const viaPaystack = { name: 'paystack', currency: 'NGN' } as const;

/** A form of the site posted by a signed-in account, as the browser posts it. */
const postForm = (cookie: string, path: string, body: string) =>
  fetch(`${server.origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Cookie: cookie,
      Origin: server.origin,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body,
  });

/** Pay Now as the /enroll form posts it, for a signed-in account (with `&code=…` after a code). */
const payNow = (cookie: string, plan: string, more = '', path = '/checkout') =>
  postForm(cookie, path, `plan=${plan}${more}`);

const deliver = (provider: string, delivery: { body: string; headers: Record<string, string> }) =>
  fetch(`${server.origin}/webhooks/${provider}`, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
  });

/** The `index`th invoice of an installment order's subscription, its first the creation's. */
const installmentInvoice = (
  order: Order,
  subscription: string,
  invoices: string[],
  index: number,
  { paid, customer }: { paid: boolean; customer?: string },
) =>
  subscriptionInvoice({
    id: invoices[index]!,
    orderId: order.id,
    subscription,
    amount: 15_000,
    billingReason: index === 0 ? 'subscription_create' : 'subscription_cycle',
    paid,
    customer,
  });

async function stateOf(userId: string, orderId: string) {
  const [user, enrolment, payments, emails] = await Promise.all([
    database.db
      .selectFrom('users')
      .select('access')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    database.db
      .selectFrom('enrolments')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirst(),
    database.db
      .selectFrom('payments')
      .select(['provider_payment_id', 'status', 'amount', 'currency'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute(),
    database.db
      .selectFrom('email_outbox')
      .select('template')
      .where('user_id', '=', userId)
      .execute(),
  ]);
  return {
    access: user.access,
    enrolment: enrolment && {
      status: enrolment.status,
      paid: `${enrolment.installments_paid} of ${enrolment.installments_total}`,
    },
    payments,
    emails: emails.map((email) => email.template).sort(),
  };
}

/** A one-payment order refunded in full: the payment, its enrolment and the access. */
async function expectRefundedInFull(userId: string, orderId: string) {
  expect(await stateOf(userId, orderId)).toMatchObject({
    access: 'none',
    enrolment: { status: 'refunded' },
    payments: [{ status: 'refunded' }],
  });
}

const eventOutcome = async (provider: PaymentProviderName, orderId: string) =>
  database.db
    .selectFrom('payment_events')
    .select(['type', 'outcome', 'note'])
    .where('provider', '=', provider)
    .where('order_id', '=', orderId)
    .execute();

/** The same delivery five times at once, as a provider's retries may race: each is taken. */
async function deliverFiveAtOnce(
  provider: PaymentProviderName,
  delivery: { body: string; headers: Record<string, string> },
) {
  const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(provider, delivery)));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
}

/** What one order paid in full once leaves: the course open, the payment, its e-mail. */
const paidOnce = (payment: { provider_payment_id: string; amount: number; currency: string }) => ({
  access: 'level-1',
  enrolment: { status: 'active', paid: '1 of 1' },
  payments: [{ ...payment, status: 'paid' }],
  emails: ['payment-received'],
});

/** A payment for less than its order: nothing granted, and the event says why. */
async function expectUnderpaid(
  provider: PaymentProviderName,
  { user, order }: Awaited<ReturnType<typeof buyer>>,
  type: string,
  note: string,
) {
  expect(await stateOf(user.id, order.id)).toMatchObject({ access: 'none', payments: [] });
  expect(await eventOutcome(provider, order.id)).toEqual([{ type, outcome: 'mismatch', note }]);
}

describe('Stripe', () => {
  it('Pay Now creates a Checkout Session priced from the plans, for the signed-in buyer’s order', async () => {
    const [account] = await createAccounts(server.databaseUrl, [
      { access: 'none', name: 'Sam Stripe' },
    ]);
    const asked = Date.now();
    const response = await payNow(account!.cookie, 'fed-installments');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(
      /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/,
    );
    const order = await database.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', account!.id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      amount: 15_000,
      currency: 'USD',
      installments: 3,
      provider: 'stripe',
    });
    expect(order.provider_ref).toMatch(/^cs_test_/);
    expect(stripe.sessions.at(-1)).toMatchObject({
      mode: 'subscription',
      client_reference_id: order.id,
      customer_email: account!.email,
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '15000',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][product_data][name]': 'FrontEnd Bootcamp in 3 Installments',
      'subscription_data[metadata][order_id]': order.id,
      success_url: `${server.origin}/success?order=${order.id}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${server.origin}/checkout?cancelled=${order.id}`,
    });
    // The session closes 31 minutes on (Stripe's floor is 30), and the order's hold with it.
    const expiresAt = Number(stripe.sessions.at(-1)!.expires_at) * 1000;
    expect(expiresAt - asked).toBeGreaterThan(30 * 60_000);
    expect(expiresAt - asked).toBeLessThanOrEqual(31 * 60_000 + 5_000);
    expect(order.checkout_expires_at).toBe(new Date(expiresAt).toISOString());
    // Coming back through Cancel: /enroll with the toast, nothing changed.
    const cancelled = await fetch(`${server.origin}/checkout?cancelled=${order.id}`, {
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get('location')).toBe('/enroll');
    expect(await flashIn(cancelled.headers.get('set-cookie'))).toEqual({
      type: 'info',
      message: 'Payment cancelled',
    });
  });

  it('with a code, /enroll quotes the new amount and Pay Now asks Stripe for it as the checkout’s amount (issue 32)', async () => {
    await newCode('STRIPE-20', { percentOff: 20 });
    const [account] = await createAccounts(server.databaseUrl, [
      { access: 'none', name: 'Sid Stripe' },
    ]);
    const quoted = await payNow(
      account!.cookie,
      'fed-installments',
      '&intent=apply-code&code=stripe-20',
      '/enroll',
    );
    expect(quoted.status).toBe(200);
    expect(await quoted.text()).toContain('$120');
    // A tampered amount in the form is not read: the server computes it.
    const response = await payNow(account!.cookie, 'fed-installments', '&code=stripe-20&amount=1');
    expect(response.status).toBe(302);
    const order = await database.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', account!.id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ amount: 12_000, discount_amount: 3_000, installments: 3 });
    // price_data, each installment discounted: no Stripe coupon (decision 052).
    expect(stripe.sessions.at(-1)).toMatchObject({
      mode: 'subscription',
      client_reference_id: order.id,
      'line_items[0][price_data][unit_amount]': '12000',
      'line_items[0][price_data][recurring][interval]': 'month',
    });
    expect(stripe.sessions.at(-1)).not.toHaveProperty('discounts[0][coupon]');
    expect(await usesOf('STRIPE-20')).toBe(1);
    // The full price is not this order's amount: nothing granted; the discounted one unlocks.
    const session = (amount: number) =>
      signedStripeEvent(
        'checkout.session.completed',
        checkoutSession({
          orderId: order.id,
          amount,
          subscription: newStripeId('sub'),
          invoice: newStripeId('in'),
        }),
      );
    expect((await deliver('stripe', session(15_000))).status).toBe(200);
    expect((await stateOf(account!.id, order.id)).access).toBe('none');
    expect((await deliver('stripe', session(12_000))).status).toBe(200);
    expect((await stateOf(account!.id, order.id)).access).toBe('level-1');
    expect(await usesOf('STRIPE-20')).toBe(1);
  });

  it('a checkout with a code that expires unpaid gives the code’s use back (issue 32)', async () => {
    await newCode('STRIPE-EXPIRES', { amountOff: 50 });
    const [account] = await createAccounts(server.databaseUrl, [
      { access: 'none', name: 'Exa Expired' },
    ]);
    expect((await payNow(account!.cookie, 'fed-upfront', '&code=STRIPE-EXPIRES')).status).toBe(302);
    const order = await database.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', account!.id)
      .executeTakeFirstOrThrow();
    expect(stripe.sessions.at(-1)).toMatchObject({
      'line_items[0][price_data][unit_amount]': '35000',
    });
    expect(await usesOf('STRIPE-EXPIRES')).toBe(1);
    const expired = signedStripeEvent('checkout.session.expired', {
      ...checkoutSession({ orderId: order.id, amount: 35_000, paid: false }),
      status: 'expired',
    });
    expect((await deliver('stripe', expired)).status).toBe(200);
    expect(await usesOf('STRIPE-EXPIRES')).toBe(0);
  });

  it('Pay Now is limited per person: past 10 checkouts in ten minutes it answers 429 and starts nothing (issue 22)', async () => {
    const [account, other] = await createAccounts(server.databaseUrl, [
      { access: 'none', name: 'Hasty Buyer' },
      { access: 'none', name: 'Patient Buyer' },
    ]);
    const sessionsBefore = stripe.sessions.length;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => payNow(account!.cookie, 'fed-upfront')),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      ...Array<number>(10).fill(302),
      429,
      429,
    ]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain('You have started too many payments in a few minutes');
    // Those let through made an order each, or took up one made a moment before.
    const orders = await database.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', account!.id)
      .execute();
    expect(orders.length).toBeGreaterThanOrEqual(1);
    expect(orders.length).toBeLessThanOrEqual(10);
    expect(stripe.sessions.length - sessionsBefore).toBe(orders.length);
    // Counted per person: someone else pays as usual.
    expect((await payNow(other!.cookie, 'fed-upfront')).status).toBe(302);
  });

  it('Pay Now takes up the open checkout of the plan, and sells nothing to a student of the track (issue 24)', async () => {
    const [account] = await createAccounts(server.databaseUrl, [
      { access: 'none', name: 'Twice Clicked' },
    ]);
    const payNowFor = (plan: string) => payNow(account!.cookie, plan);
    const first = (await payNowFor('fed-upfront')).headers.get('location');
    expect(first).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect((await payNowFor('fed-upfront')).headers.get('location')).toBe(first);
    const orders = () =>
      database.db
        .selectFrom('orders')
        .select(['id', 'provider_ref'])
        .where('user_id', '=', account!.id)
        .orderBy('created_at')
        .execute();
    expect(await orders()).toHaveLength(1);
    // Once Stripe has expired that session, Pay Now starts another.
    stripe.sessionStatus.set(first!.split('/').pop()!, 'expired');
    const next = (await payNowFor('fed-upfront')).headers.get('location');
    expect(next).not.toBe(first);
    const [, order] = await orders();
    expect(order).toBeDefined();
    await deliver(
      'stripe',
      signedStripeEvent(
        'checkout.session.completed',
        checkoutSession({ orderId: order!.id, amount: 40_000, paymentIntent: newStripeId('pi') }),
      ),
    );
    // Enrolled in FrontEnd: its plans are refused in words; FullStack is still for sale.
    const refused = await payNowFor('fed-installments');
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      'You’re enrolled in the FrontEnd track — go to your course',
    );
    expect(await orders()).toHaveLength(2);
    expect((await payNowFor('fsd-upfront')).status).toBe(302);
  });

  it('refuses a missing, foreign, changed or stale signature with 400, writing nothing', async () => {
    const { order } = await buyer('fed-upfront', viaStripe);
    const session = checkoutSession({
      orderId: order.id,
      amount: 40_000,
      paymentIntent: newStripeId('pi'),
    });
    const good = signedStripeEvent('checkout.session.completed', session);
    const deliveries = [
      { body: good.body, headers: { 'Content-Type': 'application/json' } },
      signedStripeEvent('checkout.session.completed', session, { secret: 'whsec_someoneElse' }),
      { body: good.body.replace('40000', '1'), headers: good.headers },
      signedStripeEvent('checkout.session.completed', session, {
        timestamp: Math.floor(Date.now() / 1000) - 600,
      }),
    ];
    for (const delivery of deliveries) expect((await deliver('stripe', delivery)).status).toBe(400);
    const huge = signedStripeEvent('checkout.session.completed', {
      ...session,
      padding: 'x'.repeat(70_000),
    });
    expect((await deliver('stripe', huge)).status).toBe(413);
    expect(await eventOutcome('stripe', order.id)).toEqual([]);
    expect((await deliver('nowhere', good)).status).toBe(404);
  });

  it('a paid one-time checkout unlocks once, however often it is delivered, and a full refund takes it back', async () => {
    const { user, order } = await buyer('fed-upfront', viaStripe);
    const paymentIntent = newStripeId('pi');
    stripe.paymentIntents.set(paymentIntent, { metadata: { order_id: order.id } });
    const completed = signedStripeEvent(
      'checkout.session.completed',
      checkoutSession({ orderId: order.id, amount: 40_000, paymentIntent }),
    );
    await deliverFiveAtOnce('stripe', completed);
    expect(await stateOf(user.id, order.id)).toEqual(
      paidOnce({ provider_payment_id: paymentIntent, amount: 40_000, currency: 'USD' }),
    );
    // A partial refund keeps the course; the charge refunded in full takes it back.
    const partial = refundedCharge({ paymentIntent, amount: 40_000, amountRefunded: 10_000 });
    expect((await deliver('stripe', signedStripeEvent('charge.refunded', partial))).status).toBe(
      200,
    );
    expect((await stateOf(user.id, order.id)).access).toBe('level-1');
    const full = refundedCharge({ paymentIntent, amount: 40_000 });
    expect((await deliver('stripe', signedStripeEvent('charge.refunded', full))).status).toBe(200);
    await expectRefundedInFull(user.id, order.id);
  });

  it('waits for a delayed payment method, and grants nothing for an amount that does not match', async () => {
    const { user, order } = await buyer('fsd-upfront', viaStripe);
    const paymentIntent = newStripeId('pi');
    const session = { orderId: order.id, amount: 100_000, paymentIntent };
    await deliver(
      'stripe',
      signedStripeEvent('checkout.session.completed', checkoutSession({ ...session, paid: false })),
    );
    expect((await stateOf(user.id, order.id)).access).toBe('none');
    await deliver(
      'stripe',
      signedStripeEvent('checkout.session.async_payment_succeeded', checkoutSession(session)),
    );
    expect((await stateOf(user.id, order.id)).access).toBe('level-1');

    const cheap = await buyer('fed-upfront', viaStripe);
    await deliver(
      'stripe',
      signedStripeEvent(
        'checkout.session.completed',
        checkoutSession({ orderId: cheap.order.id, amount: 100, paymentIntent: newStripeId('pi') }),
      ),
    );
    await expectUnderpaid(
      'stripe',
      cheap,
      'checkout.session.completed',
      'Paid $1, the order is for $400: nothing granted',
    );
  });

  it('another event naming a payment already recorded is that payment, not a further one to refund (issue 22)', async () => {
    const { user, order } = await buyer('fed-upfront', viaStripe);
    const session = { orderId: order.id, amount: 40_000, paymentIntent: newStripeId('pi') };
    await deliver(
      'stripe',
      signedStripeEvent('checkout.session.completed', checkoutSession(session)),
    );
    await deliver(
      'stripe',
      signedStripeEvent('checkout.session.async_payment_succeeded', checkoutSession(session)),
    );
    expect(await stateOf(user.id, order.id)).toMatchObject({
      access: 'level-1',
      payments: [{ provider_payment_id: session.paymentIntent, status: 'paid' }],
      emails: ['payment-received'],
    });
    expect((await eventOutcome('stripe', order.id)).map((event) => event.outcome).sort()).toEqual([
      'applied',
      'duplicate-payment',
    ]);
  });

  it('installments: the first invoice (even before its session) unlocks, a failure is overdue, the third ends the subscription', async () => {
    const { user, order } = await buyer('fed-installments', viaStripe);
    const subscription = newStripeId('sub');
    const invoices = [newStripeId('in'), newStripeId('in'), newStripeId('in')];
    const invoice = (index: number, paid = true) =>
      installmentInvoice(order, subscription, invoices, index, { paid });
    // Out of order: the first invoice is paid before its checkout session completes.
    await deliver('stripe', signedStripeEvent('invoice.paid', invoice(0)));
    await deliver(
      'stripe',
      signedStripeEvent(
        'checkout.session.completed',
        checkoutSession({ orderId: order.id, amount: 15_000, subscription, invoice: invoices[0] }),
      ),
    );
    expect(await stateOf(user.id, order.id)).toMatchObject({
      access: 'level-1',
      enrolment: { status: 'active', paid: '1 of 3' },
      payments: [{ provider_payment_id: invoices[0] }],
    });
    await deliver('stripe', signedStripeEvent('invoice.payment_failed', invoice(1, false)));
    expect(await stateOf(user.id, order.id)).toMatchObject({
      access: 'level-1',
      enrolment: { status: 'overdue', paid: '1 of 3' },
      emails: ['installment-failed', 'payment-received'],
    });
    await deliver('stripe', signedStripeEvent('invoice.paid', invoice(1)));
    expect(stripe.subscriptionUpdates.filter((update) => update.id === subscription)).toEqual([]);
    const last = signedStripeEvent('invoice.paid', invoice(2));
    // Stripe refuses to end the subscription at first: 500, so Stripe delivers it again.
    stripe.refuseSubscriptionUpdates = 1;
    expect((await deliver('stripe', last)).status).toBe(500);
    expect((await deliver('stripe', last)).status).toBe(200);
    expect(await stateOf(user.id, order.id)).toMatchObject({
      enrolment: { status: 'active', paid: '3 of 3' },
    });
    expect(stripe.subscriptionUpdates.filter((update) => update.id === subscription)).toEqual([
      { id: subscription, params: { cancel_at_period_end: 'true' } },
    ]);
    expect((await stateOf(user.id, order.id)).payments).toHaveLength(3);
  });

  it('a refund of an installment is found through its invoice', async () => {
    const { user, order } = await buyer('fed-installments', viaStripe);
    const subscription = newStripeId('sub');
    const installment = () =>
      subscriptionInvoice({
        id: newStripeId('in'),
        orderId: order.id,
        subscription,
        amount: 15_000,
      });
    const first = installment();
    await deliver('stripe', signedStripeEvent('invoice.paid', first));
    const paymentIntent = newStripeId('pi');
    stripe.invoiceOfPaymentIntent.set(paymentIntent, first);
    await deliver(
      'stripe',
      signedStripeEvent('charge.refunded', refundedCharge({ paymentIntent, amount: 15_000 })),
    );
    expect(await stateOf(user.id, order.id)).toMatchObject({
      access: 'none',
      enrolment: { status: 'refunded' },
      payments: [{ provider_payment_id: first.id, status: 'refunded' }],
    });
    // Nothing paid is left: the subscription is ended, and a charge that still comes is
    // flagged to be refunded, not counted, and unlocks nothing.
    expect(stripe.subscriptionUpdates.filter((update) => update.id === subscription)).toEqual([
      { id: subscription, params: { cancel_at_period_end: 'true' } },
    ]);
    await deliver('stripe', signedStripeEvent('invoice.paid', installment()));
    expect(await stateOf(user.id, order.id)).toMatchObject({
      access: 'none',
      enrolment: { status: 'refunded', paid: '1 of 3' },
      payments: [{ status: 'refunded' }],
    });
    expect(await eventOutcome('stripe', order.id)).toContainEqual(
      expect.objectContaining({
        outcome: 'mismatch',
        note: expect.stringContaining('after the enrolment was refunded: not recorded, refund it'),
      }),
    );
  });
});

/** A Paystack transaction of `order` that Verify Transaction confirms. */
function transaction(order: Order, fields: Partial<PaystackTransaction> = {}): PaystackTransaction {
  const made: PaystackTransaction = {
    id: nextPaystackId(),
    reference: order.id,
    status: 'success',
    amount: order.amount,
    currency: 'NGN',
    metadata: { order_id: order.id },
    customer: { customer_code: newPaystackCode('CUS'), email: 'buyer@example.com' },
    plan: null,
    ...fields,
  };
  paystack.transactions.set(made.reference, made);
  return made;
}

describe('Paystack', () => {
  const provider = () =>
    createPaystackPaymentProvider({
      secretKey: PAYSTACK_SECRET_KEY,
      origin: server.origin,
      apiUrl: paystack.url,
    });

  /**
   * A renewal of `order`'s subscription: Paystack charges it under a reference of its own,
   * without our metadata, so only the customer and plan find the order.
   */
  async function deliverRenewal(
    order: Order,
    { customer, plan }: Pick<PaystackTransaction, 'customer' | 'plan'>,
  ) {
    const renewal = transaction(order, {
      reference: newPaystackCode('T'),
      metadata: '',
      customer,
      plan,
    });
    await deliver('paystack', signedPaystackEvent('charge.success', chargeSuccess(renewal)));
    return renewal;
  }

  it('starts a checkout in naira with our reference, and a plan that stops after 3 charges', async () => {
    const { user, order } = await buyer('fed-installments', viaPaystack);
    expect(order).toMatchObject({ amount: 22_500_000, currency: 'NGN' });
    const checkout = await provider().createCheckout(order, findPlan('fed-installments')!, user);
    expect(checkout.url).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    expect(paystack.plans).toEqual([
      expect.objectContaining({
        amount: 22_500_000,
        interval: 'monthly',
        currency: 'NGN',
        invoice_limit: 3,
      }),
    ]);
    // Initialize Transaction's documented alphabet (the fake refuses anything else too).
    expect(String(paystack.initialized.at(-1)!.reference)).toMatch(/^[A-Za-z0-9.=-]+$/);
    expect(paystack.initialized.at(-1)).toEqual({
      email: user.email,
      amount: 22_500_000,
      currency: 'NGN',
      reference: order.id,
      callback_url: `${server.origin}/success?order=${order.id}`,
      metadata: {
        order_id: order.id,
        cancel_action: `${server.origin}/checkout?cancelled=${order.id}`,
      },
      plan: paystack.plans[0]!.plan_code,
      invoice_limit: 3,
    });
    // Another process finds the plan by its name instead of making a second one.
    await provider().createCheckout(order, findPlan('fed-installments')!, user);
    expect(paystack.plans).toHaveLength(1);
  });

  it('with a code, asks Paystack for the discounted naira amount (a plan at that amount), which unlocks (issue 32)', async () => {
    await newCode('PAYSTACK-50', { amountOff: 50 });
    const user = await insertUser(database.db);
    const plan = findPlan('fed-installments')!;
    const check = await checkCode(database.db, 'paystack-50', plan, 'NGN');
    if (!check.ok) throw new Error(check.refusal);
    const order = await createOrder(database.db, {
      userId: user.id,
      plan,
      provider: viaPaystack,
      discount: { codeId: check.row.id, amountOff: check.amountOff },
    });
    // $50 of a $150 installment is a third: ₦75,000 of ₦225,000.
    expect(order).toMatchObject({ amount: 15_000_000, discount_amount: 7_500_000 });
    await provider().createCheckout(order, plan, user);
    expect(paystack.initialized.at(-1)).toMatchObject({ amount: 15_000_000, currency: 'NGN' });
    expect(paystack.plans.at(-1)).toMatchObject({ amount: 15_000_000, invoice_limit: 3 });
    const paid = transaction(order);
    await deliver('paystack', signedPaystackEvent('charge.success', chargeSuccess(paid)));
    expect((await stateOf(user.id, order.id)).access).toBe('level-1');
  });

  it('refuses a missing or wrong signature with 400, writing nothing', async () => {
    const { order } = await buyer('fed-upfront', viaPaystack);
    const good = signedPaystackEvent('charge.success', chargeSuccess(transaction(order)));
    const deliveries = [
      { body: good.body, headers: { 'Content-Type': 'application/json' } },
      signedPaystackEvent(
        'charge.success',
        chargeSuccess(transaction(order)),
        'sk_test_someoneElse',
      ),
      { body: good.body.replace('"success"', '"failed"'), headers: good.headers },
    ];
    for (const delivery of deliveries)
      expect((await deliver('paystack', delivery)).status).toBe(400);
    expect(await eventOutcome('paystack', order.id)).toEqual([]);
  });

  it('believes Verify Transaction, not the webhook body: a paid order unlocks once; a short payment does not', async () => {
    const { user, order } = await buyer('fed-upfront', viaPaystack);
    const paid = transaction(order);
    const delivery = signedPaystackEvent('charge.success', chargeSuccess(paid));
    await deliverFiveAtOnce('paystack', delivery);
    expect(await stateOf(user.id, order.id)).toEqual(
      paidOnce({ provider_payment_id: order.id, amount: 60_000_000, currency: 'NGN' }),
    );

    const short = await buyer('fed-upfront', viaPaystack);
    const verified = transaction(short.order, { amount: 100 });
    // The body claims the full amount; Verify Transaction says ₦1.
    await deliver(
      'paystack',
      signedPaystackEvent(
        'charge.success',
        chargeSuccess({ ...verified, amount: short.order.amount }),
      ),
    );
    await expectUnderpaid(
      'paystack',
      short,
      'charge.success',
      'Paid ₦1, the order is for ₦600,000: nothing granted',
    );
  });

  it('a renewal goes to the order of that customer and plan that still takes payments', async () => {
    const { user, order: older } = await buyer('fsd-installments', viaPaystack);
    const plan = {
      plan_code: newPaystackCode('PLN'),
      name: 'FullStack Bootcamp in 3 Installments',
    };
    const customer = { customer_code: newPaystackCode('CUS'), email: user.email };
    await deliver(
      'paystack',
      signedPaystackEvent('charge.success', chargeSuccess(transaction(older, { customer, plan }))),
    );
    // A newer order of the same plan, paid and then refunded in full.
    const newer = await createOrder(database.db, {
      userId: user.id,
      plan: findPlan('fsd-installments')!,
      provider: viaPaystack,
      now: new Date(Date.now() + 60_000),
    });
    const refunded = transaction(newer, { customer, plan });
    await deliver('paystack', signedPaystackEvent('charge.success', chargeSuccess(refunded)));
    await deliver('paystack', signedPaystackEvent('refund.processed', refundProcessed(refunded)));
    await deliverRenewal(older, { customer, plan });
    expect(await stateOf(user.id, older.id)).toMatchObject({
      access: 'level-1',
      enrolment: { status: 'active', paid: '2 of 3' },
    });
    expect((await stateOf(user.id, newer.id)).enrolment).toMatchObject({
      status: 'refunded',
      paid: '1 of 3',
    });
  });

  it('installments: renewals found by customer and plan, a failed invoice is overdue, a refund takes access back', async () => {
    const { user, order } = await buyer('fed-installments', viaPaystack);
    const plan = { plan_code: newPaystackCode('PLN'), name: 'FrontEnd Bootcamp in 3 Installments' };
    const customer = { customer_code: newPaystackCode('CUS'), email: user.email };
    const first = transaction(order, { customer, plan });
    await deliver('paystack', signedPaystackEvent('charge.success', chargeSuccess(first)));
    expect(await stateOf(user.id, order.id)).toMatchObject({
      access: 'level-1',
      enrolment: { status: 'active', paid: '1 of 3' },
    });
    await failPaystackInstallment(customer, plan);
    expect(await stateOf(user.id, order.id)).toMatchObject({
      enrolment: { status: 'overdue', paid: '1 of 3' },
    });
    const renewal = await deliverRenewal(order, { customer, plan });
    expect(await stateOf(user.id, order.id)).toMatchObject({
      access: 'level-1',
      enrolment: { status: 'active', paid: '2 of 3' },
    });
    await deliver(
      'paystack',
      signedPaystackEvent('refund.processed', refundProcessed(first, 1_000)),
    );
    expect((await stateOf(user.id, order.id)).payments.map((payment) => payment.status)).toEqual([
      'paid',
      'paid',
    ]);
    await deliver('paystack', signedPaystackEvent('refund.processed', refundProcessed(first)));
    await deliver('paystack', signedPaystackEvent('refund.processed', refundProcessed(renewal)));
    expect(await stateOf(user.id, order.id)).toMatchObject({
      access: 'none',
      enrolment: { status: 'refunded' },
    });
  });

  it('refund.processed as Paystack documents it refunds the charge, and refunds in parts count once they add up (issue 22)', async () => {
    const { user, order } = await buyer('fed-upfront', viaPaystack);
    const paid = transaction(order);
    await deliver('paystack', signedPaystackEvent('charge.success', chargeSuccess(paid)));
    const half = signedPaystackEvent('refund.processed', refundProcessed(paid, order.amount / 2));
    const answers = await Promise.all([deliver('paystack', half), deliver('paystack', half)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await stateOf(user.id, order.id)).toMatchObject({
      access: 'level-1',
      payments: [{ status: 'paid' }],
    });
    // Refunded in full, Verify Transaction calls the charge reversed.
    paystack.transactions.set(paid.reference, { ...paid, status: 'reversed' });
    const rest = signedPaystackEvent('refund.processed', refundProcessed(paid, order.amount / 2));
    expect((await deliver('paystack', rest)).status).toBe(200);
    await expectRefundedInFull(user.id, order.id);
  });

  it('a charge Paystack will not confirm answers 200, grants nothing and waits under Needs attention (issue 22)', async () => {
    const { user, order } = await buyer('fed-upfront', viaPaystack);
    // Paystack's own example transaction has a metadata of 0: read, not a failure.
    const noMetadata = transaction(order, { metadata: 0 });
    // Signed by Paystack, but a reference its Verify Transaction does not know.
    const unknown = { ...noMetadata, id: nextPaystackId(), reference: newPaystackCode('T') };
    const failed = transaction(order, { reference: newPaystackCode('T'), status: 'failed' });
    const deliveries = [noMetadata, unknown, failed].map((made) =>
      signedPaystackEvent('charge.success', chargeSuccess(made)),
    );
    for (const delivery of deliveries) {
      expect((await deliver('paystack', delivery)).status).toBe(200);
    }
    expect(await stateOf(user.id, order.id)).toMatchObject({ access: 'none', payments: [] });
    const { events } = await listPaymentsNeedingAttention(database.db);
    const noteOf = (reference: string) =>
      events.find((event) => event.provider === 'paystack' && event.orderId === reference);
    expect(noteOf(unknown.reference)).toMatchObject({
      outcome: 'unverified',
      note: expect.stringContaining('Transaction reference not found'),
    });
    expect(noteOf(failed.reference)).toMatchObject({
      outcome: 'unverified',
      note: `Paystack says ${failed.reference} is failed: nothing granted`,
    });
    const unnamed = await database.db
      .selectFrom('payment_events')
      .select('outcome')
      .where('event_id', '=', `charge.success:${noMetadata.id}`)
      .executeTakeFirstOrThrow();
    expect(unnamed.outcome).toBe('unknown-order');
  });
});

/** An installment buyer with a session: "Update your payment" is only the person's own. */
async function overdueBuyer(provider: typeof viaStripe | typeof viaPaystack) {
  const bought = await buyer('fed-installments', provider);
  return { ...bought, cookie: await insertSession(database.db, bought.user.id) };
}

/** "Update your payment" as the e-mail's link opens it: where it sends the browser. */
async function updatePayment(cookie: string) {
  const answer = await fetch(`${server.origin}/account/update-payment`, {
    redirect: 'manual',
    headers: cookie ? { Cookie: cookie } : {},
  });
  return { status: answer.status, location: answer.headers.get('location') ?? '' };
}

const enrolmentOf = (orderId: string) => enrolmentOfOrder(database.db, orderId);

/** The sweep as every instance runs it, with its clock `days` after the failure. */
const sweepAfter = async (orderId: string, days: number) => {
  const since = (await enrolmentOf(orderId)).overdue_since!;
  return sweepOverdue(database.db, {
    now: new Date(Date.parse(since) + days * 24 * 60 * 60 * 1000),
    graceDays: 14,
  });
};

describe('overdue installments (issue 32, decision 053): Stripe', () => {
  it('invoice.payment_failed keeps the customer; Update your payment opens a billing portal session; the paid invoice restores a paused student', async () => {
    const { user, order, cookie } = await overdueBuyer(viaStripe);
    const subscription = newStripeId('sub');
    const customer = newStripeId('cus');
    const invoices = [newStripeId('in'), newStripeId('in')];
    const invoice = (index: number, paid = true) =>
      installmentInvoice(order, subscription, invoices, index, { paid, customer });
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
    expect((await stateOf(user.id, order.id)).emails).toEqual([
      'installment-failed',
      'payment-received',
    ]);

    const portal = await updatePayment(cookie);
    expect(portal.status).toBe(302);
    expect(portal.location).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_test_/);
    expect(stripe.portalSessions.at(-1)).toEqual({
      customer,
      return_url: `${server.origin}/account`,
    });

    expect((await sweepAfter(order.id, 14)).userIds).toContain(user.id);
    expect((await stateOf(user.id, order.id)).access).toBe('none');

    await deliver('stripe', signedStripeEvent('invoice.paid', invoice(1)));
    expect((await stateOf(user.id, order.id)).access).toBe('level-1');
    expect(await enrolmentOf(order.id)).toMatchObject({
      status: 'active',
      installments_paid: 2,
      paused_at: null,
      overdue_since: null,
    });
    expect((await stateOf(user.id, order.id)).emails).toEqual([
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
    const { order, cookie } = await overdueBuyer(viaStripe);
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

describe('overdue installments (issue 32, decision 053): Paystack', () => {
  it('invoice.payment_failed keeps the subscription code; Update your payment opens its manage link; the renewal restores a paused student', async () => {
    const { user, order, cookie } = await overdueBuyer(viaPaystack);
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
    const subscriptionCode = await failPaystackInstallment(customer, plan);
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
    expect((await stateOf(user.id, order.id)).access).toBe('none');
    // The new card is charged: a renewal under Paystack's own reference.
    await deliver('paystack', charge(newPaystackCode('T'), ''));
    expect((await stateOf(user.id, order.id)).access).toBe('level-1');
    expect(await enrolmentOf(order.id)).toMatchObject({ status: 'active', installments_paid: 2 });
    expect((await stateOf(user.id, order.id)).emails).toEqual([
      'access-paused',
      'access-restored',
      'installment-failed',
      'installment-reminder',
      'payment-received',
      'payment-received',
    ]);
  });
});

/** "Delete my account" as its form posts it, confirmed with the account's address. */
const deleteAccountAs = (cookie: string, email: string) =>
  postForm(cookie, '/account/delete', new URLSearchParams({ email }).toString());

const userStillThere = async (userId: string) =>
  (await database.db.selectFrom('users').select('id').where('id', '=', userId).execute()).length;

/** The page's answer when the provider cannot end the plan: nothing deleted, and why. */
async function expectDeletionWaits(answer: Response, provider: string, userId: string) {
  expect(answer.status).toBe(503);
  expect(await answer.text()).toContain(
    `We could not reach ${provider} to stop your installment plan, so your account was not deleted`,
  );
  expect(await userStillThere(userId)).toBe(1);
}

describe('deleting an account ends its installment plan at the provider first (decision 064)', () => {
  it('Stripe: the subscription is cancelled before the account goes; while Stripe answers 5xx nothing is deleted', async () => {
    const { user, order, cookie } = await overdueBuyer(viaStripe);
    const subscription = newStripeId('sub');
    const invoices = [newStripeId('in'), newStripeId('in'), newStripeId('in')];
    await deliver(
      'stripe',
      signedStripeEvent(
        'invoice.paid',
        installmentInvoice(order, subscription, invoices, 0, { paid: true }),
      ),
    );
    expect(await stateOf(user.id, order.id)).toMatchObject({
      enrolment: { status: 'active', paid: '1 of 3' },
    });

    stripe.cancelAnswers = 503;
    await expectDeletionWaits(await deleteAccountAs(cookie, user.email), 'Stripe', user.id);
    expect(stripe.subscriptionCancels).not.toContain(subscription);
    expect(await stateOf(user.id, order.id)).toMatchObject({ enrolment: { status: 'active' } });

    stripe.cancelAnswers = undefined;
    const deleted = await deleteAccountAs(cookie, user.email);
    expect([deleted.status, deleted.headers.get('location')]).toEqual([302, '/']);
    expect(stripe.subscriptionCancels.filter((id) => id === subscription)).toEqual([subscription]);
    expect(await userStillThere(user.id)).toBe(0);
  });

  it('Paystack: the subscription to the plan is disabled with its code and e-mail token; while Paystack answers 5xx nothing is deleted', async () => {
    const { user, order, cookie } = await overdueBuyer(viaPaystack);
    const plan = { plan_code: newPaystackCode('PLN') };
    const customer = { customer_code: newPaystackCode('CUS'), email: user.email };
    const first = transaction(order, { customer, plan });
    // Paystack made the subscription with the first charge; another plan's stays untouched.
    const subscriptionCode = newPaystackCode('SUB');
    const otherCode = newPaystackCode('SUB');
    paystack.subscriptions.set(subscriptionCode, { customer, plan });
    paystack.subscriptions.set(otherCode, {
      customer,
      plan: { plan_code: newPaystackCode('PLN') },
    });
    await deliver('paystack', signedPaystackEvent('charge.success', chargeSuccess(first)));
    expect(await stateOf(user.id, order.id)).toMatchObject({
      enrolment: { status: 'active', paid: '1 of 3' },
    });

    paystack.subscriptionsAnswer = 502;
    await expectDeletionWaits(await deleteAccountAs(cookie, user.email), 'Paystack', user.id);
    expect(paystack.subscriptions.get(subscriptionCode)?.status).toBeUndefined();

    paystack.subscriptionsAnswer = undefined;
    const deleted = await deleteAccountAs(cookie, user.email);
    expect([deleted.status, deleted.headers.get('location')]).toEqual([302, '/']);
    expect(
      paystack.disabled.filter((body) => [subscriptionCode, otherCode].includes(String(body.code))),
    ).toEqual([{ code: subscriptionCode, token: `tok_${subscriptionCode}` }]);
    expect(await userStillThere(user.id)).toBe(0);
  });
});
