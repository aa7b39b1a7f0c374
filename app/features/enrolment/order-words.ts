/**
 * The success page's words for the case an order is in (decision 072): SPEC's "Payment
 * Successful" for a payment, but not at $0 nor for a later installment.
 */

export const SCHOLARSHIP_CONFIRMED = 'Your scholarship is confirmed';

/** `Installment 2 of 3 received`. */
export function installmentReceived(paid: number, total: number): string {
  return `Installment ${paid} of ${total} received`;
}

/**
 * The heading of /success for a paid order, or null for SPEC's own: a scholarship (nothing
 * paid), or an installment plan's second payment or later.
 */
export function paidOrderHeadline(order: {
  amount: number;
  installments: number;
  paymentsReceived: number;
}): string | null {
  if (order.amount === 0) return SCHOLARSHIP_CONFIRMED;
  if (order.installments > 1 && order.paymentsReceived > 1) {
    return installmentReceived(order.paymentsReceived, order.installments);
  }
  return null;
}

/** Where "Start learning" goes: the home of the track the order bought. */
export function courseHomeOf(track: 'frontend' | 'fullstack'): '/fed/home' | '/fsd/home' {
  return track === 'fullstack' ? '/fsd/home' : '/fed/home';
}
