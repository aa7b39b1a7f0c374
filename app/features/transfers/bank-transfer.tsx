import { Landmark } from 'lucide-react';
import { bankTransfer, plans } from '~/content/plans';
import { LoginButton } from '~/features/auth/login-button';
import type { MyTransfer } from '~/features/transfers/my-transfers.server';
import { PendingTransfer } from '~/features/transfers/pending-transfer-view';
import { TransferForm } from '~/features/transfers/transfer-form-view';
import { TRANSFER_MESSAGES, type TransferField } from '~/features/transfers/transfer-form';
import { formatNaira } from '~/lib/format';
import { useRootData } from '~/root-data';
import { buttonClass } from '~/ui/button';
import { Fact } from '~/ui/fact';
import type { FormErrors } from '~/ui/form';
import { FormAlert } from '~/ui/field-error';

/**
 * The bank details with every plan's naira amount, and for a signed-in person the form to report a transfer with its
 * receipt (or where their transfer waiting for review stands); a visitor is asked to sign in first (the prerendered page is a visitor's).
 */
export function BankTransfer({
  transferErrors,
  pendingTransfer,
}: {
  transferErrors?: FormErrors<TransferField>;
  /** The signed-in person's transfer waiting for review: its state replaces the form. */
  pendingTransfer?: MyTransfer | null;
}) {
  const { viewer } = useRootData();
  return (
    <section
      aria-labelledby="bank-transfer-heading"
      className="mt-16 rounded-2xl border border-slate-200 bg-slate-50 px-4 py-6 sm:p-8"
    >
      <div className="flex items-center gap-3">
        <Landmark aria-hidden="true" className="h-7 w-7 shrink-0 text-brand-700" />
        <h2 id="bank-transfer-heading" className="text-xl font-bold text-ink sm:text-2xl">
          {bankTransfer.heading}
        </h2>
      </div>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        <Fact label="Bank">{bankTransfer.bankName}</Fact>
        <Fact label="Account name">{bankTransfer.accountName}</Fact>
        <Fact label="Account number" className="font-mono font-semibold text-ink">
          {bankTransfer.accountNumber}
        </Fact>
      </dl>
      <h3 id="transfer-amounts-heading" className="mt-6 text-sm font-semibold text-ink">
        Amount to transfer for each plan
      </h3>
      <ul
        aria-labelledby="transfer-amounts-heading"
        className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        {plans.map((plan) => (
          <li key={plan.id} className="rounded-xl border border-slate-200 bg-white px-4 py-3">
            <span className="block text-sm text-slate-700">{plan.name}</span>
            <span className="block font-semibold text-ink">
              {formatNaira(plan.amountNaira)}
              {plan.payments > 1 && (
                <span className="font-normal text-slate-700">
                  {' '}
                  a month, {plan.payments} payments
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
      <ol className="mt-6 list-decimal space-y-2 pl-6 text-slate-700">
        {bankTransfer.instructions.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {viewer && pendingTransfer ? (
        <>
          {/* A form opened before the transfer was sent (another tab) was refused. */}
          <FormAlert message={transferErrors?.formError} className="mt-6" />
          <PendingTransfer transfer={pendingTransfer} />
        </>
      ) : viewer ? (
        <TransferForm errors={transferErrors} />
      ) : (
        <LoginButton
          label={TRANSFER_MESSAGES.signIn}
          returnTo="/enroll#bank-transfer-heading"
          className={buttonClass('secondary', 'mt-6')}
        />
      )}
    </section>
  );
}
