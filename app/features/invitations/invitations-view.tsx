import { Send } from 'lucide-react';
import { plural } from '~/lib/format';
import { Form, useFetcher } from 'react-router';
import { DataTable, EmptyList, dataCells, dataRowClass } from '~/ui/list/data-table';
import { DateTime } from '~/ui/list/list-cells';
import type { CohortOption } from '~/features/cohorts/cohorts.server';
import { FieldError, invalidFieldProps } from '~/ui/field-error';
import { fieldClass, labelClass } from '~/ui/form';
import { SelectField } from '~/ui/select-field';
import { TitledPanel } from '~/ui/titled-panel';
import {
  invitationAccessLabel,
  INVITE_ACCESS_LABELS,
  INVITE_INTENTS,
  type HeldAccount,
  type InviteResult,
} from './invite-form';
import type { PendingInvitations } from './invitations.server';
import { pageParam, queryString } from '~/features/admin/user-search';
import { Pagination } from '~/ui/list/pagination';
import { TitledSection } from '~/ui/titled-section';
import { IntentButton } from '~/ui/intent-button';
import { PageTitle } from '~/ui/page-title';

const COLUMNS = ['E-mail', 'Access', 'Cohort', 'Invited', 'Action'] as const;
const ACCESS_OPTIONS = Object.entries(INVITE_ACCESS_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** Why an entry was not invited: not an address (where it was), or an account to confirm. */
function notInvited(result: InviteResult): string[] {
  return [
    ...(result.invalid ?? []).map(
      (bad) =>
        `${bad.value} (${bad.in === 'csv' ? 'CSV row' : 'line'} ${bad.line}: not an e-mail address)`,
    ),
    ...(result.held ?? []).map((account) => `${account.email} (has an account: confirm it below)`),
  ];
}

function Outcome({ result }: { result: InviteResult }) {
  const rest = notInvited(result);
  return (
    <>
      {result.sent !== undefined && (
        <p className="font-semibold text-emerald-800">
          Sent: {result.sent} (
          {plural(result.applied ?? 0, 'existing account', 'existing accounts')} updated).
        </p>
      )}
      {result.formError && <p className="font-semibold text-red-800">{result.formError}</p>}
      {rest.length > 0 && (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">Not invited:</p>
          <ul className="mt-1 list-disc pl-5 wrap-anywhere">
            {rest.map((entry, index) => (
              <li key={`${index}:${entry}`}>{entry}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/**
 * The accounts a sending held: nothing changed for them. Ticked ones get the invitation's
 * access and cohort when the admin confirms (never lowered; a certificate keeps the cohort
 * it was issued with).
 */
function ConfirmExisting({
  held,
  access,
  cohort,
  cohortLabel,
  FormComponent,
}: {
  held: HeldAccount[];
  access: string;
  cohort: string;
  cohortLabel: (value: string) => string;
  FormComponent: typeof Form;
}) {
  const accessLabel = (value: string) =>
    INVITE_ACCESS_LABELS[value as keyof typeof INVITE_ACCESS_LABELS] ?? value;
  return (
    <TitledPanel
      tone="amber"
      className="mt-6"
      headingId="existing-heading"
      heading="Existing accounts"
      headingClassName="text-lg font-bold"
    >
      <p className="mt-1 text-sm">
        These addresses already have an account, and nothing was changed for them. Confirm to give
        the ticked ones access {accessLabel(access)} and cohort {cohortLabel(cohort)}: access is
        never lowered, and a certificate keeps the cohort it was issued with.
      </p>
      <FormComponent method="post" className="mt-3">
        <input type="hidden" name="access" value={access} />
        <input type="hidden" name="cohort" value={cohort} />
        <ul className="space-y-2">
          {held.map((account, index) => (
            <li key={`${account.email}:${index}`} className="flex items-start gap-2 text-sm">
              <input
                id={`confirm-${index}`}
                type="checkbox"
                name="confirm"
                value={account.email}
                defaultChecked
                className="mt-0.5 h-4 w-4"
              />
              <label htmlFor={`confirm-${index}`} className="wrap-anywhere">
                <span className="font-semibold">{account.name}</span> ({account.email}): now access{' '}
                {accessLabel(account.access)}, cohort {cohortLabel(account.cohort)}
              </label>
            </li>
          ))}
        </ul>
        <IntentButton intent={INVITE_INTENTS.confirm} variant="primary" className="mt-4">
          Update the ticked accounts
        </IntentButton>
      </FormComponent>
    </TitledPanel>
  );
}

/** `/admin/invitations`: invite addresses before they sign in, and the pending invitations. */
export function InvitationsView({
  invitations,
  cohorts,
  result,
}: {
  /** A page of the pending invitations, with their count. */
  invitations: PendingInvitations;
  cohorts: CohortOption[];
  result?: InviteResult;
}) {
  // A fetcher, so that sending does not navigate; its result outlives the live refresh that
  // an invitation updating an account causes. The page's own action data (kept through
  // refreshes by the route) is a revoke's error, or the result when the form was posted
  // without JavaScript.
  const fetcher = useFetcher<InviteResult>();
  const shown = result ?? fetcher.data;
  const sending = fetcher.state === 'submitting';
  const fieldErrors = shown?.fieldErrors ?? {};
  return (
    <div className="max-w-4xl">
      <PageTitle>Invitations</PageTitle>
      <p className="mt-2 text-slate-700">
        Enroll people before they sign in. Each address gets an e-mail with a link to sign in. An
        address that already has an account is listed for you to confirm before anything changes for
        it. A new account takes its invitation only when Google has verified the address.
      </p>
      <TitledPanel
        as={fetcher.Form}
        method="post"
        encType="multipart/form-data"
        tone="grey"
        className="mt-6 grid gap-4 sm:grid-cols-2"
        headingId="invite-heading"
        heading="Send invitations"
        headingClassName="text-lg font-bold text-ink sm:col-span-2"
      >
        <div className="sm:col-span-2">
          <label htmlFor="invite-emails" className={labelClass}>
            Email addresses
          </label>
          <p id="invite-emails-hint" className="text-sm text-slate-700">
            One per line, or separated by commas or spaces.
          </p>
          <textarea
            id="invite-emails"
            name="emails"
            rows={5}
            aria-describedby="invite-emails-hint"
            className={fieldClass}
            {...invalidFieldProps('invite-emails', fieldErrors.emails, 'invite-emails-hint')}
          />
          <FieldError fieldId="invite-emails" message={fieldErrors.emails} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="invite-csv" className={labelClass}>
            Or a CSV file
          </label>
          <p id="invite-csv-hint" className="text-sm text-slate-700">
            With an <code>email</code> column; at most 1 MB.
          </p>
          <input
            id="invite-csv"
            type="file"
            name="csv"
            accept=".csv,text/csv"
            aria-describedby="invite-csv-hint"
            className={`${fieldClass} file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-800`}
            {...invalidFieldProps('invite-csv', fieldErrors.csv, 'invite-csv-hint')}
          />
          <FieldError fieldId="invite-csv" message={fieldErrors.csv} />
        </div>
        <div>
          <SelectField
            id="invite-access"
            name="access"
            label="Access"
            options={ACCESS_OPTIONS}
            defaultValue="level-1"
            error={fieldErrors.access}
          />
        </div>
        <div>
          <SelectField
            id="invite-cohort"
            name="cohort"
            label="Cohort"
            options={cohorts}
            defaultValue={cohorts.find((cohort) => cohort.value !== 'none')?.value ?? 'none'}
            error={fieldErrors.cohort}
          />
        </div>
        <div className="sm:col-span-2">
          <IntentButton intent={INVITE_INTENTS.invite} icon={Send} variant="primary" busy={sending}>
            Send invitations
          </IntentButton>
          {/* Always in the page, so a screen reader announces what fills it. */}
          <div role="status" className="mt-4 space-y-2">
            {shown && <Outcome result={shown} />}
          </div>
        </div>
      </TitledPanel>
      {shown?.held && shown.held.length > 0 && (
        <ConfirmExisting
          held={shown.held}
          access={shown.access ?? 'none'}
          cohort={shown.cohort ?? 'none'}
          cohortLabel={(value) => cohorts.find((option) => option.value === value)?.label ?? value}
          FormComponent={fetcher.Form}
        />
      )}

      <TitledSection
        headingId="pending-heading"
        heading={`Pending invitations (${invitations.total})`}
        className="mt-10"
      >
        {invitations.total === 0 ? (
          <EmptyList>No invitation is waiting for a first sign-in.</EmptyList>
        ) : (
          <DataTable columns={COLUMNS} label="Pending invitations" minWidthClass="sm:min-w-[40rem]">
            {invitations.rows.map((invitation) => (
              <tr key={invitation.id} className={dataRowClass()}>
                {dataCells(COLUMNS, [
                  <span key="email" className="break-all">
                    {invitation.email}
                  </span>,
                  invitationAccessLabel(invitation),
                  invitation.cohort_name ?? 'none',
                  <span key="invited" className="flex flex-col">
                    <DateTime value={invitation.created_at} />
                    <span className="text-slate-600">by {invitation.invited_by_name}</span>
                  </span>,
                  <Form key="revoke" method="post">
                    <input type="hidden" name="id" value={invitation.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={INVITE_INTENTS.revoke}
                      className="font-semibold text-red-800 underline"
                    >
                      Revoke<span className="sr-only"> the invitation of {invitation.email}</span>
                    </button>
                  </Form>,
                ])}
              </tr>
            ))}
          </DataTable>
        )}
        <Pagination
          page={invitations.page}
          pageCount={invitations.pageCount}
          to={(page) => `/admin/invitations${queryString({ page: pageParam(page) })}`}
        />
      </TitledSection>
    </div>
  );
}
