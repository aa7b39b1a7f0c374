import { z } from '~/lib/zod';

const eventFields = { id: z.string().min(1).max(100), order_id: z.string().max(100) };
/** A payment, and its refund, name the payment and its amount. */
const paymentFields = {
  ...eventFields,
  payment_id: z.string().min(1).max(100),
  amount: z.number().int().nonnegative(),
  currency: z.string().length(3),
};

/**
 * What the local stand-in provider sends to this site's own webhook (`/webhooks/local`):
 * the three events a real provider reports, in a shape of its own as theirs are.
 */
export const localEventSchema = z.discriminatedUnion('type', [
  z.object({ ...paymentFields, type: z.literal('payment.succeeded') }),
  z.object({ ...eventFields, type: z.literal('payment.failed'), reason: z.string().max(500) }),
  z.object({ ...paymentFields, type: z.literal('payment.refunded') }),
]);
export type LocalEvent = z.infer<typeof localEventSchema>;
