import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { FieldError, fieldErrorId, FormAlert } from '~/ui/field-error';
import { fieldClass, labelClass, type FormErrors } from '~/ui/form';
import { DataTable, EmptyList, dataCells, dataRowClass } from '~/ui/list/data-table';
import { RowActionForm } from '~/ui/list/row-action-form';
import { IntentButton } from '~/ui/intent-button';
import { TextField } from '~/ui/text-field';
import { TitledSection } from '~/ui/titled-section';
import { formatUsd } from '~/lib/format';
import {
  DISCOUNT_INTENTS,
  DISCOUNT_MESSAGES,
  isGuessableCode,
  type DiscountField,
  type DiscountListed,
} from './discount-form';
import { useFormKeyOfThisPage } from '~/lib/action-data';
import { PageTitle } from '~/ui/page-title';

const COLUMNS = [
  'Code',
  'Off',
  'Plans',
  'Uses',
  'Revenue given up',
  'Expires',
  'Status',
  'Action',
] as const;

/** A field of whole numbers from 1 (the percent, the amount, the limit). */
const WHOLE_NUMBER = { type: 'number', min: 1, inputMode: 'numeric' } as const;

interface PlanChoice {
  id: string;
  name: string;
  price: number;
}

/**
 * The new code's name: the server's random suggestion to start with (decision 062). An
 * admin may type a short memorable one instead; the field then says, as it is typed, that it
 * can be guessed, and the form still takes it.
 */
function CodeNameField({
  suggested,
  typed,
  error,
}: {
  suggested: string;
  typed?: string;
  error?: string;
}) {
  const id = 'discount-code';
  const [code, setCode] = useState(typed ?? suggested);
  const hintId = `${id}-hint`;
  const warningId = `${id}-warning`;
  const guessable = code.trim() !== '' && isGuessableCode(code);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Code
      </label>
      <p id={hintId} className="text-sm text-slate-700">
        Letters, digits and dashes; students may type it in any case. The suggested code is random
        and cannot be guessed.
      </p>
      <input
        id={id}
        name="code"
        required
        minLength={3}
        maxLength={32}
        autoComplete="off"
        spellCheck={false}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        className={`${fieldClass} font-mono uppercase`}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, guessable && warningId, error && fieldErrorId(id)]
          .filter(Boolean)
          .join(' ')}
      />
      <p id={warningId} aria-live="polite" className="text-sm font-semibold text-amber-900">
        {guessable && DISCOUNT_MESSAGES.guessable}
      </p>
      <FieldError fieldId={id} message={error} />
    </div>
  );
}

/** New code: its name, percent or dollars off, the plans, and the optional limit, expiry and note. */
function NewCodeForm({
  plans,
  suggestedCode,
  errors,
}: {
  plans: PlanChoice[];
  suggestedCode: string;
  errors?: FormErrors<DiscountField | 'intent'>;
}) {
  const navigation = useNavigation();
  // The form starts empty again once the code typed was created.
  const formKey = useFormKeyOfThisPage(errors !== undefined);
  const creating =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === DISCOUNT_INTENTS.create;
  const fieldErrors = errors?.fieldErrors ?? {};
  const typed = errors?.values ?? {};
  // A refused form shows again what was chosen: the plans come back as one value each.
  const chosenPlans = new Set((typed.plans ?? '').split(',').filter(Boolean));
  const field = (id: string, name: DiscountField) => ({
    id,
    name,
    error: fieldErrors[name],
    defaultValue: typed[name] ?? '',
  });
  const kind = typed.kind ?? 'percent';
  return (
    <Form
      method="post"
      key={formKey}
      aria-labelledby="new-code-heading"
      className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 sm:p-6"
    >
      <h2 id="new-code-heading" className="text-lg font-bold text-ink sm:col-span-2">
        New code
      </h2>
      <CodeNameField suggested={suggestedCode} typed={typed.code} error={fieldErrors.code} />
      <fieldset className="min-w-0" id="discount-kind">
        <legend className={labelClass}>Discount</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
          <label className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name="kind" value="percent" defaultChecked={kind === 'percent'} />
            Percent off
          </label>
          <label className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name="kind" value="amount" defaultChecked={kind === 'amount'} />
            Amount off (US dollars)
          </label>
        </div>
        <FieldError fieldId="discount-kind" message={fieldErrors.kind} />
      </fieldset>
      <TextField
        {...field('discount-percent', 'percentOff')}
        label="Percent off (1–100)"
        hint="100% is a scholarship: the student enrols without paying."
        {...WHOLE_NUMBER}
        max={100}
      />
      <TextField
        {...field('discount-amount', 'amountOff')}
        label="Amount off each payment (US dollars)"
        hint="In naira at the plan’s own price for Paystack and transfers."
        {...WHOLE_NUMBER}
      />
      <fieldset className="min-w-0 sm:col-span-2" id="discount-plans">
        <legend className={labelClass}>Plans it applies to</legend>
        <p className="text-sm text-slate-700">
          On an installment plan the discount comes off each installment.
        </p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {plans.map((plan) => (
            <label key={plan.id} className="inline-flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="plans"
                value={plan.id}
                defaultChecked={chosenPlans.has(plan.id)}
                className="mt-0.5 h-4 w-4"
              />
              <span>
                {plan.name} <span className="text-slate-700">({formatUsd(plan.price)})</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError fieldId="discount-plans" message={fieldErrors.plans} />
      </fieldset>
      <TextField
        {...field('discount-max-uses', 'maxUses')}
        label="Limit of uses (optional)"
        {...WHOLE_NUMBER}
      />
      <TextField
        {...field('discount-expires', 'expiresOn')}
        label="Last day it is accepted (optional)"
        type="date"
      />
      <TextField
        {...field('discount-note', 'note')}
        label="Note (optional)"
        placeholder="2026 scholarship, Lagos"
        maxLength={200}
        wide
      />
      <FormAlert message={errors?.formError} className="text-sm sm:col-span-2" />
      <div className="sm:col-span-2">
        <IntentButton intent={DISCOUNT_INTENTS.create} variant="primary" busy={creating}>
          Create code
        </IntentButton>
      </div>
    </Form>
  );
}

const stateLook: Record<DiscountListed['state'], string> = {
  active: 'bg-teal-50 text-teal-900',
  expired: 'bg-slate-100 text-slate-800',
  'used up': 'bg-amber-50 text-amber-900',
  deactivated: 'bg-slate-100 text-slate-800',
};

/** `/admin/discounts`: every code with its uses and the revenue it gave up, and the form for a new one. */
export function DiscountsView({
  codes,
  plans,
  suggestedCode,
  errors,
}: {
  codes: DiscountListed[];
  plans: PlanChoice[];
  /** A random code the form offers (decision 062). */
  suggestedCode: string;
  errors?: FormErrors<DiscountField | 'intent'>;
}) {
  return (
    <div className="max-w-5xl">
      <PageTitle>Discounts</PageTitle>
      <p className="mt-2 text-slate-700">
        Codes students enter under “Have a code?” on the Enroll page. A use is counted when a
        student starts paying with the code and given back if that payment is cancelled, its
        checkout closes unpaid (after 30 minutes), or the student starts another payment; a refund
        does not give it back. A deactivated code is kept and no longer accepted.
      </p>
      <NewCodeForm plans={plans} suggestedCode={suggestedCode} errors={errors} />
      <TitledSection headingId="codes-heading" heading="All codes" className="mt-10">
        {codes.length === 0 ? (
          <EmptyList>No code yet.</EmptyList>
        ) : (
          <DataTable columns={COLUMNS} label="Discount codes" minWidthClass="sm:min-w-[56rem]">
            {codes.map((code) => (
              <tr key={code.id} className={dataRowClass()}>
                {dataCells(COLUMNS, [
                  <span key="code">
                    <span className="font-mono font-semibold whitespace-nowrap text-ink">
                      {code.code}
                    </span>
                    {code.note && <span className="block text-sm text-slate-700">{code.note}</span>}
                  </span>,
                  <span key="off" className="whitespace-nowrap">
                    {code.off}
                  </span>,
                  code.planNames.join(', '),
                  code.maxUses === null ? String(code.uses) : `${code.uses} of ${code.maxUses}`,
                  code.givenUp,
                  code.expiresOn ?? 'never',
                  <span
                    key="state"
                    className={`rounded-full px-2 py-0.5 text-sm font-semibold ${stateLook[code.state]}`}
                  >
                    {code.state}
                  </span>,
                  code.state === 'deactivated' ? (
                    '—'
                  ) : (
                    <RowActionForm
                      key="action"
                      fields={{ id: code.id }}
                      intent={DISCOUNT_INTENTS.deactivate}
                    >
                      Deactivate<span className="sr-only"> {code.code}</span>
                    </RowActionForm>
                  ),
                ])}
              </tr>
            ))}
          </DataTable>
        )}
      </TitledSection>
    </div>
  );
}
