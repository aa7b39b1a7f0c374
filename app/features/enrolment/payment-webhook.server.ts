import type { RequestContext } from '~/lib/load-context';
import type { Kysely } from 'kysely';
import type { Database } from '~/db/schema';
import { findEnrolmentOfOrder, findOrderOfEvent, takesMorePayments } from './orders.server';
import { applyPaymentEvent, type PaymentEvent } from './payment-events.server';
import { WebhookRejected, type PaymentProvider } from './payment-provider.server';

function answer(status: number, body: object): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}

/**
 * `POST /webhooks/{provider}`: the raw body (size-limited by the server like every body)
 * is verified by the provider's adapter, then applied once. A bad signature is a 400 with
 * nothing written; a replay is a 200 that changes nothing (the provider stops retrying).
 */
export async function receivePaymentWebhook(
  request: Request,
  providerName: string,
  context: RequestContext,
): Promise<Response> {
  const { payments } = context.services;
  const provider = payments.mode === 'automatic' ? payments.providers.get(providerName) : undefined;
  if (!provider) return answer(404, { error: 'No such payment provider' });
  const rawBody = Buffer.from(await request.arrayBuffer());
  let event;
  try {
    event = await provider.verifyWebhook(rawBody, request.headers);
  } catch (error) {
    if (!(error instanceof WebhookRejected)) throw error;
    context.log.warn(
      { event: 'webhook-rejected', provider: providerName, reason: error.message },
      'security',
    );
    return answer(400, { error: error.message });
  }
  const result = await applyPaymentEvent(context.services.database.db, event);
  const log = result.outcome === 'mismatch' || result.outcome === 'unknown-order' ? 'warn' : 'info';
  context.log[log](
    {
      event: 'payment-webhook',
      provider: providerName,
      eventId: event.eventId,
      type: event.type,
      orderId: event.orderId,
      outcome: result.outcome,
    },
    'payment',
  );
  if (result.userId)
    context.services.changeEvents.publish({ collection: 'users', id: result.userId });
  if (result.queuedEmail) context.services.email.wakeWorker();
  try {
    await stopPaidInstallments(context.services.database.db, provider, event);
  } catch (error) {
    // Answering 500 makes the provider deliver the event again, and a repeat comes back here.
    context.log.error(
      { event: 'stop-installments-failed', provider: providerName, orderId: event.orderId, error },
      'payment',
    );
    return answer(500, { error: 'Could not end the installment plan; deliver again' });
  }
  return answer(200, { received: true, outcome: result.outcome });
}

/**
 * After the last installment, or once a refund has left an installment plan with nothing
 * paid, a provider that would charge on ends the plan. Checked on every delivery of such
 * an event, repeats included, so a failed attempt is retried.
 */
async function stopPaidInstallments(
  db: Kysely<Database>,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<void> {
  if (!provider.stopInstallments || !event.subscriptionRef) return;
  if (event.kind !== 'payment-succeeded' && event.kind !== 'refunded') return;
  const order = await findOrderOfEvent(db, event);
  if (!order || order.installments < 2) return;
  const enrolment = await findEnrolmentOfOrder(db, order.id);
  if (enrolment && !takesMorePayments(order, enrolment)) {
    await provider.stopInstallments(event.subscriptionRef);
  }
}
