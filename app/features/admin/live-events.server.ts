import type { ChangeEvent } from '~/lib/events.server';
import { isLiveCollection } from '~/lib/live-collections';
import type { RequestContext } from '~/load-context';
import { getViewer } from '~/features/auth/guards.server';
import type { Viewer } from '~/features/auth/viewer';
import { lookupSession } from '~/features/auth/session.server';
import { canReview } from '~/features/projects/submissions.server';

const HEARTBEAT_MS = 15_000;

function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Server-Sent Events for open admin pages: a small `change` event (collection and id, never
 * user data) whenever a user is created or changed.
 */
export function adminEventStream(request: Request, context: RequestContext): Promise<Response> {
  return changeEventStream(request, context, {
    mayListen: (access) => access === 'admin',
    forwards: (event) => isLiveCollection(event.collection),
  });
}

/**
 * Server-Sent Events for a signed-in person's own pages: a `change` event when their own
 * record changes (an admin approved their transfer, changed their access or cohort), so the
 * page they have open shows it without a reload; and, for a reviewer, when a student they
 * may review sends or gets a review of a project (the Mentor entry's count). Whether they
 * may is asked of the database for each event, so a mentor removed from a cohort stops
 * hearing of its students at once. Nobody else's changes are sent.
 */
export function ownEventStream(request: Request, context: RequestContext): Promise<Response> {
  const { db } = context;
  return changeEventStream(request, context, {
    mayListen: () => true,
    forwards: (event, viewer) => {
      if (event.collection === 'submissions') return canReview(db, viewer.id, event.id);
      return event.collection === 'users' && event.id === viewer.id;
    },
  });
}

/**
 * One stream per open page. It re-checks its session (and `mayListen`) on every heartbeat,
 * whenever its own record changes and whenever one of its person's sessions ends (logout,
 * on any instance), and ends when either is gone.
 */
async function changeEventStream(
  request: Request,
  context: RequestContext,
  rules: {
    mayListen: (access: Viewer['access']) => boolean;
    /** Whether this viewer hears of the event; may ask the database (a reviewer's cohorts). */
    forwards: (event: ChangeEvent, viewer: Viewer) => boolean | Promise<boolean>;
  },
): Promise<Response> {
  const viewer = await getViewer(context);
  if (!viewer || !rules.mayListen(viewer.access)) {
    return new Response('Forbidden', { status: 403, headers: { 'Content-Type': 'text/plain' } });
  }
  const cookieHeader = request.headers.get('Cookie');
  const stillAllowed = async () => {
    const { user } = await lookupSession(context.db, cookieHeader, context.sessionSettings);
    return user?.id === viewer.id && rules.mayListen(user.access);
  };

  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const end = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        controller.close();
      };
      const recheck = () => {
        stillAllowed().then(
          (ok) => ok || end(),
          () => end(),
        );
      };
      const unsubscribe = context.changeEvents.subscribe({
        onEvent: (event: ChangeEvent) => {
          Promise.resolve(rules.forwards(event, viewer)).then(
            (forward) => forward && send(frame('change', event)),
            // A failed check sends nothing: the page stays as it is until the next event.
            () => {},
          );
          if (event.id === viewer.id) recheck();
        },
        onResync: () => send(frame('resync', {})),
        onClose: end,
      });
      const heartbeat = setInterval(() => {
        send(': heartbeat\n\n');
        recheck();
      }, HEARTBEAT_MS);
      request.signal.addEventListener('abort', end);
      stop = end;
      // Tell the browser how long to wait before reconnecting, and that we are live.
      send(`retry: 2000\n${frame('ready', {})}`);
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform keeps compression (and proxies) from buffering the stream.
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
}
