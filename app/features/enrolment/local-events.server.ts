import { z } from 'zod';

/**
 * What the local stand-in provider sends to this site's own webhook (`/webhooks/local`):
 * the three events a real provider reports, in a shape of its own as theirs are.
 */
export const localEventSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.string().min(1).max(100),
    type: z.literal('payment.succeeded'),
    order_id: z.string().max(100),
    payment_id: z.string().min(1).max(100),
    amount: z.number().int().nonnegative(),
    currency: z.string().length(3),
  }),
  z.object({
    id: z.string().min(1).max(100),
    type: z.literal('payment.failed'),
    order_id: z.string().max(100),
    reason: z.string().max(500),
  }),
  z.object({
    id: z.string().min(1).max(100),
    type: z.literal('payment.refunded'),
    order_id: z.string().max(100),
    payment_id: z.string().min(1).max(100),
    amount: z.number().int().nonnegative(),
    currency: z.string().length(3),
  }),
]);
export type LocalEvent = z.infer<typeof localEventSchema>;
