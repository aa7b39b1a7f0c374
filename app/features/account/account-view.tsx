import { Download, LogOut, Mail, MonitorSmartphone, Receipt, UserRound } from 'lucide-react';
import { StatusBadge, type BadgeTone } from '~/ui/list/list-cells';
import type { ReactNode } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { planName } from '~/content/plans';
import { EnrolmentPanel } from '~/features/enrolment/enrolment-panel';
import type { EnrolmentStanding } from '~/features/enrolment/enrolment-standing';
import { PROVIDER_LABELS } from '~/features/enrolment/payment-search';
import { receiptHref } from '~/features/receipts/receipt-links';
import { MyTransfers } from '~/features/transfers/my-transfers-view';
import type { MyTransfer } from '~/features/transfers/my-transfers.server';
import { formatDateTimeUtc, formatDayUtc, formatMinorUnits } from '~/lib/format';
import { FieldError, invalidFieldProps } from '~/ui/field-error';
import { fieldClass, labelClass, type FormErrors } from '~/ui/form';
import { CheckboxField } from '~/ui/checkbox-field';
import { IntentButton } from '~/ui/intent-button';
import { TitledPanel } from '~/ui/titled-panel';
import { ConfirmQuestion } from '~/ui/confirm-question';
import { ACCOUNT_INTENTS, NAME_MAX, SIGN_OUT_ALL } from './account-forms';
import type { AccountPayment } from './account-payments.server';
import type { Device } from './devices.server';
import { YourDataSection } from './your-data-section';
import type { ReviewEmails } from '~/db/schema';
import { ReviewEmailsSection } from '~/features/mentors/review-emails-section';
import { PageTitle } from '~/ui/page-title';

export interface AccountData {
  profile: { name: string; email: string };
  devices: Device[];
  optionalEmails: boolean;
  /** A mentor's choice of e-mails about projects to review; null for anyone else. */
  reviewEmails: ReviewEmails | null;
  payments: AccountPayment[];
  /** The plan bought and its schedule: the course home's panel too (decision 068). */
  enrolment: EnrolmentStanding | null;
  transfers: MyTransfer[];
}

function Section({
  id,
  icon: Icon,
  title,
  children,
}: {
  id: string;
  icon: typeof UserRound;
  title: string;
  children: ReactNode;
}) {
  return (
    <TitledPanel
      tone="white"
      className="mt-6"
      id={id}
      headingId={`${id}-heading`}
      heading={
        <span className="inline-flex items-center gap-2">
          <Icon aria-hidden="true" className="h-5 w-5 text-brand-700" />
          {title}
        </span>
      }
      headingClassName="text-xl font-bold text-ink"
    >
      {children}
    </TitledPanel>
  );
}

function ProfileSection({
  profile,
  errors,
}: {
  profile: AccountData['profile'];
  errors?: FormErrors;
}) {
  const nameError = errors?.fieldErrors.name;
  return (
    <Section id="profile" icon={UserRound} title="Profile">
      <Form method="post" className="mt-4 max-w-md">
        <label htmlFor="account-name" className={labelClass}>
          Your name
        </label>
        <p id="account-name-hint" className="mt-1 text-sm text-slate-700">
          It is the name on your pages and on the certificates issued to you from now on.
        </p>
        <input
          id="account-name"
          name="name"
          type="text"
          required
          maxLength={NAME_MAX}
          autoComplete="name"
          defaultValue={errors?.values.name ?? profile.name}
          aria-describedby="account-name-hint"
          className={fieldClass}
          {...invalidFieldProps('account-name', nameError, 'account-name-hint')}
        />
        <FieldError fieldId="account-name" message={nameError} />
        <IntentButton intent={ACCOUNT_INTENTS.rename} variant="primary" className="mt-3">
          Save name
        </IntentButton>
      </Form>
      <dl className="mt-6">
        <dt className={labelClass}>E-mail</dt>
        <dd className="mt-1 break-all text-slate-800">{profile.email}</dd>
        <dd className="mt-1 text-sm text-slate-700">
          It comes from your Google account, which you sign in with: change it there.
        </dd>
      </dl>
    </Section>
  );
}

function DevicesSection({ devices }: { devices: Device[] }) {
  return (
    <Section id="devices" icon={MonitorSmartphone} title="Signed-in devices">
      <ul className="mt-4 divide-y divide-slate-200">
        {devices.map((device) => (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-semibold text-ink">
                {device.description}
                {device.current && (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                    This device
                  </span>
                )}
              </p>
              <p className="text-sm text-slate-700">
                First used on{' '}
                <time dateTime={device.firstUsedAt}>{formatDayUtc(device.firstUsedAt)}</time>, last
                used{' '}
                <time dateTime={device.lastUsedAt}>{formatDateTimeUtc(device.lastUsedAt)}</time>
              </p>
            </div>
            {!device.current && (
              <Form method="post">
                <input type="hidden" name="device" value={device.id} />
                <IntentButton
                  intent={ACCOUNT_INTENTS.signOutDevice}
                  icon={LogOut}
                  variant="secondary"
                  className="px-4 py-1.5"
                >
                  Sign out<span className="sr-only"> of {device.description}</span>
                </IntentButton>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <SignOutAll />
    </Section>
  );
}

/**
 * "Sign out of all devices", this one too: it asks first, as a link to the question, so it
 * works without JavaScript; the question's form ends every session at `/auth/logout`.
 */
function SignOutAll() {
  const [searchParams] = useSearchParams();
  if (searchParams.get(SIGN_OUT_ALL.query) !== 'confirm') {
    return (
      <p className="mt-4">
        <Link
          to={`?${SIGN_OUT_ALL.query}=confirm#devices`}
          preventScrollReset
          className="rounded text-sm font-semibold text-red-800 underline underline-offset-2"
        >
          Sign out of all devices…
        </Link>
      </p>
    );
  }
  return (
    <ConfirmQuestion
      id="sign-out-all-question"
      action="/auth/logout"
      intent={SIGN_OUT_ALL.intent}
      confirm="Yes, sign out of all devices"
      question="Sign out of all devices? Every browser signed in to your account, this one too, has to sign in again."
    >
      <input type="hidden" name="scope" value="all" />
    </ConfirmQuestion>
  );
}

function EmailPreferencesSection({ on }: { on: boolean }) {
  return (
    <Section id="email-preferences" icon={Mail} title="E-mail preferences">
      <Form method="post" className="mt-4">
        <CheckboxField id="optional-emails" name="optionalEmails" defaultChecked={on}>
          Send me reminders and other optional e-mails
        </CheckboxField>
        <p className="mt-2 text-sm text-slate-700">
          E-mails about your payments, your access and your account always go.
        </p>
        <IntentButton
          intent={ACCOUNT_INTENTS.emailPreferences}
          variant="secondary"
          className="mt-3"
        >
          Save e-mail preferences
        </IntentButton>
      </Form>
    </Section>
  );
}

const PAYMENT_TONES: Record<AccountPayment['status'], BadgeTone> = {
  paid: 'good',
  pending: 'warning',
  refunded: 'neutral',
  failed: 'bad',
  cancelled: 'neutral',
};

/** Card payments and bank transfers, in one section (decision 068). */
function PaymentsSection({ payments, transfers }: Pick<AccountData, 'payments' | 'transfers'>) {
  return (
    <Section id="payments" icon={Receipt} title="Payments">
      {payments.length === 0 && transfers.length === 0 && (
        <p className="mt-3 text-slate-700">No payments yet.</p>
      )}
      {payments.length > 0 && (
        <>
          <h3 id="card-payments-heading" className="mt-6 text-lg font-bold text-ink">
            Card payments
          </h3>
          <ul className="mt-2 divide-y divide-slate-200" aria-labelledby="card-payments-heading">
            {payments.map((payment) => (
              <li
                key={payment.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <div>
                  <p className="font-semibold text-ink">
                    {planName(payment.planId)}{' '}
                    <StatusBadge tone={PAYMENT_TONES[payment.status]}>{payment.status}</StatusBadge>
                  </p>
                  <p className="text-sm text-slate-700">
                    {formatMinorUnits(payment.amount, payment.currency)} through{' '}
                    {PROVIDER_LABELS[payment.provider]} on{' '}
                    <time dateTime={payment.date}>{formatDateTimeUtc(payment.date)}</time>
                    {payment.refundedAt && <>, refunded on {formatDayUtc(payment.refundedAt)}</>}
                  </p>
                  {payment.discount && (
                    <p className="text-sm text-slate-700">Discount code {payment.discount}</p>
                  )}
                </div>
                {payment.kind === 'payment' && (
                  <a
                    href={receiptHref('payment', payment.id)}
                    className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline"
                  >
                    <Download aria-hidden="true" className="h-4 w-4" />
                    Download receipt
                    <span className="sr-only">
                      {' '}
                      of the payment on {formatDateTimeUtc(payment.date)}
                    </span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <MyTransfers transfers={transfers} heading="Bank transfers" headingLevel="h3" withReceipts />
    </Section>
  );
}

/** `/account`: the signed-in person's own page. */
export function AccountView({ account, errors }: { account: AccountData; errors?: FormErrors }) {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
      <PageTitle>Your account</PageTitle>
      <p className="mt-2 text-lg text-slate-700">Signed in as {account.profile.name}.</p>
      {account.enrolment && <EnrolmentPanel standing={account.enrolment} />}
      <ProfileSection profile={account.profile} errors={errors} />
      <DevicesSection devices={account.devices} />
      <EmailPreferencesSection on={account.optionalEmails} />
      {account.reviewEmails && <ReviewEmailsSection choice={account.reviewEmails} />}
      <PaymentsSection payments={account.payments} transfers={account.transfers} />
      <YourDataSection />
    </section>
  );
}
