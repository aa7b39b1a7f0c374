import { applyPaymentEvent } from '~/features/enrolment/payment-events.server';
import { WebhookRejected } from '~/features/enrolment/payment-provider.server';
import { stopPaidInstallments } from '~/features/enrolment/provider-orders.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/payment-provider';

function answer(status: number, body: object): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}

/**
 * `POST /webhooks/{provider}`: the raw body (size-limited by the server like every body)
 * is verified by the provider's adapter, then applied once. A bad signature is a 400 with
 * nothing written; a replay is a 200 that changes nothing (the provider stops retrying).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const { payments, db } = ctx;
  const provider =
    payments.mode === 'automatic' ? payments.providers.get(params.provider) : undefined;
  if (!provider) return answer(404, { error: 'No such payment provider' });
  const rawBody = Buffer.from(await request.arrayBuffer());
  let event;
  try {
    event = await provider.verifyWebhook(rawBody, request.headers);
  } catch (error) {
    if (!(error instanceof WebhookRejected)) throw error;
    ctx.log.warn(
      { event: 'webhook-rejected', provider: params.provider, reason: error.message },
      'security',
    );
    return answer(400, { error: error.message });
  }
  const result = await applyPaymentEvent(db, event, new Date(), {
    graceDays: ctx.env.OVERDUE_GRACE_DAYS,
  });
  const log = result.outcome === 'mismatch' || result.outcome === 'unknown-order' ? 'warn' : 'info';
  ctx.log[log](
    {
      event: 'payment-webhook',
      provider: params.provider,
      eventId: event.eventId,
      type: event.type,
      orderId: event.orderId,
      outcome: result.outcome,
    },
    'payment',
  );
  if (result.userId) ctx.changeEvents.publish({ collection: 'users', id: result.userId });
  if (result.queuedEmail) ctx.mail.wakeWorker();
  try {
    await stopPaidInstallments(db, provider, event);
  } catch (error) {
    // Answering 500 makes the provider deliver the event again, and a repeat comes back here.
    ctx.log.error(
      {
        event: 'stop-installments-failed',
        provider: params.provider,
        orderId: event.orderId,
        error,
      },
      'payment',
    );
    return answer(500, { error: 'Could not end the installment plan; deliver again' });
  }
  return answer(200, { received: true, outcome: result.outcome });
}
