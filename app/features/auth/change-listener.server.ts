import type { ChangeEvent } from '~/lib/events.server';
import type { ChangeListener } from '~/lib/event-stream.server';
import type { RequestContext } from '~/load-context';
import { getViewer } from './guards.server';
import { lookupSession } from './session.server';
import type { Viewer } from './viewer';

/**
 * The signed-in person of `request` as a change stream's listener, or null when nobody is
 * signed in or `mayListen` refuses their access. Their session is read again from the
 * database (not this request's memo) each time the stream re-checks, so logging out, a
 * revoked session or a lost access ends the stream.
 */
export async function signedInListener(
  request: Request,
  context: RequestContext,
  rules: {
    mayListen: (access: Viewer['access']) => boolean;
    hears: (event: ChangeEvent, viewer: Viewer) => boolean | Promise<boolean>;
  },
): Promise<ChangeListener | null> {
  const viewer = await getViewer(context);
  if (!viewer || !rules.mayListen(viewer.access)) return null;
  const cookieHeader = request.headers.get('Cookie');
  return {
    id: viewer.id,
    hears: (event) => rules.hears(event, viewer),
    stillAllowed: async () => {
      const { user } = await lookupSession(context.db, cookieHeader, context.sessionSettings);
      return user?.id === viewer.id && rules.mayListen(user.access);
    },
  };
}
