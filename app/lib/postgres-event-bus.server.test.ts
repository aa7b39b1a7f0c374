import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger.server';
import type { ChangeEvent, EventBus } from './events.server';
import { createPostgresEventBus, LISTENER_APPLICATION_NAME } from './postgres-event-bus.server';

const url = process.env.TEST_DATABASE_URL;
const logger = createLogger({ level: 'silent', pretty: false });

// Waits end as soon as the event arrives: the limits only bound a failure, and are wide so a
// machine busy with other test processes does not fail a healthy bus.
function nextEvent(bus: EventBus, id: string, timeoutMs = 10_000): Promise<ChangeEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no event ${id} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const unsubscribe = bus.subscribe({
      onEvent: (event) => {
        if (event.id !== id) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(event);
      },
    });
  });
}

/** Both listeners are up once an event from `from` has reached `to`. */
async function untilListening(from: EventBus, to: EventBus): Promise<void> {
  await expect
    .poll(
      async () => {
        const id = `warm-${Math.random()}`;
        const arrived = nextEvent(to, id, 500).then(
          () => true,
          () => false,
        );
        from.publish({ collection: 'users', id });
        return arrived;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

describe.skipIf(!url)('PostgreSQL change events across instances (LISTEN/NOTIFY)', () => {
  const buses: EventBus[] = [];
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it('delivers an event published on one instance to the others, ids only', async () => {
    const a = createPostgresEventBus(url!, logger);
    const b = createPostgresEventBus(url!, logger);
    buses.push(a, b);
    await untilListening(a, b);

    const onA = nextEvent(a, 'user-1');
    const onB = nextEvent(b, 'user-1');
    a.publish({ collection: 'users', id: 'user-1' });
    expect(await onB).toEqual({ collection: 'users', id: 'user-1' });
    expect(await onA).toEqual({ collection: 'users', id: 'user-1' });
  });

  it('tells its own instance at once, and once: its echo through LISTEN is skipped', async () => {
    const a = createPostgresEventBus(url!, logger);
    const b = createPostgresEventBus(url!, logger);
    buses.push(a, b);
    await untilListening(a, b);
    await untilListening(b, a);

    const heardOnA: ChangeEvent[] = [];
    a.subscribe({ onEvent: (event) => event.id === 'own-1' && heardOnA.push(event) });
    const onB = nextEvent(b, 'own-1');
    a.publish({ collection: 'cohorts', id: 'own-1' });
    expect(heardOnA).toEqual([{ collection: 'cohorts', id: 'own-1' }]);
    expect(await onB).toEqual({ collection: 'cohorts', id: 'own-1' });
    // A later event from b has come through a's listener, so a's own echo had its chance.
    const later = nextEvent(a, 'own-2');
    b.publish({ collection: 'cohorts', id: 'own-2' });
    await later;
    expect(heardOnA).toHaveLength(1);
  });

  it('re-listens after its connection is terminated, resyncs, and misses no later event', async () => {
    const a = createPostgresEventBus(url!, logger, 'bus-a');
    const b = createPostgresEventBus(url!, logger, 'bus-b');
    buses.push(a, b);
    let resyncs = 0;
    b.subscribe({ onEvent: () => {}, onResync: () => (resyncs += 1) });
    await untilListening(a, b);

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [`${LISTENER_APPLICATION_NAME} bus-b`],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await expect.poll(() => resyncs, { timeout: 15_000 }).toBeGreaterThan(0);
    const later = nextEvent(b, 'after-reconnect');
    a.publish({ collection: 'users', id: 'after-reconnect' });
    expect(await later).toEqual({ collection: 'users', id: 'after-reconnect' });
  });
});
