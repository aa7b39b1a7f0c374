/**
 * Discount codes with Stripe and Paystack (issue 32) through the compiled server: the
 * discounted amount is what the provider is asked for and what its signed event must pay;
 * against the in-process fakes of their APIs, on SQLite and on PostgreSQL in its own pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPlan } from '~/content/plans';
import { openDatabase, type DatabaseHandle } from '~/db/database.server';
import { checkCode, createDiscountCode } from '~/features/discounts/discounts.server';
import { createOrder } from '~/features/enrolment/orders.server';
import { createPaystackPaymentProvider } from '~/features/enrolment/paystack-payments.server';
import { createAccounts } from '../support/accounts';
import { admin, insertUser } from '../support/factories';
import {
  chargeSuccess,
  nextPaystackId,
  newPaystackCode,
  PAYSTACK_SECRET_KEY,
  signedPaystackEvent,
  startFakePaystack,
  type FakePaystack,
  type PaystackTransaction,
} from '../support/fake-paystack';
import {
  checkoutSession,
  newStripeId,
  signedStripeEvent,
  startFakeStripe,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  type FakeStripe,
} from '../support/fake-stripe';
import { startServer, tempDatabaseUrl, type RunningServer } from '../support/server-process';

let stripe: FakeStripe;
let paystack: FakePaystack;
let server: RunningServer;
let database: DatabaseHandle;

beforeAll(async () => {
  [stripe, paystack] = await Promise.all([startFakeStripe(), startFakePaystack()]);
  const databaseUrl = await tempDatabaseUrl();
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

const newCode = (code: string, fields: { percentOff?: number; amountOff?: number }) =>
  createDiscountCode(
    database.db,
    {
      code,
      percentOff: fields.percentOff ?? null,
      amountOff: fields.amountOff ?? null,
      planIds: ['fed-upfront', 'fed-installments'],
      maxUses: 5,
      expiresOn: null,
      note: null,
    },
    admin,
  );

const post = (path: string, cookie: string, body: string) =>
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

const deliver = (provider: string, delivery: { body: string; headers: Record<string, string> }) =>
  fetch(`${server.origin}/webhooks/${provider}`, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
  });

const accessOf = async (userId: string) =>
  (
    await database.db
      .selectFrom('users')
      .select('access')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).access;

const usesOf = async (code: string) =>
  (
    await database.db
      .selectFrom('discount_codes')
      .select('uses')
      .where('code', '=', code)
      .executeTakeFirstOrThrow()
  ).uses;

describe('Stripe with a discount code', () => {
  it('the code on /enroll quotes the new amount; Pay Now asks Stripe for it; only that amount unlocks', async () => {
    await newCode('STRIPE-20', { percentOff: 20 });
    const [account] = await createAccounts(server.databaseUrl, [
      { access: 'none', name: 'Sid Stripe' },
    ]);
    const quoted = await post(
      '/enroll',
      account!.cookie,
      'intent=apply-code&plan=fed-installments&code=stripe-20',
    );
    expect(quoted.status).toBe(200);
    expect(await quoted.text()).toContain('$120');
    // A tampered amount in the form is not read: the server computes it.
    const response = await post(
      '/checkout',
      account!.cookie,
      'plan=fed-installments&code=stripe-20&amount=1',
    );
    expect(response.status).toBe(302);
    const order = await database.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', account!.id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ amount: 12_000, discount_amount: 3_000, installments: 3 });
    // The checkout's own amount (price_data), each installment discounted: no Stripe coupon.
    expect(stripe.sessions.at(-1)).toMatchObject({
      mode: 'subscription',
      client_reference_id: order.id,
      'line_items[0][price_data][unit_amount]': '12000',
      'line_items[0][price_data][recurring][interval]': 'month',
    });
    expect(stripe.sessions.at(-1)).not.toHaveProperty('discounts[0][coupon]');
    expect(await usesOf('STRIPE-20')).toBe(1);

    // The full price paid is not this order's amount: nothing granted.
    const fullPrice = signedStripeEvent(
      'checkout.session.completed',
      checkoutSession({
        orderId: order.id,
        amount: 15_000,
        subscription: newStripeId('sub'),
        invoice: newStripeId('in'),
      }),
    );
    expect((await deliver('stripe', fullPrice)).status).toBe(200);
    expect(await accessOf(account!.id)).toBe('none');
    const paid = signedStripeEvent(
      'checkout.session.completed',
      checkoutSession({
        orderId: order.id,
        amount: 12_000,
        subscription: newStripeId('sub'),
        invoice: newStripeId('in'),
      }),
    );
    expect((await deliver('stripe', paid)).status).toBe(200);
    expect(await accessOf(account!.id)).toBe('level-1');
    expect(await usesOf('STRIPE-20')).toBe(1);
  });

  it('a checkout that expires unpaid gives the code’s use back', async () => {
    await newCode('STRIPE-EXPIRES', { amountOff: 50 });
    const [account] = await createAccounts(server.databaseUrl, [
      { access: 'none', name: 'Exa Expired' },
    ]);
    expect(
      (await post('/checkout', account!.cookie, 'plan=fed-upfront&code=STRIPE-EXPIRES')).status,
    ).toBe(302);
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
});

describe('Paystack with a discount code', () => {
  it('asks Paystack for the discounted naira amount (a plan at that amount), and that amount unlocks', async () => {
    await newCode('PAYSTACK-50', { amountOff: 50 });
    const user = await insertUser(database.db);
    const plan = findPlan('fed-installments')!;
    const check = await checkCode(database.db, 'paystack-50', plan, 'NGN');
    if (!check.ok) throw new Error(check.refusal);
    const order = await createOrder(database.db, {
      userId: user.id,
      plan,
      provider: { name: 'paystack', currency: 'NGN' },
      discount: { codeId: check.row.id, amountOff: check.amountOff },
    });
    // $50 of a $150 installment is a third: ₦75,000 of ₦225,000.
    expect(order).toMatchObject({ amount: 15_000_000, discount_amount: 7_500_000 });
    const provider = createPaystackPaymentProvider({
      secretKey: PAYSTACK_SECRET_KEY,
      origin: server.origin,
      apiUrl: paystack.url,
    });
    await provider.createCheckout(order, plan, user);
    expect(paystack.initialized.at(-1)).toMatchObject({ amount: 15_000_000, currency: 'NGN' });
    expect(paystack.plans.at(-1)).toMatchObject({ amount: 15_000_000, invoice_limit: 3 });

    const paid: PaystackTransaction = {
      id: nextPaystackId(),
      reference: order.id,
      status: 'success',
      amount: order.amount,
      currency: 'NGN',
      metadata: { order_id: order.id },
      customer: { customer_code: newPaystackCode('CUS'), email: user.email },
      plan: null,
    };
    paystack.transactions.set(paid.reference, paid);
    const delivered = await deliver(
      'paystack',
      signedPaystackEvent('charge.success', chargeSuccess(paid)),
    );
    expect(delivered.status).toBe(200);
    expect(await accessOf(user.id)).toBe('level-1');
  });
});
