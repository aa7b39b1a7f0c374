/**
 * Live updates: a saved change (the form POST's 302) to its `change` event on 1 and 50 open
 * admin event streams; on PostgreSQL the POST goes to server A and the streams are on B.
 */
import { request as httpRequest } from 'node:http';
import type { Engine } from '~/db/database.server';
import { createAccounts, type Account } from '../../tests/support/accounts';
import { envInteger, errorText, log, sleep, summarize, withTimeout } from '../lib/common';
import { ensurePostgres, freshDatabase } from '../lib/postgres';
import { startAppServer, type AppServer } from '../lib/processes';
import { definePart, ms, NA, row, table, verdict } from '../lib/report';

const STREAM_COUNTS = [1, 50] as const;
/** A change not seen within this long counts as missed. */
const DELIVERY_TIMEOUT_MS = 5_000;
const BUDGET_MS = 1000;

interface Stream {
  waitFor: (id: string, timeoutMs: number) => Promise<number | undefined>;
  close: () => void;
}

/** Opens an admin event stream; resolves once the server has sent `ready`. */
function openStream(origin: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const waiters = new Map<string, (at: number | undefined) => void>();
    let ready = false;
    const stream: Stream = {
      waitFor: (id, timeoutMs) =>
        new Promise((done) => {
          const timer = setTimeout(() => finish(undefined), timeoutMs);
          const finish = (at: number | undefined) => {
            clearTimeout(timer);
            waiters.delete(id);
            done(at);
          };
          waiters.set(id, finish);
        }),
      close: () => request.destroy(),
    };
    const url = new URL('/admin/events?collection=users', origin);
    const headers = { cookie, accept: 'text/event-stream' };
    const request = httpRequest(url, { headers, agent: false }, (response) => {
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
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event:(.*)$/m.exec(frame)?.[1]?.trim() ?? 'message';
          const data = [...frame.matchAll(/^data:(.*)$/gm)].map((m) => m[1]?.trim()).join('');
          if (event === 'ready' && !ready) {
            ready = true;
            resolve(stream);
          } else if (event === 'change') {
            try {
              waiters.get(String((JSON.parse(data) as { id?: string }).id))?.(at);
            } catch {
              // not ours
            }
          }
        }
      });
      response.on('error', () => {});
    });
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

/** Saves a change to the target user through the real form, alternating access and cohort. */
async function postChange(origin: string, admin: Account, target: Account, step: number) {
  const body = new URLSearchParams({
    access: step % 2 === 0 ? 'level-1' : 'none',
    cohort: step % 4 < 2 ? 'cohort-1' : 'none',
  });
  const sent = performance.now();
  const response = await fetch(`${origin}/admin/user-details/${encodeURIComponent(target.id)}`, {
    method: 'POST',
    headers: { cookie: admin.cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
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

interface Scenario {
  name: string;
  engine: Engine;
  setup: string;
  streams: number;
  changes: number;
  /** false: the figure is not available (see note). */
  available: boolean;
  note?: string;
}

/** Changes the target user `changes` times and times each change's arrival on every stream. */
async function measure(
  scenario: Scenario,
  postTo: AppServer,
  streamsOn: AppServer,
  admin: Account,
  target: Account,
) {
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
        // The server publishes before it answers: an event already there counts as 0.
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
  return {
    ...scenario,
    available: latencies.length > 0,
    deliveries: latencies.length,
    missed,
    latencyMs: summarize(latencies, 2),
    /** Per change, the slowest of the open streams: the budget's figure. */
    slowestStreamMs: summarize(slowest, 2),
    fromPostSentMs: summarize(fromSent, 2),
    postMs: summarize(posts, 2),
  };
}
type Measured = Scenario & Partial<Awaited<ReturnType<typeof measure>>>;

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

function describe(scenario: Measured): string {
  if (!scenario.available || !scenario.latencyMs) {
    return `${scenario.name}: not available (${scenario.note ?? 'no deliveries'})`;
  }
  return `${scenario.name}: p50 ${scenario.latencyMs.p50} ms, p95 ${scenario.latencyMs.p95} ms, missed ${scenario.missed}`;
}

/** The scenarios of one engine; a failure is written into each scenario it left unmeasured. */
async function scenarios(engine: Engine, changes: number): Promise<Measured[]> {
  const two = engine === 'postgres';
  const base = (streams: number): Scenario => ({
    name: `${two ? 'PostgreSQL, two servers' : 'SQLite, one server'}, ${streams} stream${streams > 1 ? 's' : ''}`,
    engine,
    setup: two ? 'POST on server A, streams on server B' : 'POST and streams on the same server',
    streams,
    changes,
    available: false,
  });
  const results: Measured[] = [];
  const servers: AppServer[] = [];
  try {
    const unavailable = two ? await ensurePostgres() : undefined;
    if (unavailable) throw new Error(unavailable);
    const { url } = await freshDatabase(engine, 'live');
    const [admin, target] = (await createAccounts(url, [
      { access: 'admin', name: 'Bench Admin' },
      { access: 'none', name: 'Bench Target', noSession: true },
    ])) as [Account, Account];
    const label = (name: string) => `site server ${name}(live, ${two ? 'PostgreSQL' : 'SQLite'})`;
    servers.push(await startAppServer(label(two ? 'A ' : ''), url));
    if (two) servers.push(await startAppServer(label('B '), url));
    const [postTo, streamsOn] = [servers[0]!, servers.at(-1)!];
    let reason: string | undefined;
    for (const streams of STREAM_COUNTS) {
      if (reason) {
        results.push({ ...base(streams), note: reason });
        continue;
      }
      try {
        const measured: Measured = await measure(base(streams), postTo, streamsOn, admin, target);
        if (two && !measured.available) {
          reason = `no change event reached server B within ${DELIVERY_TIMEOUT_MS} ms; ${await probeSameInstance(postTo, admin, target)}`;
          measured.note = reason;
        }
        results.push(measured);
      } catch (error) {
        results.push({ ...base(streams), note: errorText(error) });
      }
      log(`live: ${describe(results.at(-1)!)}`);
    }
  } catch (error) {
    log(`live: ${engine} failed: ${errorText(error)}`);
    for (const streams of STREAM_COUNTS.slice(results.length)) {
      results.push({ ...base(streams), note: errorText(error) });
    }
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
  return results;
}

async function run() {
  const changes = envInteger('BENCH_LIVE_CHANGES', 20);
  const all = [...(await scenarios('sqlite', changes)), ...(await scenarios('postgres', changes))];
  return { changesPerScenario: changes, scenarios: all };
}
type LiveResult = Awaited<ReturnType<typeof run>>;

function judge(live: LiveResult | undefined) {
  if (!live) return [row('A change reaches an open admin list in < 1 s', '', NA)];
  return live.scenarios.map((scenario) => {
    const label = `Change reaches open admin lists < 1 s: ${scenario.name}`;
    if (!scenario.available || !scenario.slowestStreamMs) {
      return row(label, `not available: ${scenario.note ?? 'no event arrived'}`, NA);
    }
    const p95 = scenario.slowestStreamMs.p95;
    const missed = scenario.missed ?? 0;
    return row(
      label,
      `p95 ${ms(p95)} for the slowest of ${scenario.streams} stream(s) per change ` +
        `(all deliveries p50 ${ms(scenario.latencyMs?.p50)}, p95 ${ms(scenario.latencyMs?.p95)})` +
        (missed ? `; ${missed} deliveries missed (over 5 s)` : ''),
      verdict(p95 < BUDGET_MS && missed === 0),
    );
  });
}

function details(live: LiveResult) {
  const head = ['scenario', 'setup', 'changes', 'delivered / missed', 'p50', 'p95'];
  return [
    table(
      [...head, 'slowest stream p95', 'p95 from POST sent', 'POST p50', 'note'],
      live.scenarios.map((s) => {
        const shown = (text: string) => (s.available ? text : '–');
        return [
          s.name,
          s.setup,
          String(s.changes),
          shown(`${s.deliveries ?? 0} / ${s.missed ?? 0}`),
          shown(ms(s.latencyMs?.p50)),
          shown(ms(s.latencyMs?.p95)),
          shown(ms(s.slowestStreamMs?.p95)),
          shown(ms(s.fromPostSentMs?.p95)),
          shown(ms(s.postMs?.p50)),
          s.available ? (s.note ?? '') : `not available: ${s.note ?? ''}`,
        ];
      }),
    ),
    '',
    'Latency is the `change` event arriving on a stream minus the POST returning its 302 ' +
      '(an event already there counts as 0); "slowest stream" takes, per change, the last of the open streams to get it.',
    '',
  ].join('\n');
}

export default definePart({ title: 'Live updates', needsBuild: true, run, judge, details });
