import { createLocalPaymentProvider } from '~/features/enrolment/local-payments.server';
import type { PaymentsSetup } from '~/features/enrolment/payment-provider.server';
import type { Env } from '~/lib/env.server';
import type { Logger } from '~/lib/logger.server';
import { isLoopbackUrl } from '~/lib/loopback.server';
import { refuseUnlessLoopback } from './local-stand-ins';

export const DEV_PAY_PATH = '/dev-pay';

/**
 * Without provider keys: on a loopback origin the local stand-in (anyone could "pay" with
 * it, so it fails closed like the local sign-in provider); on a public origin the static
 * hosted links, with one warning that paying will not unlock the course by itself.
 */
export function setUpPayments(env: Env, logger: Logger): PaymentsSetup {
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
