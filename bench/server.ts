/**
 * Throughput and latency of the production server under autocannon: `/healthz`, the
 * prerendered home page, a signed-in student page and the admin list with a search, at 10
 * and 100 connections; the same prerendered file from nginx in the same run as the
 * ceiling; the server process's CPU time per request (from /proc/<pid>/stat, as a ratio to
 * `/healthz` in the same run); and its resident memory idle and under that load.
 */
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createAccounts, type Account } from '../tests/support/accounts';
import {
  envNumber,
  log,
  median,
  ROOT,
  round,
  siteRoot,
  sleep,
  tempDir,
  withTimeout,
} from './lib/common';
import { ensureNginx, startNginx, type RunningNginx } from './lib/nginx';
import { cpuSeconds, rssMb, runCommand, sampleRss, startAppServer } from './lib/processes';

/** Every load sends what a browser would send for these. */
const BASE_HEADERS = { 'accept-encoding': 'gzip', accept: 'text/html' };
const CONNECTIONS = [10, 100] as const;
const HEALTHZ = 'site /healthz';
/** Users in the server's database, so the admin search reads a table of plausible size. */
const SERVER_BENCH_USERS = 1_000;

export interface LoadRun {
  target: string;
  path: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; mean: number; max: number };
  errors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** The server's RSS during the run (the site only). */
  rssMb?: { median: number; max: number };
  /** Server CPU time (user + system) per request during the run (the site only). */
  cpuMsPerRequest?: number;
}

/** CPU per request of a site target as a multiple of `/healthz` at the same connections. */
export interface CpuRatio {
  target: string;
  connections: number;
  cpuMsPerRequest: number;
  healthzCpuMsPerRequest: number;
  ratio: number;
}

export interface ServerResult {
  secondsPerRun: number;
  users: number;
  checks: { target: string; status: number; encoding: string | null; bytes: number }[];
  runs: LoadRun[];
  /** Site `/` ÷ nginx `/` requests per second, per connection count. */
  ratios: { connections: number; siteRps: number; nginxRps: number; ratio: number }[];
  cpuRatios: CpuRatio[];
  nginx?: string;
  rss: { idleMb: number; peakMb: number; afterMb: number };
}

interface Target {
  name: string;
  origin: () => string;
  path: string;
  cookie?: string;
  site: boolean;
}

async function load(url: string, connections: number, seconds: number, cookie?: string) {
  const headers: Record<string, string> = { ...BASE_HEADERS };
  if (cookie) headers.cookie = cookie;
  const instance = autocannon({ url, connections, duration: seconds, timeout: 10, headers });
  // The run ends by itself after `seconds`; the watchdog only guards against a hang.
  const guard = setTimeout(() => instance.stop(), (seconds + 20) * 1000);
  try {
    return await withTimeout(instance, (seconds + 30) * 1000, `autocannon ${url}`);
  } finally {
    clearTimeout(guard);
  }
}

export async function runServer(): Promise<ServerResult> {
  const seconds = Math.round(envNumber('BENCH_SERVER_SECONDS', 10));
  const dir = tempDir('server');
  const databaseUrl = join(dir, 'bench.sqlite');
  await runCommand(
    'db:seed-bench',
    join(ROOT, 'node_modules/.bin/tsx'),
    ['scripts/db-seed-bench.ts', String(SERVER_BENCH_USERS)],
    { cwd: siteRoot(), env: { DATABASE_URL: databaseUrl }, timeoutMs: 120_000 },
  );
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
    const targets: Target[] = [
      { name: HEALTHZ, origin: () => server.origin, path: '/healthz', site: true },
      { name: 'site /', origin: () => server.origin, path: '/', site: true },
      ...(nginx
        ? [{ name: 'nginx /', origin: () => nginx?.origin ?? '', path: '/', site: false }]
        : []),
      {
        name: 'site /fed/javascript (level-1)',
        origin: () => server.origin,
        path: '/fed/javascript',
        cookie: student.cookie,
        site: true,
      },
      {
        name: 'site /admin/home?q=a (admin)',
        origin: () => server.origin,
        path: '/admin/home?q=a',
        cookie: admin.cookie,
        site: true,
      },
    ];

    const checks: ServerResult['checks'] = [];
    for (const target of targets) {
      const response = await fetch(target.origin() + target.path, {
        headers: { ...BASE_HEADERS, ...(target.cookie ? { cookie: target.cookie } : {}) },
        redirect: 'manual',
      });
      const body = await response.arrayBuffer();
      checks.push({
        target: target.name,
        status: response.status,
        encoding: response.headers.get('content-encoding'),
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
        if (server.child.exitCode !== null || server.child.signalCode !== null) {
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
        const statusCodes: Record<string, number> = {};
        for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
          statusCodes[code] = Number(stats.count);
        }
        const run: LoadRun = {
          target: target.name,
          path: target.path,
          connections,
          seconds: result.duration,
          requestsPerSecond: round(result.requests.total / result.duration, 0),
          latencyMs: {
            p50: result.latency.p50,
            p99: result.latency.p99,
            mean: round(result.latency.mean, 2),
            max: result.latency.max,
          },
          errors: result.errors,
          non2xx: result.non2xx,
          statusCodes,
          rssMb: samples?.length
            ? { median: round(median(samples), 1), max: round(Math.max(...samples), 1) }
            : undefined,
          cpuMsPerRequest:
            target.site && result.requests.total > 0 && Number.isFinite(cpuUsed)
              ? round((cpuUsed * 1000) / result.requests.total, 3)
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

    const ratios = CONNECTIONS.flatMap((connections) => {
      const site = runs.find((run) => run.target === 'site /' && run.connections === connections);
      const ceiling = runs.find(
        (run) => run.target === 'nginx /' && run.connections === connections,
      );
      if (!site || !ceiling) return [];
      return [
        {
          connections,
          siteRps: site.requestsPerSecond,
          nginxRps: ceiling.requestsPerSecond,
          ratio: round(site.requestsPerSecond / ceiling.requestsPerSecond, 3),
        },
      ];
    });
    const cpuRatios = runs.flatMap((run): CpuRatio[] => {
      const healthz = runs.find(
        (other) => other.target === HEALTHZ && other.connections === run.connections,
      );
      if (run.target === HEALTHZ || !healthz?.cpuMsPerRequest || !run.cpuMsPerRequest) return [];
      return [
        {
          target: run.target,
          connections: run.connections,
          cpuMsPerRequest: run.cpuMsPerRequest,
          healthzCpuMsPerRequest: healthz.cpuMsPerRequest,
          ratio: round(run.cpuMsPerRequest / healthz.cpuMsPerRequest, 2),
        },
      ];
    });
    const peakMb = Math.max(idleMb, ...runs.map((run) => run.rssMb?.max ?? 0));
    return {
      secondsPerRun: seconds,
      users: SERVER_BENCH_USERS,
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
