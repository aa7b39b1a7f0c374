import { describe, expect, it } from 'vitest';
import { courseHomeOf, paidOrderHeadline } from './order-words';

describe('the success page’s words for each case', () => {
  it('confirms a scholarship at $0 instead of a payment', () => {
    expect(paidOrderHeadline({ amount: 0, installments: 1, paymentsReceived: 0 })).toBe(
      'Your scholarship is confirmed',
    );
  });

  it('names a later installment', () => {
    expect(paidOrderHeadline({ amount: 15_000, installments: 3, paymentsReceived: 2 })).toBe(
      'Installment 2 of 3 received',
    );
  });

  it('keeps SPEC’s heading for a payment and a first installment', () => {
    expect(paidOrderHeadline({ amount: 40_000, installments: 1, paymentsReceived: 1 })).toBeNull();
    expect(paidOrderHeadline({ amount: 15_000, installments: 3, paymentsReceived: 1 })).toBeNull();
  });

  it('sends "Start learning" to the track bought', () => {
    expect(courseHomeOf('fullstack')).toBe('/fsd/home');
    expect(courseHomeOf('frontend')).toBe('/fed/home');
  });
});
