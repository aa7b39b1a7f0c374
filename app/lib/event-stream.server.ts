import type { ChangeEvent, EventBus } from './events.server';

const HEARTBEAT_MS = 15_000;

/** Who listens on a change stream, and what they hear: the feature's rules (decision 077). */
export interface ChangeListener {
  /** The listener's own id: an event about it (their record, their sessions) re-checks them. */
  id: string;
  /** Whether this listener hears of the event; may ask the database (a reviewer's cohorts). */
  hears: (event: ChangeEvent) => boolean | Promise<boolean>;
  /** Whether they may still listen (their session and access, read again). */
  stillAllowed: () => Promise<boolean>;
}

function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The answer of a change stream's route: Server-Sent Events of the bus's `change` events
 * that `listener` hears (collection and id, never the record), or a 403 when there is no
 * listener (nobody signed in, or not allowed). One stream per open page. It re-checks the
 * listener on every heartbeat and whenever an event is about them (their record changed, one
 * of their sessions ended on any instance), and ends when they may no longer listen.
 */
export function changeEventStream(
  request: Request,
  bus: EventBus,
  listener: ChangeListener | null,
): Response {
  if (!listener) {
    return new Response('Forbidden', { status: 403, headers: { 'Content-Type': 'text/plain' } });
  }
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
        listener.stillAllowed().then(
          (ok) => ok || end(),
          () => end(),
        );
      };
      const unsubscribe = bus.subscribe({
        onEvent: (event: ChangeEvent) => {
          Promise.resolve(listener.hears(event)).then(
            (forward) => forward && send(frame('change', event)),
            // A failed check sends nothing: the page stays as it is until the next event.
            () => {},
          );
          if (event.id === listener.id) recheck();
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
