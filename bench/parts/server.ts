/**
 * The production server under autocannon (`/healthz`, prerendered `/`, a student page, the
 * admin search) at 10 and 100 connections: req/s beside nginx serving the same file, CPU per
 * request as a ratio to `/healthz` in the same run, and RSS.
 */
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  envInteger,
  log,
  round,
  siteRoot,
  sleep,
  spread,
  tempDir,
  withTimeout,
} from '../lib/common';
import { send } from '../lib/http';
import { ensureNginx, startNginx } from '../lib/nginx';
import { cpuSeconds, rssMb, sampleRss, seedUsers, withSite } from '../lib/processes';
import { definePart, judged, kb, ms, NA, row, table } from '../lib/report';

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

interface LoadRun {
  target: string;
  connections: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  errors: number;
  non2xx: number;
  rssMb?: { median: number; max: number };
  /** Server CPU time (user + system) per request during the run (the site only). */
  cpuMsPerRequest?: number;
}

async function load(url: string, connections: number, seconds: number, cookie?: string) {
  const headers: Record<string, string> = { ...BASE_HEADERS, ...(cookie ? { cookie } : {}) };
  const instance = autocannon({ url, connections, duration: seconds, timeout: 10, headers });
  // The run ends by itself after `seconds`; the watchdog only guards against a hang.
  const guard = setTimeout(() => instance.stop(), (seconds + 20) * 1000);
  return withTimeout(instance, (seconds + 30) * 1000, `autocannon ${url}`).finally(() =>
    clearTimeout(guard),
  );
}

async function run() {
  const seconds = envInteger('BENCH_SERVER_SECONDS', 10);
  const databaseUrl = join(tempDir('server'), 'bench.sqlite');
  await seedUsers(databaseUrl, USERS, 120_000);
  const nginxProblem = await ensureNginx();
  if (nginxProblem) log(`server: ${nginxProblem}; no ceiling figure`);
  const nginx = nginxProblem
    ? undefined
    : await startNginx(join(siteRoot(), 'build/client/index.html'));
  const accounts = [
    { access: 'level-1' as const, name: 'Bench Student' },
    { access: 'admin' as const, name: 'Bench Admin' },
  ];
  // No SMTP sink: the server runs with its default mail transport, as this part measured it
  // before the parts shared a harness (a sink's connection pool would change the idle RSS).
  const options = { accounts, smtp: false };
  try {
    return await withSite('load', databaseUrl, options, async ({ alive, accounts }) => {
      const [student, admin] = accounts;
      const site = async () => (await alive()).origin;
      const targets = [
        { name: HEALTHZ, origin: site, path: '/healthz' },
        { name: 'site /', origin: site, path: '/' },
        ...(nginx ? [{ name: 'nginx /', origin: async () => nginx.origin, path: '/' }] : []),
        {
          name: 'site /fed/javascript (level-1)',
          origin: site,
          path: '/fed/javascript',
          cookie: student!.cookie,
        },
        {
          name: 'site /admin/home?q=a (admin)',
          origin: site,
          path: '/admin/home?q=a',
          cookie: admin!.cookie,
        },
      ];
      const checks = [];
      for (const { name, origin, path, cookie } of targets) {
        const answer = await send((await origin()) + path, { cookie, headers: BASE_HEADERS });
        const encoding = answer.headers.get('content-encoding');
        checks.push({ target: name, status: answer.status, encoding, bytes: answer.body.length });
        if (answer.status !== 200) {
          throw new Error(`${name} answered ${answer.status}, not 200: nothing to measure`);
        }
      }
      const idleMb = rssMb((await alive()).serverPid());
      const runs: LoadRun[] = [];
      for (const connections of CONNECTIONS) {
        for (const target of targets) {
          // A server that died (an incident) is started afresh for the remaining runs.
          const pid = (await alive()).serverPid();
          const url = (await target.origin()) + target.path;
          await load(url, connections, 2, target.cookie); // warm-up, not recorded
          await sleep(300);
          const onSite = target.name.startsWith('site');
          const stopSampling = onSite ? sampleRss(pid) : undefined;
          const cpuBefore = cpuSeconds(pid);
          const result = await load(url, connections, seconds, target.cookie);
          const cpuUsed = cpuSeconds(pid) - cpuBefore;
          const samples = stopSampling?.();
          const requests = result.requests.total;
          runs.push({
            target: target.name,
            connections,
            requestsPerSecond: round(requests / result.duration, 0),
            latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
            errors: result.errors,
            non2xx: result.non2xx,
            rssMb: samples?.length ? spread(samples) : undefined,
            cpuMsPerRequest:
              onSite && requests > 0 && Number.isFinite(cpuUsed)
                ? round((cpuUsed * 1000) / requests, 3)
                : undefined,
          });
          log(`server: ${target.name} c=${connections}: ${runs.at(-1)!.requestsPerSecond} req/s`);
          await sleep(500);
        }
      }
      const find = (target: string, connections: number) =>
        runs.find((run) => run.target === target && run.connections === connections);
      const ratios = CONNECTIONS.flatMap((connections) => {
        const [site, ceiling] = [find('site /', connections), find('nginx /', connections)];
        if (!site || !ceiling) return [];
        const [siteRps, nginxRps] = [site.requestsPerSecond, ceiling.requestsPerSecond];
        return [{ connections, siteRps, nginxRps, ratio: round(siteRps / nginxRps, 3) }];
      });
      const cpuRatios = runs.flatMap(({ target, connections, cpuMsPerRequest }) => {
        const healthz = find(HEALTHZ, connections)?.cpuMsPerRequest;
        if (target === HEALTHZ || !healthz || !cpuMsPerRequest) return [];
        const ratio = round(cpuMsPerRequest / healthz, 2);
        return [{ target, connections, cpuMsPerRequest, healthzCpuMsPerRequest: healthz, ratio }];
      });
      const peakMb = Math.max(idleMb, ...runs.map((run) => run.rssMb?.max ?? 0));
      const afterMb = rssMb((await alive()).serverPid());
      const rss = {
        idleMb: round(idleMb, 1),
        peakMb: round(peakMb, 1),
        afterMb: round(afterMb, 1),
      };
      return { secondsPerRun: seconds, checks, runs, ratios, cpuRatios, nginx: nginxProblem, rss };
    });
  } finally {
    await nginx?.stop();
  }
}
type ServerResult = Awaited<ReturnType<typeof run>>;

function judge(server: ServerResult | undefined) {
  const cpuLabel = (target: string, limit: number) =>
    `Server CPU per request, ${target.replace(/^site /, '')} ≤ ${limit}× /healthz`;
  const nginxLabel = `Prerendered / ≥ ${NGINX_SHARE * 100} % of nginx's req/s`;
  const rssLabel = `Server RSS ≤ ${RSS_IDLE_MB} MB idle, ≤ ${RSS_LOAD_MB} MB under load`;
  const budgets = Object.entries(CPU_RATIO_BUDGET);
  if (!server) {
    const labels = [...budgets.map(([t, limit]) => cpuLabel(t, limit)), nginxLabel, rssLabel];
    return labels.map((label) => row(label, '', NA));
  }
  const { ratios, rss } = server;
  const cpuRows = budgets.map(([target, limit]) => {
    const mine = server.cpuRatios.filter((r) => r.target === target);
    if (!mine.length) return row(cpuLabel(target, limit), 'no figure', NA);
    const each = mine.map(
      (r) =>
        `${r.connections} connections: ${r.cpuMsPerRequest.toFixed(3)} vs ${r.healthzCpuMsPerRequest.toFixed(3)} ms = ${r.ratio.toFixed(2)}×`,
    );
    return {
      budget: cpuLabel(target, limit),
      ...judged(
        each.join('; '),
        mine.every((r) => r.ratio <= limit),
      ),
    };
  });
  const shares = ratios.map((r) => `${r.connections} connections: ${(r.ratio * 100).toFixed(1)} %`);
  return [
    ...cpuRows,
    ratios.length
      ? {
          budget: nginxLabel,
          ...judged(
            shares.join('; '),
            ratios.every((r) => r.ratio >= NGINX_SHARE),
          ),
        }
      : row(nginxLabel, server.nginx ?? 'no figure', NA),
    {
      budget: rssLabel,
      ...judged(
        `${rss.idleMb.toFixed(0)} MB idle, ${rss.peakMb.toFixed(0)} MB peak under load`,
        rss.idleMb <= RSS_IDLE_MB && rss.peakMb <= RSS_LOAD_MB,
      ),
    },
  ];
}

function details(server: ServerResult) {
  const { rss } = server;
  const checks = server.checks.map(
    (c) =>
      `${c.target} ${c.status}${c.encoding ? ` ${c.encoding}` : ''}, ${kb(c.bytes)} uncompressed`,
  );
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
    '',
    `${server.secondsPerRun} s per run after a 2 s warm-up, \`Accept-Encoding: gzip\`, ${USERS.toLocaleString('en')} users in the database; ` +
      `server RSS ${rss.idleMb.toFixed(0)} MB idle, ${rss.peakMb.toFixed(0)} MB peak, ${rss.afterMb.toFixed(0)} MB after. ` +
      `${server.nginx ? `No nginx ceiling: ${server.nginx}. ` : ''}Answers before the load: ${checks.join('; ')}.`,
    '',
  ].join('\n');
}

export default definePart({ title: 'Server', needsBuild: true, run, judge, details });
