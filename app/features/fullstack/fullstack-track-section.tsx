import { Form } from 'react-router';
import { formatDateTimeUtc } from '~/lib/format';
import { FieldError, invalidFieldProps } from '~/ui/field-error';
import type { FormErrors } from '~/ui/form';
import { TitledPanel } from '~/ui/titled-panel';
import { GRANT_FULLSTACK_INTENT, type FullstackTrack } from './fullstack-grant-form';
import { IntentButton } from '~/ui/intent-button';

const SOURCES: Record<string, string> = {
  payment: 'a card payment',
  'bank-transfer': 'an approved bank transfer',
  invitation: 'an invitation',
};

/**
 * The user page's FullStack track (issue 29): open (since when, and how), or the admin's
 * Grant the FullStack track with the reason the history keeps.
 */
export function FullstackTrackSection({
  track,
  errors,
}: {
  track: FullstackTrack;
  /** The refusal of the grant form, when it answers it. */
  errors?: FormErrors;
}) {
  const reasonError = errors?.fieldErrors.reason;
  return (
    <TitledPanel
      tone="white"
      className="mt-10"
      headingId="fullstack-track-heading"
      heading="FullStack track"
      headingClassName="text-xl font-bold text-ink"
    >
      {track.open ? (
        <p className="mt-2 text-slate-800">
          Open since {formatDateTimeUtc(track.since)}, through{' '}
          {track.grantedByName
            ? `a grant by ${track.grantedByName}`
            : (SOURCES[track.source] ?? track.source)}
          .
        </p>
      ) : (
        <Form method="post" className="mt-2">
          <p className="text-slate-700">
            Not open: they have no FullStack enrolment. Granting it opens every FullStack step (and
            the FrontEnd steps, which the track includes).
          </p>
          <label htmlFor="fullstack-reason" className="mt-4 block text-sm font-semibold text-ink">
            Why they get the FullStack track
          </label>
          <textarea
            id="fullstack-reason"
            name="reason"
            rows={2}
            required
            minLength={3}
            maxLength={500}
            defaultValue={errors?.values.reason}
            className="mt-1 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-ink"
            {...invalidFieldProps('fullstack-reason', reasonError)}
          />
          <FieldError fieldId="fullstack-reason" message={reasonError} />
          {errors?.formError && (
            <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
              {errors.formError}
            </p>
          )}
          <IntentButton intent={GRANT_FULLSTACK_INTENT} variant="primary" className="mt-3">
            Grant the FullStack track
          </IntentButton>
        </Form>
      )}
    </TitledPanel>
  );
}
