import { Landmark } from 'lucide-react';
import { bankTransfer } from '~/content/plans';
import { formatNaira } from '~/lib/format';

export function BankTransfer() {
  return (
    <section
      aria-labelledby="bank-transfer-heading"
      className="mt-16 rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8"
    >
      <div className="flex items-center gap-3">
        <Landmark aria-hidden="true" className="h-7 w-7 shrink-0 text-brand-700" />
        <h2 id="bank-transfer-heading" className="text-xl font-bold text-ink sm:text-2xl">
          {bankTransfer.heading}
        </h2>
      </div>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-sm text-slate-700">Bank</dt>
          <dd className="font-semibold text-ink">{bankTransfer.bankName}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">Account name</dt>
          <dd className="font-semibold text-ink">{bankTransfer.accountName}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">Account number</dt>
          <dd className="font-mono font-semibold text-ink">{bankTransfer.accountNumber}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">Amount</dt>
          <dd className="font-semibold text-ink">{formatNaira(bankTransfer.amountNaira)}</dd>
        </div>
      </dl>
      <ol className="mt-6 list-decimal space-y-2 pl-6 text-slate-700">
        {bankTransfer.instructions.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
