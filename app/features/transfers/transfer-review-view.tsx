import { Check, Download, TriangleAlert, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { DateTime, PersonCell, StatusBadge } from '~/ui/list/list-cells';
import type { CohortOption } from '~/features/cohorts/cohorts.server';
import { BackLink } from '~/ui/back-link';
import { buttonClass } from '~/ui/button';
import { Fact } from '~/ui/fact';
import { FieldError, invalidFieldProps, FormAlert } from '~/ui/field-error';
import { fieldClass, labelClass, type FormErrors } from '~/ui/form';
import { IntentButton } from '~/ui/intent-button';
import { SelectField } from '~/ui/select-field';
import {
  TRANSFER_DECISION_INTENTS,
  TRANSFER_DECISION_MESSAGES,
  type TransferDecisionField,
  type TransferPays,
} from './transfer-decision';
import type { TransferForReview } from './transfer-queue.server';
import { TRANSFER_STATUS } from './transfer-status';
import { TitledSection } from '~/ui/titled-section';
import { PageTitle } from '~/ui/page-title';

function kilobytes(size: number): string {
  return size < 1024 * 1024
    ? `${Math.ceil(size / 1024)} KB`
    : `${(size / 1024 / 1024).toFixed(1)} MB`;
}

function Receipt({ receipt }: { receipt: TransferForReview['receipt'] }) {
  if (receipt.type === 'application/pdf') {
    // A PDF is a download (served sandboxed): no viewer of ours runs its content.
    return (
      <a href={receipt.url} download className={buttonClass('secondary', 'mt-3')}>
        <Download aria-hidden="true" className="h-4 w-4" />
        Download the receipt (PDF, {kilobytes(receipt.size)})
      </a>
    );
  }
  return (
    <a href={receipt.url} target="_blank" rel="noopener" className="mt-3 block">
      <img
        src={receipt.url}
        alt="The receipt the student submitted"
        className="max-h-[32rem] w-auto max-w-full rounded-lg border border-slate-200 bg-white"
      />
      <span className="mt-1 block text-sm text-brand-700 underline">
        Open the receipt in a new tab ({kilobytes(receipt.size)})
      </span>
    </a>
  );
}

/** An amount other than the plan's is approved only ticked, with the admin's reason. */
function ConfirmAmount({ transfer, error }: { transfer: TransferForReview; error?: string }) {
  return (
    <div className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p id="amount-mismatch" className="flex gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        {transfer.amount} was sent; the plan expects {transfer.expectedAmount ?? 'another amount'}.
      </p>
      <label className="mt-3 flex items-start gap-2 text-ink">
        <input
          type="checkbox"
          name="confirmAmount"
          required
          aria-describedby="amount-mismatch"
          className="mt-0.5 h-4 w-4"
        />
        I have checked: approve this amount anyway.
      </label>
      <WrittenReason
        id="approve-note"
        name="note"
        label="Note: why this amount is accepted"
        labelClassName="mt-3 block font-semibold text-ink"
        rows={2}
        error={error}
      />
    </div>
  );
}

/** A decision's written reason, required: 3 to 1,000 characters, as the action checks. */
function WrittenReason({
  id,
  name,
  label,
  labelClassName,
  rows,
  error,
}: {
  id: string;
  name: string;
  label: string;
  labelClassName: string;
  rows: number;
  error?: string;
}) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        required
        minLength={3}
        maxLength={1000}
        rows={rows}
        className={fieldClass}
        {...invalidFieldProps(id, error)}
      />
      <FieldError fieldId={id} message={error} />
    </>
  );
}

function Decision({ transfer }: { transfer: TransferForReview }) {
  const cohort = transfer.cohortName;
  return (
    <p className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4 text-slate-800">
      {transfer.status === 'approved' ? 'Approved' : 'Rejected'} by{' '}
      {transfer.decidedByName ?? 'an admin'}
      {transfer.decidedAt && (
        <>
          {' '}
          on <DateTime value={transfer.decidedAt} />
        </>
      )}
      {transfer.status === 'approved' && cohort ? `, into ${cohort}.` : '.'}
      {transfer.reason && (
        <span className="mt-2 block">
          {transfer.status === 'approved' ? 'Note on the amount' : 'Reason'}: {transfer.reason}
        </span>
      )}
    </p>
  );
}

/**
 * A pending transfer of a student whose plan is open pays its next installment, and one of
 * a student whose plan is paid in full is refused (decision 074): said before the admin
 * approves.
 */
function WhatItPays({ pays }: { pays: TransferPays | null }) {
  if (pays?.kind === 'installment') {
    return (
      <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
        This pays installment {pays.installment} of {pays.of} of the student’s plan: they stay in
        their cohort, whichever is chosen here.
      </p>
    );
  }
  if (pays?.kind === 'plan-paid') {
    return (
      <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-amber-900">
        {TRANSFER_DECISION_MESSAGES.planPaid}
      </p>
    );
  }
  return null;
}

const DECISIONS = {
  approve: {
    title: 'Approve',
    icon: Check,
    variant: 'primary',
    hint: 'The money is in the account: the course unlocks and the student is e-mailed.',
  },
  reject: {
    title: 'Reject',
    icon: X,
    variant: 'secondary',
    hint: 'The student is e-mailed the reason and may submit again.',
  },
} as const;

/** One decision's form: what it does, its fields, and its button, named as its heading. */
function DecisionForm({
  decision,
  busy,
  children,
}: {
  decision: keyof typeof DECISIONS;
  busy: boolean;
  children: ReactNode;
}) {
  const { title, icon, variant, hint } = DECISIONS[decision];
  const intent = TRANSFER_DECISION_INTENTS[decision];
  return (
    <Form method="post" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 className="text-lg font-bold text-ink">{title}</h2>
      <p className="mt-1 text-sm text-slate-700">{hint}</p>
      {children}
      <IntentButton intent={intent} icon={icon} variant={variant} className="mt-4" disabled={busy}>
        {title}
      </IntentButton>
    </Form>
  );
}

/** One transfer with its receipt, and Approve (with a cohort) or Reject (with a reason). */
export function TransferReviewView({
  transfer,
  cohorts,
  errors,
}: {
  transfer: TransferForReview;
  /** The cohorts to approve into, the next to start first (the default). */
  cohorts: CohortOption[];
  errors?: FormErrors<TransferDecisionField>;
}) {
  const navigation = useNavigation();
  const fieldErrors = errors?.fieldErrors ?? {};
  const busy = navigation.state === 'submitting';
  const status = TRANSFER_STATUS[transfer.status];
  return (
    <article aria-labelledby="transfer-heading" className="max-w-3xl">
      <BackLink to="/admin/transfers">Back to bank transfers</BackLink>
      <PageTitle id="transfer-heading" className="mt-4">
        Transfer of {transfer.amount}
      </PageTitle>
      <p className="mt-2">
        <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
      </p>
      <dl className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:grid-cols-2">
        <Fact label="Student" className="">
          <PersonCell
            person={{ id: transfer.userId, name: transfer.name, email: transfer.email }}
          />
        </Fact>
        <Fact label="Plan">{transfer.planName}</Fact>
        <Fact
          label="Amount sent"
          className="flex flex-wrap items-center gap-2 font-semibold text-ink"
        >
          {transfer.amount}
          {!transfer.amountMatches && <StatusBadge tone="bad">does not match the plan</StatusBadge>}
        </Fact>
        <Fact label="Amount expected for the plan">
          {transfer.expectedAmount ?? 'Unknown: the plan is no longer offered'}
        </Fact>
        <Fact label="Transfer date">{transfer.transferDate}</Fact>
        <Fact label="Reference or sender" className="font-semibold break-words text-ink">
          {transfer.reference}
        </Fact>
        <Fact label="Submitted" className="text-ink">
          <DateTime value={transfer.createdAt} />
        </Fact>
      </dl>
      <TitledSection headingId="receipt-heading" heading="Receipt" className="mt-8">
        <Receipt receipt={transfer.receipt} />
      </TitledSection>
      <FormAlert message={errors?.formError} className="mt-6" />
      {transfer.status === 'pending' ? (
        <div className="mt-8 grid gap-6 sm:grid-cols-2">
          <DecisionForm decision="approve" busy={busy}>
            <WhatItPays pays={transfer.pays} />
            <SelectField
              id="approve-cohort"
              name="cohort"
              label="Cohort"
              options={cohorts}
              defaultValue={cohorts[0]?.value}
              error={fieldErrors.cohort}
              labelClassName={`mt-4 ${labelClass}`}
            />
            {!transfer.amountMatches && (
              <ConfirmAmount transfer={transfer} error={fieldErrors.note} />
            )}
          </DecisionForm>
          <DecisionForm decision="reject" busy={busy}>
            <WrittenReason
              id="reject-reason"
              name="reason"
              label="Reason"
              labelClassName={`mt-4 ${labelClass}`}
              rows={3}
              error={fieldErrors.reason}
            />
          </DecisionForm>
        </div>
      ) : (
        <Decision transfer={transfer} />
      )}
    </article>
  );
}
