/**
 * Live updates: how long after an admin's saved change (the form POST returning its 302)
 * the `change` event reaches open admin event streams (`GET /admin/events`), with 1 and
 * with 50 streams open. On SQLite one server does both; on PostgreSQL server A takes the
 * POST and the streams are on server B, so the event has to cross instances.
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import { createAccounts, type Account } from '../tests/support/accounts';
import {
  envNumber,
  errorText,
  log,
  round,
  sleep,
  summarize,
  tempDir,
  withTimeout,
  type Summary,
} from './lib/common';
import { createTempDatabase, ensurePostgres } from './lib/postgres';
import { startAppServer, type AppServer } from './lib/processes';

const STREAM_COUNTS = [1, 50] as const;
/** A change not seen within this long counts as missed. */
const DELIVERY_TIMEOUT_MS = 5_000;

export interface LiveScenario {
  name: string;
  engine: 'sqlite' | 'postgres';
  setup: string;
  streams: number;
  changes: number;
  /** false: the figure is not available (see note). */
  available: boolean;
  note?: string;
  deliveries?: number;
  missed?: number;
  /** Event arrival minus the POST's response, every stream and change (below 0 counts as 0). */
  latencyMs?: Summary;
  /** Per change, the slowest of the open streams. */
  slowestStreamMs?: Summary;
  /** Event arrival minus the moment the POST was sent. */
  fromPostSentMs?: Summary;
  /** How long the POST itself took. */
  postMs?: Summary;
}

export interface LiveResult {
  changesPerScenario: number;
  scenarios: LiveScenario[];
}

interface Stream {
  waitFor: (id: string, timeoutMs: number) => Promise<number | undefined>;
  close: () => void;
}

/** Opens an admin event stream; resolves once the server has sent `ready`. */
function openStream(origin: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const waiters: { id: string; done: (at: number | undefined) => void }[] = [];
    let ready = false;
    const stream: Stream = {
      waitFor: (id, timeoutMs) =>
        new Promise((done) => {
          const waiter = {
            id,
            done: (at: number | undefined) => {
              clearTimeout(timer);
              const index = waiters.indexOf(waiter);
              if (index !== -1) waiters.splice(index, 1);
              done(at);
            },
          };
          const timer = setTimeout(() => waiter.done(undefined), timeoutMs);
          waiters.push(waiter);
        }),
      close: () => request.destroy(),
    };
    const url = new URL('/admin/events?collection=users', origin);
    const request: ClientRequest = httpRequest(
      url,
      { headers: { cookie, accept: 'text/event-stream' }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`event stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            let data = '';
            for (const line of frame.split('\n')) {
              if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data += line.slice(5).trim();
            }
            if (event === 'ready' && !ready) {
              ready = true;
              resolve(stream);
            } else if (event === 'change') {
              try {
                const parsed = JSON.parse(data) as { id?: string };
                waiters.find((waiter) => waiter.id === parsed.id)?.done(at);
              } catch {
                // not ours
              }
            }
          }
        });
        response.on('error', () => {});
      },
    );
    request.on('error', (error) => {
      if (!ready) reject(error);
    });
    request.end();
  });
}

async function openStreams(origin: string, cookie: string, count: number): Promise<Stream[]> {
  const opened = await Promise.allSettled(
    Array.from({ length: count }, () =>
      withTimeout(openStream(origin, cookie), 15_000, 'opening an event stream'),
    ),
  );
  const streams = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = opened.find((result) => result.status === 'rejected');
  if (failed) {
    for (const stream of streams) stream.close();
    throw new Error(`event streams did not open: ${errorText(failed.reason)}`);
  }
  return streams;
}

async function postChange(
  origin: string,
  admin: Account,
  target: Account,
  step: number,
): Promise<{ sent: number; returned: number }> {
  const body = new URLSearchParams({
    access: step % 2 === 0 ? 'level-1' : 'none',
    cohort: step % 4 < 2 ? 'cohort-1' : 'none',
  });
  const sent = performance.now();
  const response = await fetch(`${origin}/admin/user-details/${encodeURIComponent(target.id)}`, {
    method: 'POST',
    headers: {
      cookie: admin.cookie,
      origin,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  const returned = performance.now();
  await response.arrayBuffer();
  if (response.status !== 302) {
    throw new Error(`the change was not saved: POST answered ${response.status}, not 302`);
  }
  return { sent, returned };
}

/** Changes the target user `changes` times and times each change's arrival on every stream. */
async function measure(
  scenario: LiveScenario,
  postTo: AppServer,
  streamsOn: AppServer,
  admin: Account,
  target: Account,
): Promise<LiveScenario> {
  const streams = await openStreams(streamsOn.origin, admin.cookie, scenario.streams);
  const latencies: number[] = [];
  const slowest: number[] = [];
  const fromSent: number[] = [];
  const posts: number[] = [];
  let missed = 0;
  try {
    await sleep(200);
    for (let step = 0; step < scenario.changes; step += 1) {
      const arrivals = streams.map((stream) => stream.waitFor(target.id, DELIVERY_TIMEOUT_MS));
      const { sent, returned } = await postChange(postTo.origin, admin, target, step);
      posts.push(returned - sent);
      const times = await Promise.all(arrivals);
      let worst = 0;
      for (const at of times) {
        if (at === undefined) {
          missed += 1;
          continue;
        }
        const latency = Math.max(0, at - returned);
        latencies.push(latency);
        fromSent.push(at - sent);
        worst = Math.max(worst, latency);
      }
      if (times.some((at) => at !== undefined)) slowest.push(worst);
      // Nothing arrived twice in a row: the events do not reach these streams at all.
      if (latencies.length === 0 && step >= 1) break;
      await sleep(100);
    }
  } finally {
    for (const stream of streams) stream.close();
  }
  const round2 = (summary: Summary): Summary => {
    const rounded = { ...summary };
    for (const key of Object.keys(rounded) as (keyof Summary)[]) {
      rounded[key] = round(rounded[key], 2);
    }
    return rounded;
  };
  return {
    ...scenario,
    available: latencies.length > 0,
    deliveries: latencies.length,
    missed,
    latencyMs: round2(summarize(latencies)),
    slowestStreamMs: round2(summarize(slowest)),
    fromPostSentMs: round2(summarize(fromSent)),
    postMs: round2(summarize(posts)),
  };
}

/** When server B's streams get nothing: do server A's own streams get the event? */
async function probeSameInstance(server: AppServer, admin: Account, target: Account) {
  try {
    const [stream] = await openStreams(server.origin, admin.cookie, 1);
    if (!stream) return 'could not open a stream on server A either';
    try {
      const arrival = stream.waitFor(target.id, DELIVERY_TIMEOUT_MS);
      await postChange(server.origin, admin, target, 0);
      return (await arrival) === undefined
        ? 'the event did not reach a stream on server A (the one that saved) either'
        : 'the event reaches streams on server A (the one that saved) but not on server B: this build has no cross-instance fan-out';
    } finally {
      stream.close();
    }
  } catch (error) {
    return `probe failed: ${errorText(error)}`;
  }
}

async function sqliteScenarios(changes: number): Promise<LiveScenario[]> {
  const databaseUrl = join(tempDir('live'), 'bench.sqlite');
  const [admin, target] = (await createAccounts(databaseUrl, [
    { access: 'admin', name: 'Bench Admin' },
    { access: 'none', name: 'Bench Target', noSession: true },
  ])) as [Account, Account];
  const server = await startAppServer('site server (live, SQLite)', databaseUrl);
  const scenarios: LiveScenario[] = [];
  try {
    for (const streams of STREAM_COUNTS) {
      const scenario: LiveScenario = {
        name: `SQLite, one server, ${streams} stream${streams > 1 ? 's' : ''}`,
        engine: 'sqlite',
        setup: 'POST and streams on the same server',
        streams,
        changes,
        available: false,
      };
      try {
        scenarios.push(await measure(scenario, server, server, admin, target));
      } catch (error) {
        scenarios.push({ ...scenario, note: errorText(error) });
      }
      log(`live: ${describe(scenarios.at(-1))}`);
    }
  } finally {
    await server.stop();
  }
  return scenarios;
}

async function postgresScenarios(changes: number): Promise<LiveScenario[]> {
  const base = (streams: number): LiveScenario => ({
    name: `PostgreSQL, two servers, ${streams} stream${streams > 1 ? 's' : ''}`,
    engine: 'postgres',
    setup: 'POST on server A, streams on server B',
    streams,
    changes,
    available: false,
  });
  const unavailable = await ensurePostgres();
  if (unavailable) return STREAM_COUNTS.map((streams) => ({ ...base(streams), note: unavailable }));
  const { url } = await createTempDatabase('live');
  const [admin, target] = (await createAccounts(url, [
    { access: 'admin', name: 'Bench Admin' },
    { access: 'none', name: 'Bench Target', noSession: true },
  ])) as [Account, Account];
  const serverA = await startAppServer('site server A (live, PostgreSQL)', url);
  const servers = [serverA];
  const scenarios: LiveScenario[] = [];
  try {
    const serverB = await startAppServer('site server B (live, PostgreSQL)', url);
    servers.push(serverB);
    let reason: string | undefined;
    for (const streams of STREAM_COUNTS) {
      const scenario = base(streams);
      if (reason) {
        scenarios.push({ ...scenario, note: reason });
        continue;
      }
      try {
        const measured = await measure(scenario, serverA, serverB, admin, target);
        if (!measured.available) {
          reason = `no change event reached server B within ${DELIVERY_TIMEOUT_MS} ms; ${await probeSameInstance(serverA, admin, target)}`;
          measured.note = reason;
        }
        scenarios.push(measured);
      } catch (error) {
        scenarios.push({ ...scenario, note: errorText(error) });
      }
      log(`live: ${describe(scenarios.at(-1))}`);
    }
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
  return scenarios;
}

function describe(scenario: LiveScenario | undefined): string {
  if (!scenario) return '';
  if (!scenario.available || !scenario.latencyMs) {
    return `${scenario.name}: not available (${scenario.note ?? 'no deliveries'})`;
  }
  return `${scenario.name}: p50 ${scenario.latencyMs.p50} ms, p95 ${scenario.latencyMs.p95} ms, missed ${scenario.missed}`;
}

export async function runLive(): Promise<LiveResult> {
  const changes = Math.round(envNumber('BENCH_LIVE_CHANGES', 20));
  const scenarios = [...(await sqliteScenarios(changes))];
  try {
    scenarios.push(...(await postgresScenarios(changes)));
  } catch (error) {
    log(`live: PostgreSQL part failed: ${errorText(error)}`);
    for (const streams of STREAM_COUNTS) {
      scenarios.push({
        name: `PostgreSQL, two servers, ${streams} stream${streams > 1 ? 's' : ''}`,
        engine: 'postgres',
        setup: 'POST on server A, streams on server B',
        streams,
        changes,
        available: false,
        note: errorText(error),
      });
    }
  }
  return { changesPerScenario: changes, scenarios };
}
