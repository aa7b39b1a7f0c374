/**
 * An in-process fake of the parts of Stripe's API the adapter calls, on loopback, and
 * builders of webhook events shaped as API version 2026-10-28.endive sends them (the
 * version `stripe` 23 pins). Requests arrive form-encoded, as `stripe-node` sends them;
 * they are kept flat (`line_items[0][price_data][unit_amount]`) for tests to read.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Stripe from 'stripe';

export const STRIPE_SECRET_KEY = 'sk_test_fakeStripeKey';
export const STRIPE_WEBHOOK_SECRET = 'whsec_fakeStripeSigningSecret';
const API_VERSION = '2026-10-28.endive';

type Params = Record<string, string>;

export interface FakeStripe {
  url: string;
  /** Every Checkout Session created, by its parameters. */
  sessions: Params[];
  /** Each session's status by id (`open` when made): a test expires or completes one. */
  sessionStatus: Map<string, 'open' | 'expired' | 'complete'>;
  /** Subscription updates: the id and the parameters. */
  subscriptionUpdates: { id: string; params: Params }[];
  /** A payment intent's invoice (an installment's charge), for refunds of it. */
  invoiceOfPaymentIntent: Map<string, object>;
  /** A one-time payment intent's metadata. */
  paymentIntents: Map<string, { metadata: Record<string, string> }>;
  /** How many subscription updates to refuse before accepting them again. */
  refuseSubscriptionUpdates: number;
  /** Every customer portal session created (issue 32), by its parameters. */
  portalSessions: Params[];
  /** A subscription's customer, for Retrieve Subscription. */
  subscriptionCustomers: Map<string, string>;
  /** The subscriptions cancelled at once (Cancel a subscription), by id. */
  subscriptionCancels: string[];
  /** While set, Cancel a subscription answers this status (a 5xx: Stripe is down). */
  cancelAnswers: number | undefined;
  close: () => Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`;

export async function startFakeStripe(): Promise<FakeStripe> {
  const fake: FakeStripe = {
    url: '',
    close: () => new Promise((resolve) => server.close(() => resolve())),
    sessions: [],
    sessionStatus: new Map(),
    subscriptionUpdates: [],
    invoiceOfPaymentIntent: new Map(),
    paymentIntents: new Map(),
    refuseSubscriptionUpdates: 0,
    portalSessions: [],
    subscriptionCustomers: new Map(),
    subscriptionCancels: [],
    cancelAnswers: undefined,
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const params: Params = Object.fromEntries(
        new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      );
      const send = (status: number, body: object) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
        res.end(JSON.stringify(body));
      };
      const refuse = (status: number, message: string) =>
        send(status, { error: { type: 'invalid_request_error', message } });
      if (req.headers.authorization !== `Bearer ${STRIPE_SECRET_KEY}`) {
        return refuse(401, 'Invalid API Key');
      }
      const path = url.pathname;
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        fake.sessions.push(params);
        const sessionId = id('cs');
        fake.sessionStatus.set(sessionId, 'open');
        return send(200, {
          id: sessionId,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${sessionId}`,
          client_reference_id: params.client_reference_id,
          mode: params.mode,
          status: 'open',
        });
      }
      const session = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
      if (req.method === 'GET' && session) {
        const status = fake.sessionStatus.get(session[1]!);
        if (!status) return refuse(404, 'No such checkout.session');
        // As Stripe answers: the URL only while the session is open.
        return send(200, {
          id: session[1],
          object: 'checkout.session',
          status,
          url: status === 'open' ? `https://checkout.stripe.com/c/pay/${session[1]}` : null,
        });
      }
      if (req.method === 'GET' && path === '/v1/invoice_payments') {
        const invoice = fake.invoiceOfPaymentIntent.get(
          url.searchParams.get('payment[payment_intent]') ?? '',
        );
        return send(200, {
          object: 'list',
          url: '/v1/invoice_payments',
          has_more: false,
          data: invoice ? [{ id: id('inpay'), object: 'invoice_payment', invoice }] : [],
        });
      }
      const intent = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
      if (req.method === 'GET' && intent) {
        const found = fake.paymentIntents.get(intent[1]!);
        if (!found) return refuse(404, 'No such payment_intent');
        return send(200, { id: intent[1], object: 'payment_intent', ...found });
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        fake.portalSessions.push(params);
        const portalId = id('bps');
        return send(200, {
          id: portalId,
          object: 'billing_portal.session',
          customer: params.customer,
          return_url: params.return_url,
          url: `https://billing.stripe.com/p/session/${portalId}`,
        });
      }
      const subscription = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
      if (req.method === 'GET' && subscription) {
        const customer = fake.subscriptionCustomers.get(subscription[1]!);
        if (!customer) return refuse(404, 'No such subscription');
        return send(200, { id: subscription[1], object: 'subscription', customer });
      }
      if (req.method === 'DELETE' && subscription) {
        if (fake.cancelAnswers) {
          return send(fake.cancelAnswers, {
            error: { type: 'api_error', message: 'Stripe is down in this test' },
          });
        }
        fake.subscriptionCancels.push(subscription[1]!);
        return send(200, { id: subscription[1], object: 'subscription', status: 'canceled' });
      }
      if (req.method === 'POST' && subscription) {
        if (fake.refuseSubscriptionUpdates > 0) {
          fake.refuseSubscriptionUpdates -= 1;
          return send(400, {
            error: { type: 'invalid_request_error', message: 'Refused by the test' },
          });
        }
        fake.subscriptionUpdates.push({ id: subscription[1]!, params });
        return send(200, { id: subscription[1], object: 'subscription', status: 'active' });
      }
      send(404, { error: { type: 'invalid_request_error', message: `No route ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return fake;
}

/** A webhook delivery: the body and its `Stripe-Signature` header. */
export function signedStripeEvent(
  type: string,
  object: object,
  options: { secret?: string; timestamp?: number; eventId?: string } = {},
): { body: string; headers: Record<string, string>; eventId: string } {
  const eventId = options.eventId ?? id('evt');
  const body = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? STRIPE_WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
  return {
    body,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    eventId,
  };
}

export function checkoutSession(options: {
  orderId: string;
  amount: number;
  paid?: boolean;
  paymentIntent?: string;
  subscription?: string;
  invoice?: string;
  currency?: string;
}) {
  return {
    id: id('cs'),
    object: 'checkout.session',
    amount_subtotal: options.amount,
    amount_total: options.amount,
    client_reference_id: options.orderId,
    currency: options.currency ?? 'usd',
    customer_details: { email: 'buyer@example.com' },
    invoice: options.invoice ?? null,
    livemode: false,
    metadata: { order_id: options.orderId },
    mode: options.subscription ? 'subscription' : 'payment',
    payment_intent: options.paymentIntent ?? null,
    payment_status: options.paid === false ? 'unpaid' : 'paid',
    status: 'complete',
    subscription: options.subscription ?? null,
  };
}

export function subscriptionInvoice(options: {
  id: string;
  orderId: string;
  subscription: string;
  amount: number;
  billingReason?: 'subscription_create' | 'subscription_cycle';
  paid?: boolean;
  customer?: string;
}) {
  return {
    id: options.id,
    object: 'invoice',
    customer: options.customer ?? null,
    amount_due: options.amount,
    amount_paid: options.paid === false ? 0 : options.amount,
    billing_reason: options.billingReason ?? 'subscription_cycle',
    currency: 'usd',
    livemode: false,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        metadata: { order_id: options.orderId },
        subscription: options.subscription,
      },
    },
    status: options.paid === false ? 'open' : 'paid',
  };
}

export function refundedCharge(options: {
  paymentIntent: string;
  amount: number;
  amountRefunded?: number;
}) {
  const refunded = options.amountRefunded ?? options.amount;
  return {
    id: id('ch'),
    object: 'charge',
    amount: options.amount,
    amount_captured: options.amount,
    amount_refunded: refunded,
    currency: 'usd',
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: options.paymentIntent,
    refunded: refunded === options.amount,
    status: 'succeeded',
  };
}

export const newStripeId = id;
