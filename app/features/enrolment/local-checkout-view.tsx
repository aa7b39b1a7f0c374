import { FlaskConical } from 'lucide-react';
import { Form } from 'react-router';
import type { Enrolment, OrderStatus } from '~/db/schema';
import { IntentButton } from '~/ui/intent-button';
import { PageTitle } from '~/ui/page-title';

/** The local checkout's buttons: pay, cancel, and what a provider may report later. */
export const LOCAL_CHECKOUT_INTENTS = {
  pay: 'pay',
  cancel: 'cancel',
  failInstallment: 'fail-installment',
  refund: 'refund',
} as const;
export type LocalCheckoutIntent =
  (typeof LOCAL_CHECKOUT_INTENTS)[keyof typeof LOCAL_CHECKOUT_INTENTS];

export interface LocalCheckout {
  orderId: string;
  planName: string;
  amount: string;
  status: OrderStatus;
  /** Another payment is possible: not cancelled, and installments remain. */
  canPay: boolean;
  enrolment: Pick<Enrolment, 'status' | 'installments_paid' | 'installments_total'> | null;
}

/** One outcome the stand-in can report, as a form of its own. */
function OutcomeForm({
  intent,
  label,
  variant,
}: {
  intent: LocalCheckoutIntent;
  label: string;
  variant: 'primary' | 'secondary';
}) {
  return (
    <Form method="post">
      <IntentButton intent={intent} variant={variant}>
        {label}
      </IntentButton>
    </Form>
  );
}

/** The local stand-in's checkout page: no card, just the outcome a provider would report. */
export function LocalCheckoutView({ checkout }: { checkout: LocalCheckout }) {
  const { enrolment, canPay } = checkout;
  return (
    <section className="mx-auto w-full max-w-xl px-6 py-16">
      <p className="inline-flex items-center gap-2 rounded-full border border-amber-300 bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-900">
        <FlaskConical aria-hidden="true" className="h-4 w-4" />
        Local test payment provider: no money moves
      </p>
      <PageTitle className="mt-4">{checkout.planName}</PageTitle>
      <p className="mt-2 text-2xl font-bold text-ink">{checkout.amount}</p>
      {enrolment && (
        <p className="mt-2 text-slate-700">
          Paid {enrolment.installments_paid} of {enrolment.installments_total}
          {enrolment.status === 'active' ? '' : ` (${enrolment.status})`}
        </p>
      )}
      <div className="mt-8 flex flex-wrap gap-3">
        {canPay && (
          <OutcomeForm intent={LOCAL_CHECKOUT_INTENTS.pay} label="Pay" variant="primary" />
        )}
        {checkout.status === 'pending' && (
          <OutcomeForm intent={LOCAL_CHECKOUT_INTENTS.cancel} label="Cancel" variant="secondary" />
        )}
      </div>
      {enrolment && (
        <div className="mt-10 rounded-2xl border border-slate-200 bg-slate-50 p-4">
          <h2 className="font-bold text-ink">Simulate what a provider may report later</h2>
          <div className="mt-3 flex flex-wrap gap-3">
            {canPay && (
              <OutcomeForm
                intent={LOCAL_CHECKOUT_INTENTS.failInstallment}
                label="Fail the next installment"
                variant="secondary"
              />
            )}
            <OutcomeForm
              intent={LOCAL_CHECKOUT_INTENTS.refund}
              label="Refund the last payment"
              variant="secondary"
            />
          </div>
        </div>
      )}
    </section>
  );
}
