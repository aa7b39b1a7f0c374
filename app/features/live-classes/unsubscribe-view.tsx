import { Form, Link } from 'react-router';
import { buttonClass } from '~/ui/button';
import { PageTitle } from '~/ui/page-title';

export const UNSUBSCRIBE_MESSAGES = {
  notFound: 'This unsubscribe link is not valid. Turn reminders off on your schedule page.',
  heading: 'Live-class reminders',
  on: 'You get an e-mail a day and an hour before each of your live classes.',
  turnedOff: 'Reminders are off: you will get no more live-class reminders.',
  alreadyOff: 'Reminders are off already.',
  stillSent:
    'The invitations of new classes, and the e-mails about a class that moves or is cancelled, still come: they are not reminders.',
  turnOnAgain: 'Turn reminders on again on your schedule page',
} as const;

/**
 * The page of a reminder's unsubscribe link: the button turns reminders off (the link
 * alone changes nothing: mail scanners follow links). The form sends what a mail client's
 * one-click unsubscribe sends (RFC 8058), so both take the same path.
 */
export function UnsubscribeView({
  remindersOn,
  justTurnedOff,
}: {
  remindersOn: boolean;
  justTurnedOff: boolean;
}) {
  return (
    <section className="mx-auto w-full max-w-2xl px-6 py-16">
      <PageTitle>{UNSUBSCRIBE_MESSAGES.heading}</PageTitle>
      {remindersOn ? (
        <>
          <p className="mt-4 text-lg text-slate-700">{UNSUBSCRIBE_MESSAGES.on}</p>
          <Form method="post" className="mt-8">
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button type="submit" className={buttonClass('primary')}>
              Turn off reminders
            </button>
          </Form>
        </>
      ) : (
        <>
          <p role="status" className="mt-4 text-lg font-semibold text-ink">
            {justTurnedOff ? UNSUBSCRIBE_MESSAGES.turnedOff : UNSUBSCRIBE_MESSAGES.alreadyOff}
          </p>
          <p className="mt-4 text-slate-700">{UNSUBSCRIBE_MESSAGES.stillSent}</p>
          <p className="mt-8">
            <Link to="/fed/schedule" className="font-semibold text-brand-700 underline">
              {UNSUBSCRIBE_MESSAGES.turnOnAgain}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
