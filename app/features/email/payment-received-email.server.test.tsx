import { describe, expect, it } from 'vitest';
import { renderEmail } from './email-renderer.server';

const ORIGIN = 'https://academy.example';
const payment = {
  name: 'Ada',
  planName: 'FrontEnd Bootcamp Upfront',
  amount: '$400',
  installment: 1,
  installments: 1,
};

describe('the "Payment received" e-mail', () => {
  it('carries the order’s reference, as the success page shows it', () => {
    const reference = `ord-${'a1'.repeat(16)}`;
    const email = renderEmail('payment-received', { ...payment, reference }, ORIGIN);
    expect(email.text).toContain(`Reference: ${reference}`);
    expect(email.html).toContain(reference);
  });

  it('still renders a message queued before it had a reference', () => {
    const email = renderEmail('payment-received', payment, ORIGIN);
    expect(email.text).not.toContain('Reference');
  });
});
