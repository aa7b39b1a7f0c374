/** The production server under autocannon beside nginx: req/s, CPU per request, RSS. */
import { join } from 'node:path';
import autocannon from 'autocannon';
import * as c from '../lib/common';
import { send } from '../lib/http';
import { missingNginx, startNginx } from '../lib/nginx';
import { cpuSeconds, rssMb, sampleRss, seedUsers, withSite } from '../lib/processes';
import { budgetRows, definePart, judged, ms, table } from '../lib/report';

/** Every load sends what a browser would send for these. */
const BASE_HEADERS = { 'accept-encoding': 'gzip', accept: 'text/html' };
const CONNECTIONS = [10, 100] as const;
const HEALTHZ = 'site /healthz';
/** Users in the server's database, so the admin search reads a table of plausible size. */
const USERS = 1_000;
/** Server CPU per request as a multiple of `/healthz` on the same server, same run. */
const CPU_RATIO_BUDGET: Record<string, number> = {
  'site /': 1.5,
  'site /fed/javascript (level-1)': 6,
  'site /admin/home?q=a (admin)': 8,
};
/** Prerendered `/` at this share of nginx's requests per second for the same file. */
const NGINX_SHARE = 0.9;
const RSS_IDLE_MB = 120;
const RSS_LOAD_MB = 200;

/** One load of `seconds`; with the server's `pid`, its RSS and CPU per request during it. */
async function load(url: string, connections: number, seconds: number, cookie?: string, pid = 0) {
  const headers: Record<string, string> = { ...BASE_HEADERS, ...(cookie ? { cookie } : {}) };
  const stopSampling = pid ? sampleRss(pid) : undefined;
  const cpuBefore = pid ? cpuSeconds(pid) : Number.NaN;
  const instance = autocannon({ url, connections, duration: seconds, timeout: 10, headers });
  // The run ends by itself after `seconds`; the watchdog only guards against a hang.
  const guard = setTimeout(() => instance.stop(), (seconds + 20) * 1000);
  const timeout = c.withTimeout(instance, (seconds + 30) * 1000, `autocannon ${url}`);
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

type LoadRun = Awaited<ReturnType<typeof load>> & { target: string; connections: number };

async function run() {
  const seconds = c.envInteger('BENCH_SERVER_SECONDS', 10);
  const databaseUrl = join(c.tempDir('server'), 'bench.sqlite');
  await seedUsers(databaseUrl, USERS, 120_000);
  const nginxProblem = missingNginx();
  if (nginxProblem) c.log(`server: ${nginxProblem}; no ceiling figure`);
  const file = join(c.siteRoot(), 'build/client/index.html');
  const nginx = nginxProblem ? undefined : await startNginx(file);
  const accounts = [
    { access: 'level-1' as const, name: 'Bench Student' },
    { access: 'admin' as const, name: 'Bench Admin' },
  ];
  // No SMTP sink: the server runs with its default mail transport, as this part measured it
  // before the parts shared a harness (a sink's connection pool would change the idle RSS).
  const options = { accounts, smtp: false };
  try {
    return await withSite('load', databaseUrl, options, async ({ alive, accounts }) => {
      const [student, admin] = accounts.map((account) => account.cookie);
      type Target = { name: string; path: string; cookie?: string; nginx?: string };
      const targets: Target[] = [
        { name: HEALTHZ, path: '/healthz' },
        { name: 'site /', path: '/' },
        ...(nginx ? [{ name: 'nginx /', path: '/', nginx: nginx.origin }] : []),
        { name: 'site /fed/javascript (level-1)', path: '/fed/javascript', cookie: student },
        { name: 'site /admin/home?q=a (admin)', path: '/admin/home?q=a', cookie: admin },
      ];
      const urlOf = async (t: Target) => (t.nginx ?? (await alive()).origin) + t.path;
      for (const target of targets) {
        const { name, cookie } = target;
        const answer = await send(await urlOf(target), { cookie, headers: BASE_HEADERS });
        if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}, not 200`);
      }
      const idleMb = rssMb((await alive()).serverPid());
      const runs: LoadRun[] = [];
      for (const connections of CONNECTIONS) {
        for (const target of targets) {
          // A server that died (an incident) is started afresh for the remaining runs.
          const pid = target.name.startsWith('site') ? (await alive()).serverPid() : 0;
          const url = await urlOf(target);
          await load(url, connections, 2, target.cookie); // warm-up, not recorded
          await c.sleep(300);
          const measured = await load(url, connections, seconds, target.cookie, pid);
          runs.push({ target: target.name, connections, ...measured });
          await c.sleep(500);
        }
      }
      const peakMb = Math.max(idleMb, ...runs.map((run) => run.rssMb?.max ?? 0));
      const rss = { idleMb: c.round(idleMb, 1), peakMb: c.round(peakMb, 1) };
      return { secondsPerRun: seconds, runs, nginx: nginxProblem, rss };
    });
  } finally {
    await nginx?.stop();
  }
}
type ServerResult = Awaited<ReturnType<typeof run>>;

function judge(server: ServerResult | undefined) {
  const budgets = Object.entries(CPU_RATIO_BUDGET);
  const labels = [
    ...budgets.map(([t, limit]) => `Server CPU per request, ${t.slice(5)} ≤ ${limit}× /healthz`),
    `Prerendered / ≥ ${NGINX_SHARE * 100} % of nginx's req/s`,
    `Server RSS ≤ ${RSS_IDLE_MB} MB idle, ≤ ${RSS_LOAD_MB} MB under load`,
  ];
  if (!server) return budgetRows(labels);
  const { runs, rss } = server;
  const of = (target: string, connections: number) =>
    runs.find((run) => run.target === target && run.connections === connections);
  const cpu = budgets.map(([target, limit]) => {
    const mine = CONNECTIONS.flatMap((n) => {
      const [cpu, healthz] = [of(target, n)?.cpuMsPerRequest, of(HEALTHZ, n)?.cpuMsPerRequest];
      return cpu && healthz ? [{ n, cpu, healthz, ratio: c.round(cpu / healthz, 2) }] : [];
    });
    const each = mine.map(
      (r) =>
        `${r.n} connections: ${r.cpu.toFixed(3)} vs ${r.healthz.toFixed(3)} ms = ${r.ratio.toFixed(2)}×`,
    );
    return mine.length ? judged(each.join('; '), !mine.some((r) => r.ratio > limit)) : 'no figure';
  });
  const shares = CONNECTIONS.flatMap((n) => {
    const [site, nginx] = [of('site /', n)?.requestsPerSecond, of('nginx /', n)?.requestsPerSecond];
    return site === undefined || !nginx ? [] : [{ n, share: c.round(site / nginx, 3) }];
  });
  const each = shares.map(({ n, share }) => `${n} connections: ${(share * 100).toFixed(1)} %`);
  return budgetRows(labels, [
    ...cpu,
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
  return [
    table(server.runs, [
      ['target', (r) => r.target],
      ['connections', (r) => String(r.connections)],
      ['req/s', (r) => String(r.requestsPerSecond)],
      ['p50 / p99', (r) => `${ms(r.latencyMs.p50, 0)} / ${ms(r.latencyMs.p99, 0)}`],
      ['errors / non-2xx', (r) => `${r.errors} / ${r.non2xx}`],
      ['server CPU / request', (r) => ms(r.cpuMsPerRequest, 3)],
      [
        'server RSS median / max',
        (r) => (r.rssMb ? `${r.rssMb.median.toFixed(0)} / ${r.rssMb.max.toFixed(0)} MB` : '–'),
      ],
    ]),
    `${server.secondsPerRun} s per run after a 2 s warm-up, \`Accept-Encoding: gzip\`, ${USERS.toLocaleString('en')} users in the database.` +
      `${server.nginx ? ` No nginx ceiling: ${server.nginx}.` : ''}`,
  ].join('\n\n');
}

export default definePart({ title: 'Server', needsBuild: true, run, judge, details });
