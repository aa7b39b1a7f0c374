import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { findPlan, plans } from '~/content/plans';
import { formatNaira } from '~/lib/format';
import { buttonClass } from '~/ui/button';
import type { FormErrors } from '~/ui/form';
import { Spinner } from '~/ui/spinner';
import {
  expectedTransfer,
  RECEIPT_ACCEPT,
  RECEIPT_MAX_BYTES,
  TRANSFER_MESSAGES,
  transferMismatch,
  type TransferField,
} from './transfer-form';
import { FormAlert } from '~/ui/field-error';
import { utcDay } from '~/lib/days';

/** A refused field is marked by more than its colour: a thicker red edge and its message. */
const FIELD =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 text-ink aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700';
/** Select, text and date: one height, so the fields side by side line up. */
const inputClass = `${FIELD} h-11`;
const fileClass = `${FIELD} py-2 text-sm text-slate-700 file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100`;

function Field({
  name,
  label,
  hint,
  check,
  error,
  children,
}: {
  name: TransferField;
  label: string;
  hint?: string;
  /** A live check of what is typed: its region is always there, so a change is announced. */
  check?: string | null;
  error?: string;
  children: (described: {
    id: string;
    'aria-describedby'?: string;
    'aria-invalid'?: true;
  }) => ReactNode;
}) {
  const id = `transfer-${name}`;
  const describedBy = [hint && `${id}-hint`, check && `${id}-check`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      {children({
        id,
        ...(describedBy && { 'aria-describedby': describedBy }),
        ...(error && { 'aria-invalid': true as const }),
      })}
      {/* Under the field, so fields side by side start at the same height. */}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      )}
      {check !== undefined && (
        <p id={`${id}-check`} role="status" className="mt-1 text-sm font-semibold text-amber-900">
          {check}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** A required single-line field (text, figures or a date), its input named as the field. */
function InputField({
  name,
  label,
  hint,
  check,
  error,
  ...input
}: {
  name: TransferField;
  label: string;
  hint?: string;
  check?: string | null;
  error?: string;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'autoComplete' | 'max' | 'maxLength' | 'defaultValue' | 'onChange'
>) {
  return (
    <Field name={name} label={label} hint={hint} check={check} error={error}>
      {(props) => <input name={name} required className={inputClass} {...input} {...props} />}
    </Field>
  );
}

/** Today in Lagos (UTC+1), the latest day a transfer can have been made. */
function todayInLagos(): string {
  return utcDay(new Date(Date.now() + 3_600_000));
}

/** What the amount field holds as naira, or undefined while it is not a whole number. */
function typedNaira(value: string | undefined): number | undefined {
  const trimmed = value?.trim() ?? '';
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * "I have made a transfer": a plain multipart form (it works before the app loads), posted
 * to /enroll. Refused fields come back with their message and what was typed; the file
 * has to be chosen again, as browsers never refill a file input. Once the app runs, a
 * receipt over the limit is refused as it is chosen: nothing is sent, and an amount other
 * than the plan's is questioned as it is typed, without stopping the transfer (decision
 * 072: the pending transfer then shows the difference, with or without JavaScript).
 */
export function TransferForm({ errors }: { errors?: FormErrors<TransferField> }) {
  const navigation = useNavigation();
  const submitting =
    navigation.state === 'submitting' && navigation.formAction?.startsWith('/enroll') === true;
  const values = errors?.values ?? {};
  const [receiptTooLarge, setReceiptTooLarge] = useState(false);
  const [planId, setPlanId] = useState(values.plan || plans[0].id);
  const plan = findPlan(planId) ?? plans[0];
  const [amount, setAmount] = useState(values.amount);
  const sent = typedNaira(amount);
  const mismatch = sent === undefined ? null : transferMismatch(sent, plan.amountNaira);
  const fieldErrors = {
    ...errors?.fieldErrors,
    ...(receiptTooLarge && { receipt: TRANSFER_MESSAGES.receiptTooLarge }),
  };
  return (
    <Form
      method="post"
      action="/enroll"
      encType="multipart/form-data"
      onSubmit={(event) => {
        if (receiptTooLarge) event.preventDefault();
      }}
      aria-labelledby="transfer-form-heading"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h3 id="transfer-form-heading" className="text-lg font-bold text-ink">
        I have made a transfer
      </h3>
      <FormAlert message={errors?.formError} className="mt-3 text-sm" />
      {Object.keys(fieldErrors).length > 0 && (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
          Please check the fields marked below.
        </p>
      )}
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <Field name="plan" label="Plan" error={fieldErrors.plan}>
          {(props) => (
            <select
              name="plan"
              value={plan.id}
              onChange={(event) => setPlanId(event.currentTarget.value)}
              className={inputClass}
              {...props}
            >
              {plans.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name} ({formatNaira(plan.amountNaira)}
                  {plan.payments > 1 ? ' a month' : ''})
                </option>
              ))}
            </select>
          )}
        </Field>
        <InputField
          name="amount"
          label="Amount sent (₦)"
          hint={`Expected for this plan: ${expectedTransfer(plan)}.`}
          check={mismatch && `${mismatch} — send anyway?`}
          error={fieldErrors.amount}
          inputMode="numeric"
          autoComplete="off"
          defaultValue={values.amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
        />
        <InputField
          name="transferDate"
          label="Transfer date"
          error={fieldErrors.transferDate}
          type="date"
          max={todayInLagos()}
          defaultValue={values.transferDate}
        />
        <InputField
          name="reference"
          label="Transfer reference"
          hint="Or the sender’s name, as it appears on the transfer."
          error={fieldErrors.reference}
          maxLength={140}
          autoComplete="off"
          defaultValue={values.reference}
        />
        <div className="sm:col-span-2">
          <Field
            name="receipt"
            label="Receipt"
            hint="A JPEG, PNG or WebP picture or a PDF, at most 5 MB. Location data in photos is removed."
            error={fieldErrors.receipt}
          >
            {(props) => (
              <input
                type="file"
                name="receipt"
                required
                accept={RECEIPT_ACCEPT}
                onChange={(event) =>
                  setReceiptTooLarge(
                    (event.currentTarget.files?.[0]?.size ?? 0) > RECEIPT_MAX_BYTES,
                  )
                }
                className={fileClass}
                {...props}
              />
            )}
          </Field>
        </div>
      </div>
      <button type="submit" disabled={submitting} className={buttonClass('primary', 'mt-6')}>
        {submitting && <Spinner className="h-4 w-4" />}
        Submit transfer
      </button>
    </Form>
  );
}
