import { Form, Link, useNavigation } from 'react-router';
import { FieldError, invalidFieldProps } from '~/ui/field-error';
import { buttonClass } from '~/ui/button';
import { fieldClass, labelClass, type FormErrors } from '~/ui/form';
import { TitledPanel } from '~/ui/titled-panel';
import { DownloadMyDataForm } from './your-data-section';
import { PageTitle } from '~/ui/page-title';

/**
 * `/account/delete`: what deleting the account does, the last chance to download the data,
 * and the confirmation that asks for the account's e-mail address.
 */
export function DeleteAccountView({
  email,
  lastAdmin,
  errors,
}: {
  email: string;
  lastAdmin: boolean;
  errors: FormErrors<'email'> | undefined;
}) {
  const deleting = useNavigation().state === 'submitting';
  const emailError = errors?.fieldErrors.email;
  return (
    <article className="mx-auto w-full max-w-2xl px-4 py-12 sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Your account</p>
      <PageTitle className="mt-1">Delete my account</PageTitle>
      <p className="mt-4 text-lg text-slate-700">
        Deleting your account cannot be undone. At once, and for good:
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700">
        <li>you are signed out on every device;</li>
        <li>
          an installment plan still running is stopped with its provider first: nothing more is
          charged;
        </li>
        <li>your name and e-mail address are erased;</li>
        <li>
          your progress, quiz attempts, live-class attendance, project links and notes, and the
          files of your bank transfers are deleted;
        </li>
        <li>your certificates are withdrawn: their pages say so, without your name;</li>
        <li>
          records of your payments and orders stay, without your name or address, because we must
          keep accounts.
        </li>
      </ul>
      <p className="mt-3 text-slate-700">
        We send a confirmation to your address. Signing in again later starts a new, empty account.
      </p>

      <section aria-labelledby="before-heading" className="mt-8">
        <h2 id="before-heading" className="text-lg font-bold text-ink">
          Before you go
        </h2>
        <p className="mt-2 text-slate-700">Keep a copy of everything we hold about you.</p>
        <div className="mt-3">
          <DownloadMyDataForm variant="secondary" />
        </div>
      </section>

      {lastAdmin ? (
        <p
          role="alert"
          className="mt-8 rounded-lg bg-amber-50 px-4 py-3 font-semibold text-amber-950 ring-1 ring-amber-300"
        >
          {errors?.formError ??
            'You are the last admin: make another person admin before you delete your account.'}
        </p>
      ) : (
        <TitledPanel
          as={Form}
          method="post"
          tone="white"
          headingId="confirm-heading"
          heading="Confirm"
          className="mt-8"
          noValidate
        >
          {errors?.formError && (
            <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
              {errors.formError}
            </p>
          )}
          <label htmlFor="confirm-email" className={`mt-3 ${labelClass}`}>
            Type your e-mail address, <span className="break-all">{email}</span>, to confirm
          </label>
          <input
            id="confirm-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            defaultValue={errors?.values.email ?? ''}
            className={fieldClass}
            {...invalidFieldProps('confirm-email', emailError)}
          />
          <FieldError fieldId="confirm-email" message={emailError} />
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <button
              type="submit"
              disabled={deleting}
              className={buttonClass('primary', 'bg-red-700 hover:bg-red-800')}
            >
              {deleting ? 'Deleting…' : 'Delete my account'}
            </button>
            <Link to="/account" className={buttonClass('ghost', 'border border-slate-300')}>
              Keep my account
            </Link>
          </div>
        </TitledPanel>
      )}
    </article>
  );
}
