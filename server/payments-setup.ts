import { createLocalPaymentProvider } from '~/features/enrolment/local-payments.server';
import { createPaystackPaymentProvider } from '~/features/enrolment/paystack-payments.server';
import type { PaymentProvider, PaymentsSetup } from '~/features/enrolment/payment-provider.server';
import { createStripePaymentProvider } from '~/features/enrolment/stripe-payments.server';
import type { Env } from '~/lib/env.server';
import type { Logger } from '~/lib/logger.server';
import { isLoopbackUrl } from '~/lib/loopback.server';
import { refuseUnlessLoopback } from './local-stand-ins';

export const DEV_PAY_PATH = '/dev-pay';

/**
 * With keys, Stripe and/or Paystack: Pay Now uses `PAYMENT_PROVIDER` (else Stripe, else
 * Paystack) and both providers' webhooks are accepted, so a plan bought through one keeps
 * being recorded after a switch to the other.
 *
 * Without provider keys: on a loopback origin the local stand-in (anyone could "pay" with
 * it, so it fails closed like the local sign-in provider); on a public origin the static
 * hosted links, with one warning that paying will not unlock the course by itself.
 */
export function setUpPayments(env: Env, logger: Logger): PaymentsSetup {
  const providers = new Map<string, PaymentProvider>();
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) {
    providers.set(
      'stripe',
      createStripePaymentProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        origin: env.ORIGIN,
        apiUrl: env.STRIPE_API_URL,
      }),
    );
  }
  if (env.PAYSTACK_SECRET_KEY) {
    providers.set(
      'paystack',
      createPaystackPaymentProvider({
        secretKey: env.PAYSTACK_SECRET_KEY,
        origin: env.ORIGIN,
        apiUrl: env.PAYSTACK_API_URL,
      }),
    );
  }
  const checkout = providers.get(env.PAYMENT_PROVIDER ?? providers.keys().next().value ?? '');
  if (checkout) return { mode: 'automatic', checkout, providers };
  if (!isLoopbackUrl(env.ORIGIN)) {
    logger.warn(
      'No payment provider is configured: Pay Now opens the static hosted payment links, and a payment will not unlock the course by itself (an admin must set the access).',
    );
    return { mode: 'static-links' };
  }
  refuseUnlessLoopback(env, {
    name: 'the local payment provider',
    risk: `without payment provider keys the local payment provider at ${DEV_PAY_PATH} runs, and anyone could unlock the course with it there`,
  });
  const local = createLocalPaymentProvider(env.ORIGIN);
  return {
    mode: 'automatic',
    checkout: local,
    providers: new Map([['local', local]]),
    localProvider: local,
  };
}
