import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { localEventSchema, type LocalEvent } from './local-events.server';
import type { PaymentEvent } from './payment-events.server';
import { WebhookRejected, type LocalPaymentProvider } from './payment-provider.server';

export const LOCAL_SIGNATURE_HEADER = 'x-local-pay-signature';
/** Like Stripe's default: an older signed event is refused as a replay. */
const TOLERANCE_SECONDS = 300;

function sign(secret: Buffer, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * The stand-in for Stripe and Paystack when no keys are configured, on a loopback origin
 * only: its checkout page is `/dev-pay/{order}`, and its Pay button sends a signed webhook
 * over HTTP to `/webhooks/local`, which goes through exactly the code the real providers'
 * webhooks do. The signing key is made at start-up and never leaves the process.
 */
export function createLocalPaymentProvider(origin: string): LocalPaymentProvider {
  const secret = randomBytes(32);
  return {
    name: 'local',
    currency: 'USD',
    // Its checkout is this site's own /dev-pay.
    checkoutOrigins: [],
    async createCheckout(order) {
      return { url: `${origin}/dev-pay/${order.id}`, providerRef: `local_${order.id}` };
    },
    async resumeCheckout(order) {
      return `${origin}/dev-pay/${order.id}`;
    },
    // Nothing charges by itself here: a next installment is paid on /dev-pay, which sells
    // nothing to an enrolment that takes no more payments (a cancelled one).
    async cancelInstallments() {},
    // Its checkout page pays the next installment as well as the first.
    async updatePaymentUrl(order) {
      return `${origin}/dev-pay/${order.id}`;
    },
    async verifyWebhook(rawBody, headers) {
      const header = headers.get(LOCAL_SIGNATURE_HEADER) ?? '';
      const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header);
      if (!match) throw new WebhookRejected('Missing or malformed signature');
      const timestamp = Number(match[1]);
      if (Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS) {
        throw new WebhookRejected('Signature timestamp outside the tolerance');
      }
      const expected = Buffer.from(sign(secret, timestamp, rawBody.toString('utf8')), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'))) {
        throw new WebhookRejected('Signature does not match');
      }
      let parsed: LocalEvent;
      try {
        parsed = localEventSchema.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw new WebhookRejected('Not a local payment event');
      }
      return toPaymentEvent(parsed);
    },
    async deliver(event) {
      const body = JSON.stringify(event);
      const timestamp = Math.floor(Date.now() / 1000);
      return fetch(`${origin}/webhooks/local`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          [LOCAL_SIGNATURE_HEADER]: `t=${timestamp},v1=${sign(secret, timestamp, body)}`,
        },
        body,
      });
    },
  };
}

function toPaymentEvent(event: LocalEvent): PaymentEvent {
  const common = {
    provider: 'local' as const,
    eventId: event.id,
    type: event.type,
    orderId: event.order_id,
    raw: event,
  };
  switch (event.type) {
    case 'payment.succeeded':
      return {
        ...common,
        kind: 'payment-succeeded',
        paymentId: event.payment_id,
        amount: event.amount,
        currency: event.currency,
      };
    case 'payment.failed':
      return { ...common, kind: 'payment-failed', reason: event.reason };
    case 'payment.refunded':
      return {
        ...common,
        kind: 'refunded',
        paymentId: event.payment_id,
        amount: event.amount,
        currency: event.currency,
      };
  }
}
