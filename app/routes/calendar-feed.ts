import { data } from 'react-router';
import { feedOf } from '~/features/live-classes/student-classes.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/calendar-feed';

const NOT_FOUND = 'No such calendar';

/**
 * `/calendar/{token}.ics`: a student's private feed, read by calendar apps without a
 * session (the token is the key). Only `<token>.ics` matches; a token that is unknown or
 * reset, or whose owner may no longer join the classes, answers 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const token = /^(.+)\.ics$/.exec(params.file)?.[1];
  const calendar = token && (await feedOf(ctx.db, token, ctx.env.ORIGIN));
  if (!calendar) throw data(NOT_FOUND, { status: 404 });
  return new Response(calendar, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="live-classes.ics"',
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      // The address is the secret: never sent on to another site.
      'Referrer-Policy': 'no-referrer',
    },
  });
}
