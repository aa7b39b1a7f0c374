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

  it('names the track bought: FullStack opens /fsd, a message without a track says FrontEnd', () => {
    const fullstack = renderEmail(
      'payment-received',
      { ...payment, planName: 'Fullstack Bootcamp Upfront', track: 'fullstack' },
      ORIGIN,
    );
    expect(fullstack.text).toContain('Your FullStack Developer Bootcamp is open to you now');
    expect(fullstack.html).toContain(`${ORIGIN}/fsd/home`);
    const older = renderEmail('payment-received', payment, ORIGIN);
    expect(older.text).toContain('Every step of the FrontEnd course is open to you now');
    expect(older.html).toContain(`${ORIGIN}/fed/home`);
    const approved = renderEmail(
      'transfer-approved',
      { name: 'Ada', planName: 'x', amount: '₦1', transferDate: '1 May', track: 'fullstack' },
      ORIGIN,
    );
    expect(approved.text).toContain('Your FullStack Developer Bootcamp is open to you now');
  });

  it('links to the payment’s receipt with the site’s origin, and names its number', () => {
    const email = renderEmail(
      'payment-received',
      { ...payment, paymentId: 'pay-1', receiptNumber: 42 },
      ORIGIN,
    );
    expect(email.html).toContain(`${ORIGIN}/account/receipts/payment/pay-1`);
    expect(email.text).toContain('Your receipt FDA-000042 is ready');
    expect(renderEmail('payment-received', payment, ORIGIN).text).toContain(
      'Keep this e-mail as your receipt',
    );
    const approved = renderEmail(
      'transfer-approved',
      {
        name: 'Ada',
        planName: 'x',
        amount: '₦1',
        transferDate: '1 May',
        transferId: 'tr-1',
        receiptNumber: 7,
      },
      ORIGIN,
    );
    expect(approved.html).toContain(`${ORIGIN}/account/receipts/transfer/tr-1`);
    expect(approved.text).toContain('Your receipt FDA-000007 is ready');
  });
});

describe('the words of each case (decision 075)', () => {
  it('an installment after the first says "Installment 2 of 3 received", subject and heading', () => {
    const email = renderEmail(
      'payment-received',
      {
        ...payment,
        planName: 'FrontEnd Bootcamp in 3 Installments',
        amount: '$150',
        installment: 2,
        installments: 3,
      },
      ORIGIN,
    );
    expect(email.subject).toBe('Installment 2 of 3 received');
    expect(email.html).toContain('>Installment 2 of 3 received<');
    expect(email.text).not.toContain('Thank you for your payment');
  });

  it('a scholarship says "Your scholarship is confirmed", and never "payment"', () => {
    const email = renderEmail(
      'scholarship-granted',
      { name: 'Ada', planName: 'FrontEnd Bootcamp Upfront', code: 'FULLRIDE' },
      ORIGIN,
    );
    expect(email.subject).toContain('Your scholarship is confirmed');
    expect(email.html).toContain('>Your scholarship is confirmed<');
    expect(`${email.subject} ${email.text}`).not.toMatch(/payment/i);
  });
});
