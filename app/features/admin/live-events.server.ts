import type { ChangeEvent } from '~/lib/events.server';
import { isLiveCollection } from '~/lib/live-collections';
import type { RequestContext } from '~/lib/load-context';
import { getViewer } from '~/features/auth/guards.server';
import { lookupSession } from '~/features/auth/session.server';

const HEARTBEAT_MS = 15_000;

function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Server-Sent Events for open admin pages: a small `change` event (collection and id, never
 * user data) whenever a user is created or changed. The stream re-checks its session and
 * admin on every heartbeat, whenever its own record changes and whenever one of its
 * admin's sessions ends (logout, on any instance), and ends when either is gone.
 */
export async function adminEventStream(
  request: Request,
  context: RequestContext,
): Promise<Response> {
  const viewer = await getViewer(context);
  if (viewer?.access !== 'admin') {
    return new Response('Forbidden', { status: 403, headers: { 'Content-Type': 'text/plain' } });
  }
  const { services } = context;
  const cookieHeader = request.headers.get('Cookie');
  const stillAdmin = async () => {
    const { user } = await lookupSession(
      services.database.db,
      cookieHeader,
      services.sessionSettings,
    );
    return user?.access === 'admin';
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
        stillAdmin().then(
          (ok) => ok || end(),
          () => end(),
        );
      };
      const unsubscribe = services.userEvents.subscribe({
        onEvent: (event: ChangeEvent) => {
          if (isLiveCollection(event.collection)) send(frame('change', event));
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
