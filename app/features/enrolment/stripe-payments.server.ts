import type Stripe from 'stripe';
import type { PaymentEvent } from './payment-events.server';
import { WebhookRejected, type PaymentProvider } from './payment-provider.server';
import { CHECKOUT_OPEN_MS } from './orders.server';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The site's public origin: where Stripe sends the buyer back. */
  origin: string;
  /** Another API base (tests run an in-process fake of Stripe on loopback). */
  apiUrl?: string;
}

/**
 * The SDK is imported here, when Stripe is configured, not by every server that loads this
 * module: about 550 files and a few MB of heap that a server without Stripe keys never uses.
 */
async function stripeClient(settings: StripeSettings): Promise<Stripe> {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const { default: StripeSdk } = await import('stripe');
  return new StripeSdk(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(api && {
      host: api.hostname,
      port: api.port,
      protocol: api.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : value?.id;

/**
 * Stripe (USD): a Checkout Session per order, priced with `price_data` from the plans (a
 * subscription for installments, ended after its last one), and webhooks verified with
 * `constructEvent` (signature and a 5-minute tolerance) before they mean anything.
 */
export function createStripePaymentProvider(settings: StripeSettings): PaymentProvider {
  // Started at set-up, so the first checkout does not wait for the import.
  const client = stripeClient(settings);
  return {
    name: 'stripe',
    currency: 'USD',
    checkoutOrigins: ['https://checkout.stripe.com'],
    createCheckout: async (order, plan, buyer) =>
      createCheckoutSession(await client, settings.origin, { order, plan, buyer }),

    async resumeCheckout(order) {
      if (!order.provider_ref) return undefined;
      const session = await (await client).checkout.sessions.retrieve(order.provider_ref);
      return session.status === 'open' ? (session.url ?? undefined) : undefined;
    },

    async verifyWebhook(rawBody, headers) {
      const stripe = await client;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          headers.get('stripe-signature') ?? '',
          settings.webhookSecret,
        );
      } catch (error) {
        throw new WebhookRejected(
          error instanceof Error ? error.message : 'Stripe signature not verified',
        );
      }
      return toPaymentEvent(event, (charge) => refundedPayment(stripe, charge));
    },

    async stopInstallments(subscriptionRef) {
      // After the last installment: no further charge at the end of the month it paid for.
      await (await client).subscriptions.update(subscriptionRef, { cancel_at_period_end: true });
    },

    async cancelInstallments(subscriptionRef) {
      // Cancel a subscription: at once, and no invoice for the rest of the period.
      await (await client).subscriptions.cancel(subscriptionRef);
    },

    updatePaymentUrl: async (order, manageRef, returnUrl) =>
      billingPortalUrl(await client, order, manageRef, returnUrl),
  };
}

type CheckoutOf = Parameters<PaymentProvider['createCheckout']>;

async function createCheckoutSession(
  stripe: Stripe,
  origin: string,
  { order, plan, buyer }: { order: CheckoutOf[0]; plan: CheckoutOf[1]; buyer: CheckoutOf[2] },
) {
  const installments = order.installments > 1;
  // Stripe takes 30 minutes to 24 hours from its own clock: a minute over our checkouts'
  // 30 minutes keeps a clock a little ahead of ours from refusing it (decision 062).
  const expiresAt = Math.floor((Date.now() + CHECKOUT_OPEN_MS + 60_000) / 1000);
  const session = await stripe.checkout.sessions.create({
    mode: installments ? 'subscription' : 'payment',
    client_reference_id: order.id,
    customer_email: buyer.email,
    metadata: { order_id: order.id },
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: order.currency.toLowerCase(),
          unit_amount: order.amount,
          product_data: { name: plan.name },
          ...(installments && { recurring: { interval: 'month' as const } }),
        },
      },
    ],
    ...(installments
      ? { subscription_data: { metadata: { order_id: order.id } } }
      : { payment_intent_data: { metadata: { order_id: order.id } } }),
    success_url: `${origin}/success?order=${order.id}&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}/checkout?cancelled=${order.id}`,
    expires_at: expiresAt,
  });
  if (!session.url) throw new Error(`Stripe returned no URL for the checkout of ${order.id}`);
  return { url: session.url, providerRef: session.id, expiresAt: new Date(expiresAt * 1000) };
}

async function billingPortalUrl(
  stripe: Stripe,
  order: Parameters<NonNullable<PaymentProvider['updatePaymentUrl']>>[0],
  manageRef: string | null,
  returnUrl: string,
): Promise<string | undefined> {
  // The failed invoice named its customer; an older overdue enrolment has only the
  // subscription, whose customer Stripe knows.
  const customer =
    manageRef ??
    (order.subscription_ref
      ? idOf((await stripe.subscriptions.retrieve(order.subscription_ref)).customer)
      : undefined);
  if (!customer) return undefined;
  // The customer portal: a new card, and the open invoice paid with it. A session's URL
  // is short-lived, so one is made each time the student asks.
  const session = await stripe.billingPortal.sessions.create({
    customer,
    return_url: returnUrl,
  });
  return session.url;
}

/** A refunded charge is an invoice's (an installment) or a one-time payment's. */
async function refundedPayment(stripe: Stripe, charge: Stripe.Charge) {
  const paymentIntent = idOf(charge.payment_intent);
  if (!paymentIntent) return undefined;
  const invoicePayments = await stripe.invoicePayments.list({
    payment: { type: 'payment_intent', payment_intent: paymentIntent },
    expand: ['data.invoice'],
    limit: 1,
  });
  const invoice = invoicePayments.data[0]?.invoice;
  if (invoice && typeof invoice !== 'string' && !invoice.deleted) {
    const subscription = invoice.parent?.subscription_details;
    return {
      paymentId: invoice.id!,
      orderId: subscription?.metadata?.order_id,
      subscriptionRef: idOf(subscription?.subscription),
    };
  }
  const intent = await stripe.paymentIntents.retrieve(paymentIntent);
  return {
    paymentId: paymentIntent,
    orderId: intent.metadata.order_id,
    subscriptionRef: undefined,
  };
}

type RefundedPayment = { paymentId: string; orderId?: string; subscriptionRef?: string };
/** What every event made from one Stripe event shares. */
type Common = { provider: 'stripe'; eventId: string; type: string; raw: unknown };

async function toPaymentEvent(
  event: Stripe.Event,
  refundedPayment: (charge: Stripe.Charge) => Promise<RefundedPayment | undefined>,
): Promise<PaymentEvent> {
  const common: Common = { provider: 'stripe', eventId: event.id, type: event.type, raw: event };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutPaid(common, event.data.object);
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      return {
        ...common,
        orderId: session.client_reference_id ?? session.metadata?.order_id ?? undefined,
        kind: 'payment-failed',
        reason:
          event.type === 'checkout.session.expired'
            ? 'The checkout expired unpaid'
            : 'The payment did not go through',
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return installmentInvoice(common, event.data.object, event.type === 'invoice.paid');
    case 'charge.refunded':
      return chargeRefunded(common, event.data.object, refundedPayment);
    default:
      return { ...common, orderId: undefined, kind: 'ignored' };
  }
}

function checkoutPaid(common: Common, session: Stripe.Checkout.Session): PaymentEvent {
  const orderId = session.client_reference_id ?? session.metadata?.order_id ?? undefined;
  // Paid later (a bank debit): `async_payment_succeeded` follows.
  if (session.payment_status !== 'paid') return { ...common, orderId, kind: 'ignored' };
  const subscription = idOf(session.subscription);
  // A subscription's first payment is its first invoice, which `invoice.paid` names too.
  const paymentId = subscription ? idOf(session.invoice) : idOf(session.payment_intent);
  if (!paymentId) return { ...common, orderId, kind: 'ignored' };
  return {
    ...common,
    orderId,
    subscriptionRef: subscription,
    kind: 'payment-succeeded',
    paymentId,
    amount: session.amount_total ?? 0,
    currency: session.currency ?? '',
  };
}

function installmentInvoice(common: Common, invoice: Stripe.Invoice, paid: boolean): PaymentEvent {
  const subscription = invoice.parent?.subscription_details;
  const orderId = subscription?.metadata?.order_id;
  const subscriptionRef = idOf(subscription?.subscription);
  if (!subscription) return { ...common, orderId, kind: 'ignored' };
  if (!paid) {
    return {
      ...common,
      orderId,
      subscriptionRef,
      kind: 'payment-failed',
      reason: `Installment invoice ${invoice.id} was not paid`,
      manageRef: idOf(invoice.customer),
    };
  }
  return {
    ...common,
    orderId,
    subscriptionRef,
    kind: 'payment-succeeded',
    paymentId: invoice.id!,
    amount: invoice.amount_paid,
    currency: invoice.currency,
  };
}

async function chargeRefunded(
  common: Common,
  charge: Stripe.Charge,
  refundedPayment: (charge: Stripe.Charge) => Promise<RefundedPayment | undefined>,
): Promise<PaymentEvent> {
  // A partial refund keeps the course: only a charge refunded in full takes it back.
  if (!charge.refunded) return { ...common, orderId: undefined, kind: 'ignored' };
  const payment = await refundedPayment(charge);
  if (!payment) return { ...common, orderId: undefined, kind: 'ignored' };
  return {
    ...common,
    orderId: payment.orderId,
    subscriptionRef: payment.subscriptionRef,
    kind: 'refunded',
    paymentId: payment.paymentId,
    amount: charge.amount,
    currency: charge.currency,
  };
}
