import { Form, Link } from 'react-router';
import { ConfirmQuestion } from '~/ui/confirm-question';
import { formatDateTimeUtc } from '~/lib/format';
import { FormAlert } from '~/ui/field-error';
import { TextField } from '~/ui/text-field';
import type { FormErrors } from '~/ui/form';
import { TitledPanel } from '~/ui/titled-panel';
import {
  GRANT_FULLSTACK_INTENT,
  REVOKE_FULLSTACK_INTENT,
  REVOKE_FULLSTACK_QUERY,
  type FullstackTrack,
} from './fullstack-grant-form';
import { IntentButton } from '~/ui/intent-button';

const SOURCES: Record<string, string> = {
  payment: 'a card payment',
  'bank-transfer': 'an approved bank transfer',
  invitation: 'an invitation',
};

/** The admin's reason for a grant or a revocation, with the refusal's message under it. */
function ReasonArea({ id, label, errors }: { id: string; label: string; errors?: FormErrors }) {
  return (
    <div className="mt-4">
      <TextField
        id={id}
        name="reason"
        label={label}
        rows={2}
        required
        minLength={3}
        maxLength={500}
        defaultValue={errors?.values.reason}
        error={errors?.fieldErrors.reason}
      />
      <FormAlert message={errors?.formError} className="mt-2 text-sm" />
    </div>
  );
}

/**
 * Revoke an admin's grant, in two steps that work without JavaScript (as a class's Cancel
 * does): a link to the question, then the form with its required reason (decision 063).
 */
function RevokeGrant({ confirming, errors }: { confirming: boolean; errors?: FormErrors }) {
  if (!confirming && !errors) {
    return (
      <p className="mt-3 text-sm text-slate-700">
        The student is told by e-mail, with the reason.{' '}
        <Link
          to={`?${REVOKE_FULLSTACK_QUERY}=confirm`}
          preventScrollReset
          className="font-semibold text-red-800 underline"
        >
          Revoke the FullStack grant…
        </Link>
      </p>
    );
  }
  return (
    <ConfirmQuestion
      id="revoke-fullstack-question"
      intent={REVOKE_FULLSTACK_INTENT}
      confirm="Yes, revoke the FullStack track"
      question="Revoke the FullStack track? Its steps and projects close at once; the FrontEnd steps stay open only if something else gives them. The reason is kept in the history and e-mailed to the student."
    >
      <ReasonArea id="revoke-fullstack-reason" label="Why the grant is revoked" errors={errors} />
    </ConfirmQuestion>
  );
}

/**
 * The user page's FullStack track (decision 047): open (since when, and how), with Revoke for
 * an admin's grant (decision 063), or the admin's Grant the FullStack track with the reason
 * the history keeps.
 */
export function FullstackTrackSection({
  track,
  confirmingRevoke = false,
  errors,
}: {
  track: FullstackTrack;
  /** The page was opened at the revocation's question (`?revoke-fullstack=confirm`). */
  confirmingRevoke?: boolean;
  /** The refusal of the grant or revocation form, when it answers it. */
  errors?: FormErrors;
}) {
  const revokeErrors = errors?.values.intent === REVOKE_FULLSTACK_INTENT ? errors : undefined;
  return (
    <TitledPanel
      tone="white"
      className="mt-10"
      headingId="fullstack-track-heading"
      heading="FullStack track"
      headingClassName="text-xl font-bold text-ink"
    >
      {track.open ? (
        <>
          <p className="mt-2 text-slate-800">
            Open since {formatDateTimeUtc(track.since)}, through{' '}
            {track.grantedByName
              ? `a grant by ${track.grantedByName}`
              : (SOURCES[track.source] ?? track.source)}
            .
          </p>
          {track.source === 'admin' && (
            <RevokeGrant confirming={confirmingRevoke} errors={revokeErrors} />
          )}
        </>
      ) : (
        <Form method="post" className="mt-2">
          <p className="text-slate-700">
            Not open: they have no FullStack enrolment. Granting it opens every FullStack step (and
            the FrontEnd steps, which the track includes).
          </p>
          {/* A revocation refused because another admin revoked first says so here. */}
          <ReasonArea
            id="fullstack-reason"
            label="Why they get the FullStack track"
            errors={errors}
          />
          <IntentButton intent={GRANT_FULLSTACK_INTENT} variant="primary" className="mt-3">
            Grant the FullStack track
          </IntentButton>
        </Form>
      )}
    </TitledPanel>
  );
}
