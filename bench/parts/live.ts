/** Live updates: a saved change to its `change` event on 1 and 50 open admin event streams. */
import { request as httpRequest } from 'node:http';
import type { Engine } from '~/db/database.server';
import type { Account } from '../../tests/support/accounts';
import { envInteger, errorText, sleep, summarize, withTimeout } from '../lib/common';
import { send } from '../lib/http';
import { onBothEngines } from '../lib/postgres';
import { withSite, type AppServer } from '../lib/processes';
import * as r from '../lib/report';

const STREAM_COUNTS = [1, 50] as const;
/** A change not seen within this long counts as missed. */
const DELIVERY_TIMEOUT_MS = 5_000;
const BUDGET_MS = 1000;

/** An admin event stream, once the server sent `ready`: when each id's `change` first arrived. */
function openStream(origin: string, cookie: string) {
  return new Promise<{ arrived: Map<string, number>; close: () => void }>((resolve, reject) => {
    const arrived = new Map<string, number>();
    const url = new URL('/admin/events?collection=users', origin);
    const headers = { cookie, accept: 'text/event-stream' };
    const request = httpRequest(url, { headers, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`event stream answered ${response.statusCode}`));
        return response.resume();
      }
      let buffer = '';
      response.setEncoding('utf8').on('error', () => {});
      response.on('data', (chunk: string) => {
        const at = performance.now();
        const frames = (buffer += chunk).split('\n\n');
        buffer = frames.pop()!;
        for (const frame of frames) {
          const event = /^event:(.*)$/m.exec(frame)?.[1]?.trim();
          if (event === 'ready') resolve({ arrived, close: () => request.destroy() });
          const id = /^data:.*"id":"([^"]*)"/m.exec(frame)?.[1];
          if (event === 'change' && id && !arrived.has(id)) arrived.set(id, at);
        }
      });
    });
    request.on('error', reject).end();
  });
}
type Stream = Awaited<ReturnType<typeof openStream>>;

async function openStreams(origin: string, cookie: string, count: number): Promise<Stream[]> {
  const opened = await Promise.allSettled(
    Array.from({ length: count }, () =>
      withTimeout(openStream(origin, cookie), 15_000, 'opening an event stream'),
    ),
  );
  const streams = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = opened.find((result) => result.status === 'rejected');
  if (!failed) return streams;
  for (const stream of streams) stream.close();
  throw new Error(`event streams did not open: ${errorText(failed.reason)}`);
}

/** Changes the target `changes` times through the real form, timing each on every stream. */
async function measure(
  servers: AppServer[],
  [admin, target]: Account[],
  streams: number,
  changes: number,
) {
  // With two servers the POST goes to A and the streams are on B.
  const [postTo, streamsOn] = [servers[0]!, servers.at(-1)!];
  const open = await openStreams(streamsOn.origin, admin!.cookie, streams);
  const [id, latencies, slowest] = [target!.id, [] as number[], [] as number[]];
  let missed = 0;
  try {
    await sleep(200);
    for (let step = 0; step < changes; step += 1) {
      for (const stream of open) stream.arrived.delete(id);
      const body = new URLSearchParams({
        access: step % 2 === 0 ? 'level-1' : 'none',
        cohort: step % 4 < 2 ? 'cohort-1' : 'none',
      });
      const sent = performance.now();
      const url = `${postTo.origin}/admin/user-details/${encodeURIComponent(id)}`;
      const answer = await send(url, { method: 'POST', cookie: admin!.cookie, body });
      if (answer.status !== 302) throw new Error(`the change was not saved: POST ${answer.status}`);
      // The answer's headers: when the POST returned its 302.
      const returned = sent + answer.firstByteMs;
      const arrivals = () => open.flatMap((stream) => stream.arrived.get(id) ?? []);
      const deadline = sent + DELIVERY_TIMEOUT_MS;
      while (arrivals().length < open.length && performance.now() < deadline) await sleep(5);
      const arrived = arrivals();
      missed += open.length - arrived.length;
      // The server publishes before it answers: an event already there counts as 0.
      const mine = arrived.map((at) => Math.max(0, at - returned));
      latencies.push(...mine);
      if (mine.length) slowest.push(Math.max(...mine));
      // Nothing arrived twice in a row: the events do not reach these streams at all.
      if (latencies.length === 0 && step >= 1) break;
      await sleep(100);
    }
  } finally {
    for (const stream of open) stream.close();
  }
  return {
    streams,
    deliveries: latencies.length,
    missed,
    latencyMs: summarize(latencies, 2),
    /** Per change, the slowest of the open streams: the budget's figure. */
    slowestStreamMs: summarize(slowest, 2),
  };
}

async function run() {
  const changes = envInteger('BENCH_LIVE_CHANGES', 20);
  const admin = { access: 'admin' as const, name: 'Bench Admin' };
  const accounts = [admin, { access: 'none' as const, name: 'Bench Target', noSession: true }];
  const engines = await onBothEngines('live', async (engine, fresh) => {
    const options = { accounts, servers: engine === 'postgres' ? 2 : 1 };
    return withSite(`live, ${r.engineName(engine)}`, await fresh(), options, async (site) => {
      const scenarios = [];
      for (const streams of STREAM_COUNTS) {
        const measured = await measure(site.servers, site.accounts, streams, changes);
        if (!measured.deliveries) throw new Error(`no change event reached the streams in 5 s`);
        scenarios.push(measured);
      }
      return { scenarios };
    });
  });
  return { changesPerScenario: changes, engines };
}
type LiveResult = Awaited<ReturnType<typeof run>>;

function judge(live: LiveResult | undefined) {
  return r.perEngine(
    live?.engines,
    STREAM_COUNTS.map(
      (streams) => (name: string, engine: Engine) =>
        `Change reaches open admin lists < 1 s: ${name}, ${engine === 'postgres' ? 'two servers' : 'one server'}, ${streams} stream${streams > 1 ? 's' : ''}`,
    ),
    (e) =>
      (e.scenarios ?? []).map((s) =>
        r.judged(
          `p95 ${r.ms(s.slowestStreamMs.p95)} for the slowest of ${s.streams} stream(s) per change ` +
            `(all deliveries p50 ${r.ms(s.latencyMs.p50)}, p95 ${r.ms(s.latencyMs.p95)})` +
            (s.missed ? `; ${s.missed} deliveries missed (over 5 s)` : ''),
          s.slowestStreamMs.p95 < BUDGET_MS && s.missed === 0,
        ),
      ),
  );
}

/** The budget rows hold every figure (with two servers, the POST goes to A, the streams are on B). */
function details(live: LiveResult) {
  return [
    r.unmeasured(live.engines),
    `${live.changesPerScenario} changes each; latency is the event's arrival minus the POST's 302 (0 when it came first).`,
  ].join('\n\n');
}

export default r.definePart({ title: 'Live updates', needsBuild: true, run, judge, details });
