import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from '~/lib/zod';
import type { Plan } from '~/content/plans';
import type { PaymentEvent } from './payment-events.server';
import { WebhookRejected, type PaymentProvider } from './payment-provider.server';

export interface PaystackSettings {
  secretKey: string;
  /** The site's public origin: where Paystack sends the buyer back. */
  origin: string;
  /** Another API base (tests run an in-process fake of Paystack on loopback). */
  apiUrl?: string;
}

export const PAYSTACK_SIGNATURE_HEADER = 'x-paystack-signature';

const planRef = z
  .union([z.object({ plan_code: z.string().optional() }).loose(), z.string(), z.null()])
  .optional();
const customerRef = z.object({ customer_code: z.string() }).loose();

/** What Verify Transaction answers: the only word on a charge this adapter believes. */
const verifiedTransaction = z
  .object({
    reference: z.string(),
    status: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    // An object, a JSON string, or anything else (Paystack's own examples show `0`).
    metadata: z.unknown(),
    customer: customerRef,
    plan: planRef,
    plan_object: planRef,
  })
  .loose();
type VerifiedTransaction = z.infer<typeof verifiedTransaction>;

const webhookBody = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('charge.success'),
    data: z.object({ id: z.number(), reference: z.string().min(1) }).loose(),
  }),
  z.object({
    event: z.literal('invoice.payment_failed'),
    data: z
      .object({
        invoice_code: z.string().min(1),
        subscription: z.object({ subscription_code: z.string().min(1) }).loose(),
      })
      .loose(),
  }),
  z.object({
    // As documented: no `id`, the refund named by `refund_reference`, `amount` in a string.
    event: z.literal('refund.processed'),
    data: z
      .object({
        transaction_reference: z.string().min(1),
        refund_reference: z.string().min(1).nullish(),
        amount: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
        currency: z.string(),
      })
      .loose(),
  }),
]);

/** Paystack said no to what was asked (400, 404): asking again will not change its answer. */
class PaystackRefused extends Error {
  override name = 'PaystackRefused';
}

/**
 * Paystack's documented alphabet for a transaction reference ("Only -, ., = and
 * alphanumeric characters allowed"); our order ids are made of it (`newOrderId`).
 */
const PAYSTACK_REFERENCE = /^[A-Za-z0-9.=-]+$/;

const apiAnswer = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  // A refusal carries a message and no data.
  data: z.unknown().optional(),
});

function planCodeOf(transaction: VerifiedTransaction): string | undefined {
  for (const plan of [transaction.plan, transaction.plan_object]) {
    if (typeof plan === 'string' && plan) return plan;
    if (plan && typeof plan === 'object' && plan.plan_code) return plan.plan_code;
  }
  return undefined;
}

/** An installment plan's charges are named by the customer and the Paystack plan. */
const subscriptionRefOf = (customerCode: string, planCode: string | undefined) =>
  planCode ? `${customerCode}:${planCode}` : undefined;

function orderIdOf(transaction: VerifiedTransaction): string | undefined {
  const { metadata } = transaction;
  if (metadata && typeof metadata === 'object') {
    return 'order_id' in metadata && typeof metadata.order_id === 'string'
      ? metadata.order_id
      : undefined;
  }
  if (typeof metadata === 'string' && metadata) {
    try {
      const parsed: unknown = JSON.parse(metadata);
      if (parsed && typeof parsed === 'object' && 'order_id' in parsed) {
        return String(parsed.order_id);
      }
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Paystack (naira): Initialize Transaction with our order id as the reference, a Paystack
 * plan with `invoice_limit` 3 for installments (Paystack stops charging by itself), and
 * webhooks verified by HMAC-SHA512 of the raw body, compared in constant time, then
 * confirmed with Verify Transaction before the amount is believed. Plain `fetch`: the npm
 * clients are unmaintained (decision 015).
 */
export function createPaystackPaymentProvider(settings: PaystackSettings): PaymentProvider {
  const api = paystackApi(settings);
  const planCodeFor = planCodes(api);
  const key = Buffer.from(settings.secretKey, 'utf8');
  return {
    name: 'paystack',
    currency: 'NGN',
    checkoutOrigins: ['https://checkout.paystack.com'],
    createCheckout: (order, plan, buyer) =>
      initializeTransaction(api, planCodeFor, settings.origin, { order, plan, buyer }),

    async resumeCheckout(order) {
      // A transaction's reference can be initialized once; its access code's page reopens it.
      return order.provider_ref
        ? `https://checkout.paystack.com/${encodeURIComponent(order.provider_ref)}`
        : undefined;
    },

    cancelInstallments: (subscriptionRef) => disableSubscriptions(api, subscriptionRef),

    async updatePaymentUrl(_order, manageRef) {
      if (!manageRef) return undefined;
      // Paystack's page where the subscriber changes the card its subscription charges.
      const link = z
        .object({ link: z.url() })
        .loose()
        .parse(await api(`/subscription/${encodeURIComponent(manageRef)}/manage/link`));
      return link.link;
    },

    verifyWebhook: (rawBody, headers) => verifyPaystackWebhook(api, key, rawBody, headers),
  };
}

/** A call to Paystack's API: its `data`, or an error saying what Paystack answered. */
type PaystackApi = (path: string, body?: object) => Promise<unknown>;

function paystackApi(settings: PaystackSettings): PaystackApi {
  const base = (settings.apiUrl ?? 'https://api.paystack.co').replace(/\/+$/, '');
  return async (path, body) => {
    const response = await fetch(`${base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        Authorization: `Bearer ${settings.secretKey}`,
        ...(body && { 'Content-Type': 'application/json' }),
      },
      body: body && JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = apiAnswer.safeParse(await response.json().catch(() => undefined));
    if (!response.ok || !answer.success || !answer.data.status) {
      const message = `Paystack ${path.split('?')[0]} answered ${response.status}: ${(answer.success && answer.data.message) || 'no message'}`;
      // 400 and 404 are about what was asked; a wrong key (401) or an outage is ours to
      // fix, and the webhook's 500 has Paystack deliver the event again once it is.
      throw response.status === 400 || response.status === 404
        ? new PaystackRefused(message)
        : new Error(message);
    }
    return answer.data.data;
  };
}

/**
 * Verify Transaction's word on a charge, or why it gives none: a reference it does not
 * know, an answer we cannot read, a charge that did not succeed when `succeeded` is asked
 * for (a refunded one is `reversed`). Those are answered 200 and shown under Needs
 * attention (delivering them again would not change them); any other failure throws, so
 * the webhook answers 500 and Paystack tries again later.
 */
async function verify(
  api: PaystackApi,
  reference: string,
  options: { succeeded?: boolean } = {},
): Promise<
  { verified: true; transaction: VerifiedTransaction } | { verified: false; reason: string }
> {
  let answer: unknown;
  try {
    answer = await api(`/transaction/verify/${encodeURIComponent(reference)}`);
  } catch (error) {
    if (error instanceof PaystackRefused) return { verified: false, reason: error.message };
    throw error;
  }
  const transaction = verifiedTransaction.safeParse(answer);
  if (!transaction.success) {
    return {
      verified: false,
      reason: `Verify Transaction's answer for ${reference} could not be read`,
    };
  }
  const { status } = transaction.data;
  if (options.succeeded && status !== 'success') {
    return {
      verified: false,
      reason: `Paystack says ${reference} is ${status}: nothing granted`,
    };
  }
  return { verified: true, transaction: transaction.data };
}

/** A Paystack plan per installment plan, found by name or made once, then remembered. */
function planCodes(api: PaystackApi): (plan: Plan, amount: number) => Promise<string> {
  const codes = new Map<string, Promise<string>>();
  return (plan, amount) => {
    const name = `${plan.name} (${plan.id}, ${amount} kobo x ${plan.payments})`;
    let code = codes.get(name);
    if (!code) {
      code = findOrCreatePlan(api, name, plan.payments, amount);
      code.catch(() => codes.delete(name));
      codes.set(name, code);
    }
    return code;
  };
}

async function findOrCreatePlan(
  api: PaystackApi,
  name: string,
  payments: number,
  amount: number,
): Promise<string> {
  const existing = z
    .array(z.object({ name: z.string(), plan_code: z.string() }).loose())
    .parse(await api(`/plan?perPage=100&interval=monthly&amount=${amount}`))
    .find((candidate) => candidate.name === name);
  if (existing) return existing.plan_code;
  const created = z
    .object({ plan_code: z.string() })
    .loose()
    .parse(
      await api('/plan', {
        name,
        interval: 'monthly',
        amount,
        currency: 'NGN',
        invoice_limit: payments,
      }),
    );
  return created.plan_code;
}

type CheckoutOf = Parameters<PaymentProvider['createCheckout']>;

/** Initialize Transaction, on an installment plan's Paystack plan when it has more than one. */
async function initializeTransaction(
  api: PaystackApi,
  planCodeFor: (plan: Plan, amount: number) => Promise<string>,
  origin: string,
  { order, plan, buyer }: { order: CheckoutOf[0]; plan: CheckoutOf[1]; buyer: CheckoutOf[2] },
) {
  if (!PAYSTACK_REFERENCE.test(order.id)) {
    throw new Error(`Order id ${order.id} is not a valid Paystack reference`);
  }
  const installments = order.installments > 1;
  const started = z
    .object({ authorization_url: z.url(), access_code: z.string() })
    .loose()
    .parse(
      await api('/transaction/initialize', {
        email: buyer.email,
        amount: order.amount,
        currency: order.currency,
        reference: order.id,
        callback_url: `${origin}/success?order=${order.id}`,
        metadata: {
          order_id: order.id,
          cancel_action: `${origin}/checkout?cancelled=${order.id}`,
        },
        ...(installments && {
          plan: await planCodeFor(plan, order.amount),
          invoice_limit: order.installments,
        }),
      }),
    );
  return { url: started.authorization_url, providerRef: started.access_code };
}

async function disableSubscriptions(api: PaystackApi, subscriptionRef: string): Promise<void> {
  // Our reference is the customer and the Paystack plan (`subscriptionRefOf`): List
  // Subscriptions names the customer by its numeric id, which Fetch Customer gives.
  const [customerCode, planCode] = subscriptionRef.split(':');
  const customer = z
    .object({ id: z.number() })
    .loose()
    .parse(await api(`/customer/${encodeURIComponent(customerCode ?? '')}`));
  const subscriptions = z
    .array(
      z
        .object({
          subscription_code: z.string(),
          email_token: z.string(),
          status: z.string(),
          plan: planRef,
        })
        .loose(),
    )
    .parse(await api(`/subscription?perPage=100&customer=${customer.id}`));
  for (const subscription of subscriptions) {
    const plan = subscription.plan;
    const code = typeof plan === 'string' ? plan : plan?.plan_code;
    // Disable Subscription ends only those that would still charge.
    if (code !== planCode || !['active', 'attention'].includes(subscription.status)) continue;
    await api('/subscription/disable', {
      code: subscription.subscription_code,
      token: subscription.email_token,
    });
  }
}

async function verifyPaystackWebhook(
  api: PaystackApi,
  key: Buffer,
  rawBody: Buffer,
  headers: Headers,
): Promise<PaymentEvent> {
  const given = Buffer.from(headers.get(PAYSTACK_SIGNATURE_HEADER) ?? '', 'hex');
  const expected = createHmac('sha512', key).update(rawBody).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new WebhookRejected('Paystack signature does not match');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookRejected('Not a Paystack event');
  }
  const event = z.object({ event: z.string() }).loose().safeParse(raw);
  if (!event.success) throw new WebhookRejected('Not a Paystack event');
  const deliveryId = createHmac('sha256', key).update(rawBody).digest('hex');
  const known = webhookBody.safeParse(raw);
  if (!known.success) {
    return {
      provider: 'paystack',
      eventId: `${event.data.event}:${deliveryId}`,
      type: event.data.event,
      orderId: undefined,
      raw,
      kind: 'ignored',
    };
  }
  return toPaymentEvent(api, known.data, raw, deliveryId);
}

type WebhookBody = z.infer<typeof webhookBody>;
type BodyOf<Event extends WebhookBody['event']> = Extract<WebhookBody, { event: Event }>;
/** What every event made from one webhook body shares. */
type Common = { provider: 'paystack'; type: string; raw: unknown };

/**
 * @param deliveryId names a delivery whose event carries no id of its own (the same
 *   body delivered again has the same one).
 */
async function toPaymentEvent(
  api: PaystackApi,
  body: WebhookBody,
  raw: unknown,
  deliveryId: string,
): Promise<PaymentEvent> {
  const common: Common = { provider: 'paystack', type: body.event, raw };
  switch (body.event) {
    case 'charge.success':
      return chargeSucceeded(api, body, common);
    case 'invoice.payment_failed':
      return installmentFailed(api, body, common);
    case 'refund.processed':
      return refundProcessed(api, body, common, deliveryId);
  }
}

/**
 * A transaction Paystack does not confirm: its reference is shown in the order's place,
 * for the admin to look it up.
 */
function unverified(
  common: Common,
  eventId: string,
  reference: string,
  reason: string,
): PaymentEvent {
  return { ...common, eventId, orderId: reference, kind: 'unverified', reason };
}

async function chargeSucceeded(
  api: PaystackApi,
  body: BodyOf<'charge.success'>,
  common: Common,
): Promise<PaymentEvent> {
  const eventId = `charge.success:${body.data.id}`;
  const verified = await verify(api, body.data.reference, { succeeded: true });
  if (!verified.verified) return unverified(common, eventId, body.data.reference, verified.reason);
  const { transaction } = verified;
  const orderId = orderIdOf(transaction);
  const subscriptionRef = subscriptionRefOf(
    transaction.customer.customer_code,
    planCodeOf(transaction),
  );
  return {
    ...common,
    eventId,
    orderId,
    subscriptionRef,
    kind: 'payment-succeeded',
    paymentId: transaction.reference,
    amount: transaction.amount,
    currency: transaction.currency,
  };
}

async function installmentFailed(
  api: PaystackApi,
  body: BodyOf<'invoice.payment_failed'>,
  common: Common,
): Promise<PaymentEvent> {
  const subscription = z
    .object({ customer: customerRef, plan: planRef })
    .loose()
    .parse(
      await api(`/subscription/${encodeURIComponent(body.data.subscription.subscription_code)}`),
    );
  const plan = subscription.plan;
  return {
    ...common,
    eventId: `invoice.payment_failed:${body.data.invoice_code}`,
    orderId: undefined,
    subscriptionRef: subscriptionRefOf(
      subscription.customer.customer_code,
      typeof plan === 'string' ? plan : (plan?.plan_code ?? undefined),
    ),
    kind: 'payment-failed',
    reason: `Installment invoice ${body.data.invoice_code} was not paid`,
    manageRef: body.data.subscription.subscription_code,
  };
}

async function refundProcessed(
  api: PaystackApi,
  body: BodyOf<'refund.processed'>,
  common: Common,
  deliveryId: string,
): Promise<PaymentEvent> {
  const eventId = `refund.processed:${body.data.refund_reference ?? deliveryId}`;
  const verified = await verify(api, body.data.transaction_reference);
  if (!verified.verified) {
    return unverified(common, eventId, body.data.transaction_reference, verified.reason);
  }
  const { transaction } = verified;
  // One event per refund: a charge refunded in parts is refunded once they add up.
  return {
    ...common,
    eventId,
    orderId: orderIdOf(transaction),
    subscriptionRef: subscriptionRefOf(transaction.customer.customer_code, planCodeOf(transaction)),
    kind: 'refunded',
    paymentId: transaction.reference,
    amount: body.data.amount,
    currency: body.data.currency,
  };
}
