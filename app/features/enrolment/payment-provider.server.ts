import { plans, type Plan, type PlanCurrency } from '~/content/plans';
import type { Order, PaymentProviderName } from '~/db/schema';
import type { LocalEvent } from './local-events.server';
import type { PaymentEvent } from './payment-events.server';

/** A webhook that is not provably from the provider: answered 400, nothing written. */
export class WebhookRejected extends Error {
  override name = 'WebhookRejected';
}

/** DESIGN §9: one interface, an adapter per provider (Stripe, Paystack, the local stand-in). */
export interface PaymentProvider {
  name: PaymentProviderName;
  /** The currency its orders are priced and charged in. */
  currency: PlanCurrency;
  /** The origins of its checkout pages (none for one on this site). */
  checkoutOrigins: readonly string[];
  /**
   * The provider's checkout for a pending order: where to send the buyer, and when the
   * provider closes it (`expiresAt`; without it, `CHECKOUT_OPEN_MS` after the order).
   */
  createCheckout(
    order: Order,
    plan: Plan,
    buyer: { email: string; name: string },
  ): Promise<{ url: string; providerRef: string; expiresAt?: Date }>;
  /**
   * Where to send the buyer back to a pending order's checkout, if the provider still has it
   * open (undefined: start another).
   */
  resumeCheckout(order: Order): Promise<string | undefined>;
  /** The event a webhook carries, once its signature (and freshness) is proven. */
  verifyWebhook(rawBody: Buffer, headers: Headers): Promise<PaymentEvent>;
  /**
   * Ends an installment plan once its last installment is paid, for a provider that would
   * otherwise go on charging (Stripe). Safe to repeat.
   */
  stopInstallments?(subscriptionRef: string): Promise<void>;
  /**
   * Ends an installment plan at once, with no further charge (its holder deletes their
   * account, decision 064). Throws when the provider cannot be reached or refuses: the caller
   * must not act as if it had ended. A provider without it cannot end a plan from here, so
   * a deletion that needs it waits.
   */
  cancelInstallments?(subscriptionRef: string): Promise<void>;
  /**
   * Where the buyer of an overdue installment plan updates their card or pays the missed
   * installment: asked when they open "Update your payment", as the providers'
   * pages expire. `manageRef` is what the failed installment's event named
   * (`enrolments.manage_ref`). Undefined: the provider has no such page for this order.
   */
  updatePaymentUrl?(
    order: Order,
    manageRef: string | null,
    returnUrl: string,
  ): Promise<string | undefined>;
}

/** The local stand-in (`local-payments.server.ts`), which also plays the provider's part. */
export interface LocalPaymentProvider extends PaymentProvider {
  /** Signs an event and delivers it to the site's own webhook, as a provider would. */
  deliver(event: LocalEvent): Promise<Response>;
}

/**
 * How Pay Now works on this deployment: through a provider that unlocks the course by
 * itself, or (no keys on a public origin) through the static hosted links of old.
 */
export type PaymentsSetup =
  | {
      mode: 'automatic';
      /** The provider Pay Now uses. */
      checkout: PaymentProvider;
      /** Every provider whose webhooks are accepted, by the name in `/webhooks/{name}`. */
      providers: ReadonlyMap<string, PaymentProvider>;
      /** The local stand-in and its `/dev-pay` pages, on a loopback origin without keys. */
      localProvider?: LocalPaymentProvider;
    }
  | { mode: 'static-links' };

/**
 * Where Pay Now sends the buyer off this site: the checkout provider's pages, or the static
 * links' host. The pages' `form-action` names them (decision 029).
 */
export function checkoutOriginsOf(payments: PaymentsSetup): readonly string[] {
  if (payments.mode === 'automatic') return payments.checkout.checkoutOrigins;
  return [...new Set(plans.map((plan) => new URL(plan.paymentLink).origin))];
}
