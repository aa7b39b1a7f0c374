import { Form, useNavigation } from 'react-router';
import { formatDateTimeUtc } from '~/lib/format';
import { buttonClass } from '~/ui/button';
import { StatusBadge, type BadgeTone } from '~/ui/list/list-cells';
import { Spinner } from '~/ui/spinner';
import type { EmailSummary } from './outbox.server';
import { RETRY_EMAIL_INTENT } from './retry-email-form';
import { TitledSection } from '~/ui/titled-section';

const STATUS_TONES: Record<EmailSummary['status'], BadgeTone> = {
  sent: 'good',
  queued: 'neutral',
  sending: 'neutral',
  failed: 'bad',
};

function statusText(email: EmailSummary): { label: string; time: string } {
  switch (email.status) {
    case 'sent':
      return { label: 'Sent', time: email.sent_at ?? email.created_at };
    case 'failed':
      return { label: 'Failed', time: email.created_at };
    case 'sending':
      return { label: 'Sending', time: email.created_at };
    case 'queued':
      return email.attempts > 0
        ? { label: 'Retrying', time: email.next_attempt_at }
        : { label: 'Queued', time: email.created_at };
  }
}

/** The e-mails written for one person, for the admin: what, whether it went, when. */
export function UserEmails({ emails }: { emails: EmailSummary[] }) {
  const navigation = useNavigation();
  const retrying = navigation.state === 'submitting' && navigation.formData?.get('emailId');
  return (
    <TitledSection headingId="emails-heading" heading="E-mails" className="mt-10">
      {emails.length === 0 ? (
        <p className="mt-3 text-slate-700">No e-mails sent to this user yet.</p>
      ) : (
        <ol className="mt-3 space-y-2" data-testid="user-emails">
          {emails.map((email) => {
            const { label, time } = statusText(email);
            return (
              <li
                key={email.id}
                className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-800"
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-semibold text-ink">{email.subject}</span>
                  <StatusBadge tone={STATUS_TONES[email.status]}>{label}</StatusBadge>
                  <span>
                    {label === 'Retrying' ? 'next attempt ' : ''}
                    <time dateTime={time}>{formatDateTimeUtc(time)}</time>
                  </span>
                </div>
                {email.last_error && email.status !== 'sent' && (
                  <p className="mt-2 break-words text-red-800">
                    Last error: {email.last_error}
                    {email.status === 'failed' ? ` (after ${email.attempts} attempts)` : ''}
                  </p>
                )}
                {email.status === 'failed' && (
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value={RETRY_EMAIL_INTENT} />
                    <input type="hidden" name="emailId" value={email.id} />
                    <button
                      type="submit"
                      className={buttonClass('secondary')}
                      disabled={retrying === email.id}
                      aria-label={`Retry sending “${email.subject}”`}
                    >
                      {retrying === email.id && <Spinner className="h-4 w-4" />}
                      Retry
                    </button>
                  </Form>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </TitledSection>
  );
}
