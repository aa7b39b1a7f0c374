/**
 * The production server under autocannon (`/healthz`, prerendered `/`, a student page, the
 * admin search) at 10 and 100 connections: req/s beside nginx serving the same file, CPU per
 * request as a ratio to `/healthz` in the same run, and RSS.
 */
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createAccounts, type Account } from '../../tests/support/accounts';
import {
  envInteger,
  log,
  median,
  round,
  siteRoot,
  sleep,
  tempDir,
  withTimeout,
} from '../lib/common';
import { ensureNginx, startNginx, type RunningNginx } from '../lib/nginx';
import { cpuSeconds, rssMb, sampleRss, seedUsers, startAppServer } from '../lib/processes';
import { definePart, kb, ms, NA, row, table, verdict } from '../lib/report';

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
  path: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; mean: number; max: number };
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
  try {
    return await withTimeout(instance, (seconds + 30) * 1000, `autocannon ${url}`);
  } finally {
    clearTimeout(guard);
  }
}

async function run() {
  const seconds = envInteger('BENCH_SERVER_SECONDS', 10);
  const databaseUrl = join(tempDir('server'), 'bench.sqlite');
  await seedUsers(databaseUrl, USERS, 120_000);
  const [student, admin] = (await createAccounts(databaseUrl, [
    { access: 'level-1', name: 'Bench Student' },
    { access: 'admin', name: 'Bench Admin' },
  ])) as [Account, Account];
  let server = await startAppServer('site server (load)', databaseUrl);
  const nginxProblem = await ensureNginx();
  let nginx: RunningNginx | undefined;
  if (nginxProblem) log(`server: ${nginxProblem}; no ceiling figure`);
  else nginx = await startNginx(join(siteRoot(), 'build/client/index.html'));
  try {
    const site = (name: string, path: string, cookie?: string) => ({
      name,
      origin: () => server.origin,
      path,
      cookie,
      site: true,
    });
    const targets = [
      site(HEALTHZ, '/healthz'),
      site('site /', '/'),
      ...(nginx ? [{ name: 'nginx /', origin: () => nginx!.origin, path: '/', site: false }] : []),
      site('site /fed/javascript (level-1)', '/fed/javascript', student.cookie),
      site('site /admin/home?q=a (admin)', '/admin/home?q=a', admin.cookie),
    ] as { name: string; origin: () => string; path: string; cookie?: string; site: boolean }[];

    const checks = [];
    for (const target of targets) {
      const response = await fetch(target.origin() + target.path, {
        headers: { ...BASE_HEADERS, ...(target.cookie ? { cookie: target.cookie } : {}) },
        redirect: 'manual',
      });
      const body = await response.arrayBuffer();
      const encoding = response.headers.get('content-encoding');
      checks.push({
        target: target.name,
        status: response.status,
        encoding,
        bytes: body.byteLength,
      });
      if (response.status !== 200) {
        throw new Error(`${target.name} answered ${response.status}, not 200: nothing to measure`);
      }
    }

    let pid = server.serverPid();
    const idleMb = rssMb(pid);
    log(`server: node pid ${pid}, idle RSS ${idleMb.toFixed(0)} MB`);
    const runs: LoadRun[] = [];
    for (const connections of CONNECTIONS) {
      for (const target of targets) {
        if (server.exited()) {
          // It died (recorded as an incident): the remaining runs get a fresh one.
          server = await startAppServer('site server (load, restarted)', databaseUrl);
          pid = server.serverPid();
        }
        const url = target.origin() + target.path;
        await load(url, connections, 2, target.cookie); // warm-up, not recorded
        await sleep(300);
        const stopSampling = target.site ? sampleRss(pid) : undefined;
        const cpuBefore = cpuSeconds(pid);
        const result = await load(url, connections, seconds, target.cookie);
        const cpuUsed = cpuSeconds(pid) - cpuBefore;
        const samples = stopSampling?.();
        const requests = result.requests.total;
        const run = {
          target: target.name,
          path: target.path,
          connections,
          seconds: result.duration,
          requestsPerSecond: round(requests / result.duration, 0),
          latencyMs: {
            p50: result.latency.p50,
            p99: result.latency.p99,
            mean: round(result.latency.mean, 2),
            max: result.latency.max,
          },
          errors: result.errors,
          non2xx: result.non2xx,
          rssMb: samples?.length
            ? { median: round(median(samples), 1), max: round(Math.max(...samples), 1) }
            : undefined,
          cpuMsPerRequest:
            target.site && requests > 0 && Number.isFinite(cpuUsed)
              ? round((cpuUsed * 1000) / requests, 3)
              : undefined,
        };
        runs.push(run);
        log(
          `server: ${target.name} c=${connections}: ${run.requestsPerSecond} req/s, p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms` +
            (run.rssMb ? `, RSS ${run.rssMb.max} MB max` : '') +
            (run.cpuMsPerRequest !== undefined ? `, CPU ${run.cpuMsPerRequest} ms/request` : ''),
        );
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
    const cpuRatios = runs.flatMap((run) => {
      const healthz = find(HEALTHZ, run.connections)?.cpuMsPerRequest;
      if (run.target === HEALTHZ || !healthz || !run.cpuMsPerRequest) return [];
      const { target, connections, cpuMsPerRequest } = run;
      const ratio = round(cpuMsPerRequest / healthz, 2);
      return [{ target, connections, cpuMsPerRequest, healthzCpuMsPerRequest: healthz, ratio }];
    });
    const peakMb = Math.max(idleMb, ...runs.map((run) => run.rssMb?.max ?? 0));
    return {
      secondsPerRun: seconds,
      users: USERS,
      checks,
      runs,
      ratios,
      cpuRatios,
      nginx: nginxProblem,
      rss: { idleMb: round(idleMb, 1), peakMb: round(peakMb, 1), afterMb: round(rssMb(pid), 1) },
    };
  } finally {
    await nginx?.stop();
    await server.stop();
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
    return [...budgets.map(([t, limit]) => cpuLabel(t, limit)), nginxLabel, rssLabel].map((label) =>
      row(label, '', NA),
    );
  }
  const { ratios, rss } = server;
  return [
    ...budgets.map(([target, limit]) => {
      const mine = server.cpuRatios.filter((r) => r.target === target);
      if (!mine.length) return row(cpuLabel(target, limit), 'no figure', NA);
      return row(
        cpuLabel(target, limit),
        mine
          .map(
            (r) =>
              `${r.connections} connections: ${r.cpuMsPerRequest.toFixed(3)} vs ${r.healthzCpuMsPerRequest.toFixed(3)} ms = ${r.ratio.toFixed(2)}×`,
          )
          .join('; '),
        verdict(mine.every((r) => r.ratio <= limit)),
      );
    }),
    ratios.length
      ? row(
          nginxLabel,
          ratios
            .map((r) => `${r.connections} connections: ${(r.ratio * 100).toFixed(1)} %`)
            .join('; '),
          verdict(ratios.every((r) => r.ratio >= NGINX_SHARE)),
        )
      : row(nginxLabel, server.nginx ?? 'no figure', NA),
    row(
      rssLabel,
      `${rss.idleMb.toFixed(0)} MB idle, ${rss.peakMb.toFixed(0)} MB peak under load`,
      verdict(rss.idleMb <= RSS_IDLE_MB && rss.peakMb <= RSS_LOAD_MB),
    ),
  ];
}

function details(server: ServerResult) {
  const head = ['target', 'connections', 'req/s', 'p50', 'p99', 'errors / non-2xx'];
  const lines = [
    table(
      [...head, 'server CPU / request', 'server RSS (median / max)'],
      server.runs.map((run) => [
        run.target,
        String(run.connections),
        String(run.requestsPerSecond),
        ms(run.latencyMs.p50, 0),
        ms(run.latencyMs.p99, 0),
        `${run.errors} / ${run.non2xx}`,
        run.cpuMsPerRequest !== undefined ? ms(run.cpuMsPerRequest, 3) : '–',
        run.rssMb ? `${run.rssMb.median.toFixed(0)} / ${run.rssMb.max.toFixed(0)} MB` : '–',
      ]),
    ),
    '',
  ];
  if (server.ratios.length) {
    lines.push(
      `Prerendered \`/\` from the site's server vs the same file from nginx, same run: ` +
        server.ratios
          .map(
            (r) =>
              `${r.connections} connections ${r.siteRps} vs ${r.nginxRps} req/s = **${(r.ratio * 100).toFixed(1)} %** of nginx`,
          )
          .join('; ') +
        '.',
      '',
    );
  } else if (server.nginx) {
    lines.push(`No nginx ceiling: ${server.nginx}.`, '');
  }
  const { rss } = server;
  lines.push(
    `Server process RSS: ${rss.idleMb.toFixed(0)} MB idle before the load, ` +
      `${rss.peakMb.toFixed(0)} MB peak under it, ${rss.afterMb.toFixed(0)} MB after. ` +
      `${server.secondsPerRun} s per run after a 2 s warm-up; the database holds ${server.users.toLocaleString('en')} users; ` +
      `requests carry \`Accept-Encoding: gzip\`.`,
    '',
    'Response check before the load: ' +
      server.checks
        .map(
          (c) =>
            `${c.target} ${c.status}${c.encoding ? ` ${c.encoding}` : ''}, ${kb(c.bytes)} uncompressed`,
        )
        .join('; ') +
      '.',
    '',
  );
  return lines.join('\n');
}

export default definePart({ title: 'Server', needsBuild: true, run, judge, details });
