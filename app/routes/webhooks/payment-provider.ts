import { receivePaymentWebhook } from '~/features/enrolment/payment-webhook.server';
import { requireServices } from '~/lib/load-context';
import type { Route } from './+types/payment-provider';

export function action({ request, params, context }: Route.ActionArgs) {
  return receivePaymentWebhook(request, params.provider, requireServices(context));
}
