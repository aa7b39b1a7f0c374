import { data } from 'react-router';
import { site } from '~/content/site';
import {
  findByEmailToken,
  turnOffRemindersByToken,
} from '~/features/live-classes/reminder-preference.server';
import { UNSUBSCRIBE_MESSAGES, UnsubscribeView } from '~/features/live-classes/unsubscribe-view';
import { requireServerContext } from '~/load-context';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import type { Route } from './+types/unsubscribe';
import { privatePageMeta } from '~/lib/seo';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

/** Shows whether reminders are on; a GET never changes them (link scanners follow links). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const found = await findByEmailToken(ctx.db, params.token);
  if (!found) throw data(UNSUBSCRIBE_MESSAGES.notFound, { status: 404 });
  return { remindersOn: found.remindersOn };
}

/**
 * Turns reminders off: the page's button, or a mail client's one-click POST (RFC 8058,
 * body `List-Unsubscribe=One-Click`), which comes from another origin and without a
 * cookie. The token is the proof; the body is not read, since a POST here can mean
 * nothing else.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const turnedOff = await turnOffRemindersByToken(ctx.db, params.token);
  if (!turnedOff) throw data(UNSUBSCRIBE_MESSAGES.notFound, { status: 404 });
  ctx.log.info({ event: 'reminders-off', via: 'unsubscribe-link' }, 'audit');
  return { turnedOff: true };
}

// The token is in the address: no cache keeps the page, no Referer carries it on.
export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
});

export const meta: Route.MetaFunction = () =>
  privatePageMeta(`${UNSUBSCRIBE_MESSAGES.heading} | ${site.shortName}`);

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = useActionDataThroughRefreshes(actionData);
  return (
    <UnsubscribeView
      remindersOn={loaderData.remindersOn}
      justTurnedOff={answer?.turnedOff === true}
    />
  );
}
