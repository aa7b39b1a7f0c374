import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '~/lib/security-headers.server';
import { createLocalPaymentProvider } from './local-payments.server';
import {
  checkoutOriginsOf,
  type PaymentProvider,
  type PaymentsSetup,
} from './payment-provider.server';
import { createPaystackPaymentProvider } from './paystack-payments.server';
import { createStripePaymentProvider } from './stripe-payments.server';

const formActionOf = (payments: PaymentsSetup) =>
  contentSecurityPolicy({
    nonce: 'n',
    https: true,
    development: false,
    checkoutOrigins: checkoutOriginsOf(payments),
    frameOrigins: [],
  })
    .split('; ')
    .find((directive) => directive.startsWith('form-action'));

const automatic = (checkout: PaymentProvider): PaymentsSetup => ({
  mode: 'automatic',
  checkout,
  providers: new Map(),
});

describe("Pay Now's form may lead to the configured checkout and nowhere else", () => {
  it('names the provider’s checkout, the static links’ host, or only this site', () => {
    const origin = 'https://academy.example';
    expect(
      formActionOf(
        automatic(createStripePaymentProvider({ secretKey: 'sk', webhookSecret: 'wh', origin })),
      ),
    ).toBe("form-action 'self' https://checkout.stripe.com");
    expect(
      formActionOf(automatic(createPaystackPaymentProvider({ secretKey: 'sk', origin }))),
    ).toBe("form-action 'self' https://checkout.paystack.com");
    expect(formActionOf({ mode: 'static-links' })).toBe("form-action 'self' https://paystack.com");
    expect(formActionOf(automatic(createLocalPaymentProvider('http://localhost:3000')))).toBe(
      "form-action 'self'",
    );
  });
});
