/**
 * The production server under load beside its two floors (decision 055), nginx for the
 * prerendered page, a first and a repeat visit's bytes, and one core's capacity.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startBareApp } from '../lib/bare-app';
import * as c from '../lib/common';
import { CookieJar, rawGet, type RawAnswer } from '../lib/http';
import { missingNginx, startNginx } from '../lib/nginx';
import { openLoop, type Request } from '../lib/open-loop';
import {
  cpuSeconds,
  rssMb,
  sampleRss,
  seedUsers,
  startProcess,
  waitForHttp,
  withSite,
} from '../lib/processes';
import type { CapturedAnswer } from '../lib/send-floor-server';
import { budgetRows, definePart, judged, kb, ms, table } from '../lib/report';

/** Every load sends what a browser would send for a page (gzip: as the figures always did). */
const LOAD_HEADERS = { 'accept-encoding': 'gzip', accept: 'text/html' };
/** A current Chromium's, for the bytes a visit costs. */
const BROWSER_HEADERS = {
  'accept-encoding': 'gzip, deflate, br, zstd',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
};
const CONNECTIONS = [10, 100] as const;
/** Users in the server's database, so the admin search reads a table of plausible size. */
const USERS = 1_000;
type As = 'visitor' | 'level-1' | 'admin';
/** The personalised pages judged against the floors (DESIGN §8). */
const PAGES: { name: string; path: string; as: As }[] = [
  { name: '/fed/javascript (level-1)', path: '/fed/javascript', as: 'level-1' },
  { name: '/fed/home (visitor)', path: '/fed/home', as: 'visitor' },
  { name: '/fed/home (level-1)', path: '/fed/home', as: 'level-1' },
  { name: '/admin/home?q=a (admin)', path: '/admin/home?q=a', as: 'admin' },
];
const SERVERS = ['site', 'framework floor', 'send floor'] as const;
type ServerName = (typeof SERVERS)[number] | 'nginx';
/** Server CPU per request of a page at most these multiples of its floors, same run. */
const FRAMEWORK_BUDGET = 1.5;
const SEND_BUDGET = 4;
/** The page whose bytes are judged, and its budget on a repeat visit (compressed body). */
const BYTES_PAGE = PAGES[0]!;
const REPEAT_VISIT_BUDGET = 12 * 1024;
/** 1,000 students each asking for a page every 20 s, on one core. */
const CAPACITY = { students: 1_000, everySeconds: 20, p99Ms: 200 };
const CAPACITY_RATE = CAPACITY.students / CAPACITY.everySeconds;
/** The rates tried after the budget's: up until p99 reaches CAPACITY.p99Ms or answers fail; down (the budget failed) until they do not. */
const CAPACITY_STEPS_UP = [100, 150, 200, 250, 300, 400, 500, 650, 800, 1_000];
const CAPACITY_STEPS_DOWN = [35, 25, 15, 10, 5];
/** Prerendered `/` at this share of nginx's requests per second for the same file. */
const NGINX_SHARE = 0.9;
const RSS_IDLE_MB = 120;
const RSS_LOAD_MB = 200;

/**
 * One load: for `seconds`, or of exactly `amount` requests (then none is still in progress
 * when the CPU is read, so the server's CPU over the load is the work of those requests).
 * With the server's `pid`, its RSS and CPU per request during it.
 */
async function load(
  url: string,
  connections: number,
  { seconds, amount }: { seconds: number; amount?: number },
  cookie = '',
  pid = 0,
) {
  const headers: Record<string, string> = { ...LOAD_HEADERS, ...(cookie ? { cookie } : {}) };
  const stopSampling = pid ? sampleRss(pid) : undefined;
  const cpuBefore = pid ? cpuSeconds(pid) : Number.NaN;
  const length = amount ? { amount } : { duration: seconds };
  const instance = autocannon({ url, connections, ...length, timeout: 10, headers });
  // The run ends by itself; the watchdog only guards against a hang.
  const guard = setTimeout(() => instance.stop(), (seconds * 3 + 20) * 1000);
  const timeout = c.withTimeout(instance, (seconds * 3 + 30) * 1000, `autocannon ${url}`);
  const result = await timeout.finally(() => clearTimeout(guard));
  const cpuUsed = pid ? cpuSeconds(pid) - cpuBefore : Number.NaN;
  const samples = stopSampling?.();
  const requests = result.requests.total;
  return {
    ...{ errors: result.errors, non2xx: result.non2xx },
    requestsPerSecond: c.round(requests / result.duration, 0),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    rssMb: samples?.length ? c.spread(samples) : undefined,
    /** Server CPU time (user + system) per request during the run. */
    cpuMsPerRequest:
      requests > 0 && cpuUsed >= 0 ? c.round((cpuUsed * 1000) / requests, 3) : undefined,
  };
}

/**
 * Waits (5 s at most) until `pid` uses at most one clock tick of CPU in 100 ms: requests of
 * the previous load that the server was still working on are not charged to the next run.
 */
async function settle(pid: number) {
  for (let i = 0, last = cpuSeconds(pid); i < 50; i += 1) {
    await c.sleep(100);
    const now = cpuSeconds(pid);
    if (!(now - last > 0.01)) return;
    last = now;
  }
}

type LoadRun = Awaited<ReturnType<typeof load>> & {
  target: string;
  server: ServerName;
  connections: number;
};

/** The stylesheets that block rendering, and the other files a browser fetches early. */
function linkedFiles(html: string) {
  // The whole document: a link the head does not hold is fetched all the same.
  const links = [...html.matchAll(/<link\b[^>]*>/gi)].map(([tag]) => {
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(tag)?.[1];
    return { rel: attribute('rel') ?? '', href: attribute('href'), media: attribute('media') };
  });
  const stylesheet = (l: (typeof links)[number]) => /\bstylesheet\b/i.test(l.rel);
  const blocking = links.filter((l) => stylesheet(l) && !/\bprint\b/i.test(l.media ?? ''));
  const early = links.filter(
    (l) => !blocking.includes(l) && (stylesheet(l) || /\b(prefetch|preload)\b/i.test(l.rel)),
  );
  const hrefs = (list: typeof links) => list.flatMap((l) => (l.href ? [l.href] : []));
  return { blocking: hrefs(blocking), early: hrefs(early) };
}

/**
 * A browser's first and repeat visit to `path`: the document, then what blocks its render
 * (stylesheets) and what it fetches early (prefetch, preload, print stylesheets), keeping
 * every cookie set;
 * then the document again with those cookies, its stylesheets counted only if not cached.
 */
async function visit(origin: string, path: string, cookie = '') {
  const jar = new CookieJar(cookie);
  const cached = new Set<string>();
  const get = async (href: string) => {
    const answer = await rawGet(new URL(href, origin).href, {
      ...BROWSER_HEADERS,
      ...(jar.header() ? { cookie: jar.header() } : {}),
    });
    if (answer.status !== 200) throw new Error(`${href} answered ${answer.status}, not 200`);
    jar.take(answer.headers['set-cookie']);
    return answer;
  };
  const page = async () => {
    const document = await get(path);
    const { blocking, early } = linkedFiles(document.decoded.toString());
    const stylesheets: RawAnswer[] = [];
    for (const href of blocking.filter((h) => !cached.has(h))) stylesheets.push(await get(href));
    for (const href of early.filter((h) => !cached.has(h))) await get(href);
    for (const href of [...blocking, ...early]) cached.add(href);
    const bytes = document.body.length + stylesheets.reduce((sum, s) => sum + s.body.length, 0);
    return {
      ...{ bytes, documentBytes: document.body.length, headerBytes: document.headerBytes },
      encoding: String(document.headers['content-encoding'] ?? 'identity'),
      uncompressedBytes: document.decoded.length,
      stylesheets: stylesheets.length,
    };
  };
  const first = await page();
  const repeat = await page();
  return { first, repeat, cookie: jar.header() };
}

/** What the floors need of a page: the site's answer as sent, and its document. */
async function capture(origin: string, path: string, cookie: string) {
  const answer = await rawGet(origin + path, { ...LOAD_HEADERS, ...(cookie ? { cookie } : {}) });
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}, not 200`);
  // What node:http writes for itself, or what the floor's own framing replaces.
  const own = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
  const headers = Object.entries(answer.headers).flatMap(([name, value]) =>
    own.has(name) || value === undefined
      ? []
      : (Array.isArray(value) ? value : [value]).map((v) => [name, v] as [string, string]),
  );
  const sent: CapturedAnswer = { path, cookie, status: 200, headers, body: '' };
  sent.body = answer.body.toString('base64');
  return { sent, html: answer.decoded.toString(), encoding: answer.headers['content-encoding'] };
}

/** The node flags (heap sizes) and environment the site's `npm run serve` gives node. */
function siteNodeSettings() {
  const serve = (
    JSON.parse(readFileSync(join(c.siteRoot(), 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts.serve!;
  const flags = serve.match(/--max-[a-z-]+=\d+/g) ?? [];
  const env = Object.fromEntries(
    [...serve.matchAll(/\b(MALLOC_[A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]]),
  );
  return { flags, env: env as Record<string, string> };
}

/** The send floor's process on a free port, serving `answers`. */
async function startSendFloor(dir: string, answers: CapturedAnswer[], env: Record<string, string>) {
  const file = join(dir, 'send-floor.json');
  writeFileSync(file, JSON.stringify(answers));
  const port = await c.freePort();
  const script = join(c.BENCH_DIR, 'lib/send-floor-server.ts');
  const args = ['--import', 'tsx', script, file, String(port)];
  const running = startProcess('send floor', process.execPath, args, { env, longRunning: true });
  const origin = `http://localhost:${port}`;
  await waitForHttp(`${origin}/readyz`, running, 'send floor', 30_000);
  return { origin, pid: running.pid, stop: running.stop };
}

/** Pins every thread of `pid` to `cores` ("0", "1", "0-1"). */
const pin = (pid: number, cores: string) =>
  execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });

/**
 * The site on core 0, this process (the load) on core 1: the mix of PAGES in an open loop,
 * CAPACITY_RATE for `seconds` (the budget), then steps of `stepSeconds` each to the rate where
 * p99 reaches CAPACITY.p99Ms or an answer fails.
 */
async function capacity(pid: number, mix: Request[], seconds: number, stepSeconds: number) {
  const all = `0-${cpus().length - 1}`;
  if (cpus().length < 2) return { skipped: 'one core: nowhere to put the load apart' };
  pin(pid, '0');
  pin(process.pid, '1');
  try {
    const step = async (rate: number, duration: number) => {
      const before = cpuSeconds(pid);
      const result = await openLoop(mix, rate, duration);
      const cpuMs = ((cpuSeconds(pid) - before) * 1000) / Math.max(1, result.sent);
      const ok = result.errors + result.notOk === 0 && result.latency.p99 < CAPACITY.p99Ms;
      return {
        ...result,
        load: c.round(loadavg()[0] ?? 0, 2),
        sentPerSecond: c.round(result.sentPerSecond, 1),
        cpuMs: c.round(cpuMs, 3),
        ok,
      };
    };
    await openLoop(mix, CAPACITY_RATE, 2); // warm-up on the pinned core, not recorded
    const budget = await step(CAPACITY_RATE, seconds);
    // Up while the budget holds, down while it does not, to the first rate that turns.
    const rates = budget.ok ? CAPACITY_STEPS_UP : CAPACITY_STEPS_DOWN;
    const steps = [];
    for (const rate of rates) {
      await c.sleep(1_000);
      const measured = await step(rate, stepSeconds);
      steps.push(measured);
      if (measured.ok !== budget.ok) break;
    }
    const passed = [budget, ...steps].filter((s) => s.ok).map((s) => s.rate);
    const failed = [budget, ...steps].filter((s) => !s.ok).map((s) => s.rate);
    const crossed = failed.length ? Math.min(...failed) : undefined;
    return { budget, steps, capacity: passed.length ? Math.max(...passed) : 0, crossed };
  } finally {
    pin(pid, all);
    pin(process.pid, all);
  }
}

async function run() {
  const seconds = c.envInteger('BENCH_SERVER_SECONDS', 4);
  const capacitySeconds = c.envInteger('BENCH_CAPACITY_SECONDS', 30);
  const dir = c.tempDir('server');
  const databaseUrl = join(dir, 'bench.sqlite');
  await seedUsers(databaseUrl, USERS, 120_000);
  const nginxProblem = missingNginx();
  if (nginxProblem) c.log(`server: ${nginxProblem}; no ceiling figure`);
  const nginx = nginxProblem
    ? undefined
    : await startNginx(join(c.siteRoot(), 'build/client/index.html'));
  const accounts = [
    { access: 'level-1' as const, name: 'Bench Student' },
    { access: 'admin' as const, name: 'Bench Admin' },
  ];
  // No SMTP sink: the server runs with its default mail transport, as this part measured it
  // before the parts shared a harness (a sink's connection pool would change the idle RSS).
  const options = { accounts, smtp: false };
  const stops: (() => Promise<void>)[] = [];
  try {
    return await withSite('load', databaseUrl, options, async ({ alive, accounts }) => {
      const [student, admin] = accounts.map((account) => account.cookie);
      const sessionOf: Record<As, string> = { visitor: '', 'level-1': student!, admin: admin! };
      const origin = (await alive()).origin;
      // Each page as a browser met it: the load sends the cookies a repeat visit sends.
      const visits = [];
      for (const page of PAGES) visits.push(await visit(origin, page.path, sessionOf[page.as]));
      const cookies = visits.map((v) => v.cookie);
      const captured = [];
      for (const [i, page] of PAGES.entries()) {
        captured.push(await capture(origin, page.path, cookies[i]!));
      }
      const node = siteNodeSettings();
      const pagesFile = join(dir, 'framework-floor.json');
      const documents = captured.map(({ sent, html }) => ({ ...sent, body: undefined, html }));
      writeFileSync(pagesFile, JSON.stringify(documents));
      const framework = await startBareApp({ ...node.env, FLOOR_PAGES: pagesFile }, node.flags);
      stops.push(framework.stop);
      const send = await startSendFloor(
        dir,
        captured.map((p) => p.sent),
        node.env,
      );
      stops.push(send.stop);
      // Each floor answers what the site answered (its markup, re-rendered, within a few %).
      const markup = [];
      for (const [i, page] of PAGES.entries()) {
        const headers = { ...LOAD_HEADERS, ...(cookies[i] ? { cookie: cookies[i] } : {}) };
        const [fw, sent] = [framework, send].map((s) => rawGet(s.origin + page.path, headers));
        const [fwAnswer, sentAnswer] = await Promise.all([fw!, sent!]);
        if (fwAnswer.status !== 200 || sentAnswer.status !== 200) {
          throw new Error(
            `the floors answered ${page.name} ${fwAnswer.status}, ${sentAnswer.status}`,
          );
        }
        const site = captured[i]!.html.length;
        markup.push({
          page: page.name,
          site,
          framework: fwAnswer.decoded.length,
          encoding: captured[i]!.encoding ?? 'identity',
        });
      }

      type Target = {
        target: string;
        server: ServerName;
        origin: string;
        path: string;
        cookie?: string;
        pid: () => Promise<number>;
        connections: readonly number[];
      };
      const sitePid = async () => (await alive()).serverPid();
      const none = async () => 0;
      const targets: Target[] = [
        {
          target: '/healthz',
          server: 'site',
          origin,
          path: '/healthz',
          pid: sitePid,
          connections: [10],
        },
        {
          target: '/ (prerendered)',
          server: 'site',
          origin,
          path: '/',
          pid: sitePid,
          connections: CONNECTIONS,
        },
        ...(nginx
          ? [
              {
                target: '/ (prerendered)',
                server: 'nginx' as const,
                origin: nginx.origin,
                path: '/',
                pid: none,
                connections: CONNECTIONS,
              },
            ]
          : []),
        ...PAGES.flatMap((page, i) =>
          SERVERS.map((server) => ({
            target: page.name,
            server,
            origin: {
              site: origin,
              'framework floor': framework.origin,
              'send floor': send.origin,
            }[server],
            path: page.path,
            cookie: cookies[i],
            pid: {
              site: sitePid,
              'framework floor': async () => framework.pid,
              'send floor': async () => send.pid,
            }[server],
            connections: CONNECTIONS,
          })),
        ),
      ];
      const idleMb = rssMb(await sitePid());
      const runs: LoadRun[] = [];
      for (const connections of CONNECTIONS) {
        for (const t of targets.filter((t) => t.connections.includes(connections))) {
          // A site server that died (an incident) is started afresh for the remaining runs.
          const pid = await t.pid();
          const url = (t.server === 'site' ? (await alive()).origin : t.origin) + t.path;
          // The warm-up (not recorded) tells how many requests fill about `seconds`.
          const warmUp = await load(url, connections, { seconds: 1 }, t.cookie);
          const amount = Math.max(connections * 3, Math.round(warmUp.requestsPerSecond * seconds));
          await (pid ? settle(pid) : c.sleep(300));
          const measured = await load(url, connections, { seconds, amount }, t.cookie, pid);
          runs.push({ target: t.target, server: t.server, connections, ...measured });
          await (pid ? settle(pid) : c.sleep(300));
        }
      }
      const siteRuns = runs.filter((r) => r.server === 'site');
      const peakMb = Math.max(idleMb, ...siteRuns.map((run) => run.rssMb?.max ?? 0));
      const rss = { idleMb: c.round(idleMb, 1), peakMb: c.round(peakMb, 1) };

      await Promise.all([framework.stop(), send.stop()]);
      const mix = PAGES.map((page, i) => ({
        url: origin + page.path,
        headers: { ...LOAD_HEADERS, ...(cookies[i] ? { cookie: cookies[i] } : {}) },
      }));
      c.log('server: capacity on one core');
      const cores = await capacity(await sitePid(), mix, capacitySeconds, 6);
      const bytes = visits[0]!;
      return {
        secondsPerRun: seconds,
        runs,
        nginx: nginxProblem,
        rss,
        markup,
        bytes,
        capacity: cores,
      };
    });
  } finally {
    for (const stop of stops) await stop();
    await nginx?.stop();
  }
}
type ServerResult = Awaited<ReturnType<typeof run>>;

/** Each page's CPU per request beside its floors', per connection count. */
function ratios(server: ServerResult) {
  const of = (target: string, s: ServerName, n: number) =>
    server.runs.find((r) => r.target === target && r.server === s && r.connections === n)
      ?.cpuMsPerRequest;
  return PAGES.map((page) => ({
    page: page.name,
    each: CONNECTIONS.flatMap((n) => {
      const [site, framework, send] = SERVERS.map((s) => of(page.name, s, n));
      if (!site || !framework || !send) return [];
      const [toFramework, toSend] = [c.round(site / framework, 2), c.round(site / send, 2)];
      return [{ n, site, framework, send, toFramework, toSend }];
    }),
  }));
}

function judge(server: ServerResult | undefined) {
  const labels = [
    ...PAGES.map(
      (p) =>
        `Server CPU per request, ${p.name} ≤ ${FRAMEWORK_BUDGET}× framework floor and ≤ ${SEND_BUDGET}× send floor`,
    ),
    `${BYTES_PAGE.name}: repeat visit ≤ ${REPEAT_VISIT_BUDGET / 1024} KB compressed`,
    `${CAPACITY.students.toLocaleString('en')} students (${CAPACITY_RATE} pages/s of the mix) on one core: p99 < ${CAPACITY.p99Ms} ms, no error`,
    `Prerendered / ≥ ${NGINX_SHARE * 100} % of nginx's req/s`,
    `Server RSS ≤ ${RSS_IDLE_MB} MB idle, ≤ ${RSS_LOAD_MB} MB under load`,
  ];
  if (!server) return budgetRows(labels);
  const { runs, rss, bytes, capacity: cores } = server;
  const cpu = ratios(server).map(({ each }) => {
    const text = each.map(
      (r) =>
        `${r.n} conn.: ${r.site.toFixed(3)} ms = ${r.toFramework.toFixed(2)}× framework (${r.framework.toFixed(3)}), ${r.toSend.toFixed(2)}× send (${r.send.toFixed(3)})`,
    );
    const ok = each.every((r) => r.toFramework <= FRAMEWORK_BUDGET && r.toSend <= SEND_BUDGET);
    return each.length === CONNECTIONS.length ? judged(text.join('; '), ok) : 'no figure';
  });
  const { first, repeat } = bytes;
  const bytesRow = judged(
    `repeat ${kb(repeat.bytes)} (${repeat.encoding}); first ${kb(first.bytes)} (document ${kb(first.documentBytes)} + ${first.stylesheets} stylesheet(s))`,
    repeat.bytes <= REPEAT_VISIT_BUDGET,
  );
  const capacityRow =
    'skipped' in cores
      ? cores.skipped
      : judged(
          `p99 ${ms(cores.budget.latency.p99, 0)}, ${cores.budget.errors} errors, ${cores.budget.notOk} non-200 at ${CAPACITY_RATE}/s; capacity ${cores.capacity ? `${cores.capacity} pages/s` : `below ${Math.min(...cores.steps.map((s) => s.rate))} pages/s`} (p99 crossed ${CAPACITY.p99Ms} ms ${cores.crossed ? `at ${cores.crossed}/s` : `above ${CAPACITY_STEPS_UP.at(-1)}/s`})`,
          cores.budget.ok,
        );
  const of = (s: ServerName, n: number) =>
    runs.find((r) => r.target === '/ (prerendered)' && r.server === s && r.connections === n)
      ?.requestsPerSecond;
  const shares = CONNECTIONS.flatMap((n) => {
    const [site, nginx] = [of('site', n), of('nginx', n)];
    return site === undefined || !nginx ? [] : [{ n, share: c.round(site / nginx, 3) }];
  });
  const each = shares.map(({ n, share }) => `${n} connections: ${(share * 100).toFixed(1)} %`);
  return budgetRows(labels, [
    ...cpu,
    bytesRow,
    capacityRow,
    shares.length
      ? judged(each.join('; '), !shares.some(({ share }) => share < NGINX_SHARE))
      : (server.nginx ?? 'no figure'),
    judged(
      `${rss.idleMb.toFixed(0)} MB idle, ${rss.peakMb.toFixed(0)} MB peak under load`,
      rss.idleMb <= RSS_IDLE_MB && rss.peakMb <= RSS_LOAD_MB,
    ),
  ]);
}

function details(server: ServerResult) {
  const ratioOf = new Map(
    ratios(server).flatMap(({ page, each }) =>
      each.map((r) => [`${page} ${r.n}` as string, r] as const),
    ),
  );
  const { first, repeat } = server.bytes;
  const cores = server.capacity;
  return [
    table(server.runs, [
      ['target', (r) => r.target],
      ['server', (r) => r.server],
      ['connections', (r) => String(r.connections)],
      ['req/s', (r) => String(r.requestsPerSecond)],
      ['p50 / p99', (r) => `${ms(r.latencyMs.p50, 0)} / ${ms(r.latencyMs.p99, 0)}`],
      ['errors / non-2xx', (r) => `${r.errors} / ${r.non2xx}`],
      ['CPU / request', (r) => ms(r.cpuMsPerRequest, 3)],
      [
        '× framework / × send',
        (r) => {
          const ratio = r.server === 'site' && ratioOf.get(`${r.target} ${r.connections}`);
          return ratio ? `${ratio.toFramework.toFixed(2)} / ${ratio.toSend.toFixed(2)}` : '';
        },
      ],
      [
        'RSS median / max',
        (r) => (r.rssMb ? `${r.rssMb.median.toFixed(0)} / ${r.rssMb.max.toFixed(0)} MB` : '–'),
      ],
    ]),
    `About ${server.secondsPerRun} s per run (the requests the 1 s warm-up's rate fills in that time, all answered before the CPU is read), \`Accept-Encoding: gzip\`, ${USERS.toLocaleString('en')} users in the database; each page with the cookies a repeat visit sends. ` +
      `The floors serve the site's page captured at the start of the run; the framework floor re-renders it to ${server.markup.map((m) => `${((m.framework / m.site) * 100).toFixed(0)} %`).join(', ')} of the site's document size (${server.markup.map((m) => m.encoding).join(', ')} as the site sent them).` +
      `${server.nginx ? ` No nginx ceiling: ${server.nginx}.` : ''}`,
    table(
      [
        { visit: 'first', ...first },
        { visit: 'repeat', ...repeat },
      ],
      [
        ['visit to ' + BYTES_PAGE.name, (v) => v.visit],
        ['compressed bytes', (v) => kb(v.bytes)],
        [
          'document',
          (v) => `${kb(v.documentBytes)} ${v.encoding} (${kb(v.uncompressedBytes)} before)`,
        ],
        ['headers', (v) => kb(v.headerBytes)],
        ['stylesheets fetched', (v) => String(v.stylesheets)],
      ],
    ),
    'skipped' in cores
      ? `Capacity not measured: ${cores.skipped}.`
      : table(
          [cores.budget, ...cores.steps],
          [
            ['pages/s asked', (s) => String(s.rate)],
            ['sent/s', (s) => String(s.sentPerSecond)],
            [
              'p50 / p99 / max',
              (s) => `${ms(s.latency.p50, 0)} / ${ms(s.latency.p99, 0)} / ${ms(s.latency.max, 0)}`,
            ],
            ['errors / non-200', (s) => `${s.errors} / ${s.notOk}`],
            ['CPU / request', (s) => ms(s.cpuMs, 3)],
            ['p99 < 200 ms, no error', (s) => (s.ok ? 'yes' : 'no')],
            ['load average', (s) => s.load.toFixed(2)],
          ],
        ),
  ].join('\n\n');
}

export default definePart({ title: 'Server', needsBuild: true, run, judge, details });
