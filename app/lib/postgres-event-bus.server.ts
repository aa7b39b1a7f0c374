import { randomUUID } from 'node:crypto';
import { isEventTopic } from './live-collections';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { ChangeEvent, EventBus, Subscriber } from './events.server';
import type { Logger } from './logger.server';

export const CHANGE_CHANNEL = 'bootcamp_changes';
/** Shows up in pg_stat_activity (with the instance's name), so operators and tests can find the listener. */
export const LISTENER_APPLICATION_NAME = 'bootcamp-events-listener';
const MAX_BACKOFF_MS = 10_000;

/**
 * Announces a change from a process that has no event bus of its own (the command line),
 * so the servers' open admin pages still refresh.
 */
export async function notifyChange<T>(db: Kysely<T>, event: ChangeEvent): Promise<void> {
  await sql`select pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify(event)})`.execute(db);
}

function isChangeEvent(value: unknown): value is ChangeEvent {
  const event = value as Partial<ChangeEvent> | null;
  return isEventTopic(event?.collection) && typeof event?.id === 'string';
}

/**
 * Several servers on one PostgreSQL: a change published on any instance reaches the
 * subscribers of every instance through LISTEN/NOTIFY on a dedicated connection (the
 * payload is the collection and id only). When that connection drops, it reconnects with
 * back-off and tells subscribers to resync, since events may have been missed meanwhile.
 */
export function createPostgresEventBus(
  connectionString: string,
  logger: Logger,
  instanceName = 'default',
): EventBus {
  const subscribers = new Set<Subscriber>();
  let listener: pg.Client | undefined;
  let closed = false;
  let backoff = 250;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  const deliver = (event: ChangeEvent) => {
    for (const subscriber of subscribers) subscriber.onEvent(event);
  };
  // Names this instance's own notifications, which it has delivered already when it published.
  const publisherId = randomUUID();

  const connect = async (isReconnect: boolean) => {
    const client = new pg.Client({
      connectionString,
      application_name: `${LISTENER_APPLICATION_NAME} ${instanceName}`.slice(0, 63),
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    const retry = (error?: unknown) => {
      if (closed || listener !== client) return;
      listener = undefined;
      logger.warn({ err: error }, 'change listener lost its connection; reconnecting');
      client.end().catch(() => {});
      reconnectTimer = setTimeout(() => void connect(true), backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    };
    listener = client;
    client.on('error', retry);
    client.on('end', () => retry());
    client.on('notification', (message) => heard(message, { publisherId, logger, deliver }));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      backoff = 250;
      if (isReconnect) {
        logger.info('change listener reconnected');
        for (const subscriber of subscribers) subscriber.onResync?.();
      }
    } catch (error) {
      retry(error);
    }
  };

  const ready = connect(false);
  const publisher = new pg.Pool({ connectionString, max: 2, connectionTimeoutMillis: 5_000 });
  publisher.on('error', () => {});

  return {
    publish(event) {
      // This instance's subscribers hear it at once, so the request after an admin's change
      // already sees it here (the next cohort on the prerendered pages); the others hear it
      // through LISTEN, which skips this instance's own echo.
      deliver(event);
      notifyOthers(publisher, event, { publisherId, logger });
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      for (const subscriber of [...subscribers]) subscriber.onClose?.();
      subscribers.clear();
      await ready;
      await listener?.end().catch(() => {});
      await publisher.end();
    },
  };
}

/** A notification from another instance, delivered here; this instance's own echo skipped. */
function heard(
  message: pg.Notification,
  {
    publisherId,
    logger,
    deliver,
  }: { publisherId: string; logger: Logger; deliver: (event: ChangeEvent) => void },
): void {
  if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
  try {
    const event: unknown = JSON.parse(message.payload);
    if (!isChangeEvent(event) || (event as { from?: unknown }).from === publisherId) return;
    deliver({ collection: event.collection, id: event.id });
  } catch {
    logger.warn('ignored a malformed change notification');
  }
}

/** `pg_notify` on the change channel, marked as this instance's; a failure is logged. */
function notifyOthers(
  publisher: pg.Pool,
  event: ChangeEvent,
  { publisherId, logger }: { publisherId: string; logger: Logger },
): void {
  publisher
    .query('select pg_notify($1, $2)', [
      CHANGE_CHANNEL,
      JSON.stringify({ ...event, from: publisherId }),
    ])
    .catch((error: unknown) => {
      logger.error({ err: error }, 'publishing a change failed; delivered on this instance only');
    });
}
