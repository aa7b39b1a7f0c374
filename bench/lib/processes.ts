/** Child processes stopped by their ids at cleanup; their memory and CPU from /proc. */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '~/db/database.server';
import { createAccounts, type Account, type AccountRequest } from '../../tests/support/accounts';
import { serverProcess } from '../../tests/support/process-tree';
import { startSmtpSink } from '../../tests/support/smtp-sink';
import { freePort, log, onCleanup, recordIncident, ROOT, round, siteRoot, sleep } from './common';

export type Running = ReturnType<typeof startProcess>;

/** Variables from the caller's shell that would change how the server under test behaves. */
const INHERITED_SETTINGS =
  'PORT ORIGIN DATABASE_URL GOOGLE_CLIENT_ID GOOGLE_CLIENT_SECRET OIDC_ISSUER ADMIN_EMAILS TRUST_PROXY LOG_LEVEL';

const kill = (target: number, signal: NodeJS.Signals) => {
  try {
    process.kill(target, signal);
  } catch {
    // already gone
  }
};

/** A process in its own group, with its last 64 KB of output; a long-running one's exit is an incident. */
export function startProcess(
  label: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; longRunning?: boolean } = {},
) {
  const env = { ...process.env };
  for (const name of INHERITED_SETTINGS.split(' ')) delete env[name];
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-65_536));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const ended = new Promise<void>((done) => (exited() ? done() : child.once('exit', () => done())));
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${label}: could not start ${command}`);
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (stopping || !options.longRunning) return;
    const lines = output.trim().split('\n');
    const tail = lines.filter((line) => !line.includes('"msg":"request"')).slice(-6);
    recordIncident(
      `${label} (pid ${pid}) exited by itself (code ${code}, signal ${signal}); last output other than request logs: ${tail.join(' | ').slice(-800) || '(none)'}`,
    );
  });
  const stop = onCleanup(`stop ${label} (pid ${pid})`, async () => {
    stopping = true;
    if (exited()) return;
    kill(pid, 'SIGTERM');
    const done = await Promise.race([ended.then(() => true), sleep(8_000).then(() => false)]);
    // The whole group: npm runs the server through a shell and cross-env.
    kill(-pid, done ? 'SIGTERM' : 'SIGKILL');
    if (!done) await Promise.race([ended, sleep(2_000)]);
  });
  return { pid, child, output: () => output, exited, stop } as const;
}

/** Runs a command to completion; rejects with its output when it fails or overruns. */
export async function runCommand(
  label: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<string> {
  const running = startProcess(label, command, args, options);
  const timeoutMs = options.timeoutMs ?? 300_000;
  const timer = setTimeout(() => {
    log(`${label}: no result after ${timeoutMs} ms, stopping it`);
    void running.stop();
  }, timeoutMs);
  const code = await new Promise<number | null>((done) => running.child.once('exit', done));
  clearTimeout(timer);
  await running.stop();
  if (code !== 0) {
    throw new Error(`${label} failed (exit ${code}):\n${running.output().slice(-4_000)}`);
  }
  return running.output();
}

/** Resolves once `url` answers 2xx; rejects when the process exits first or `timeoutMs` passes. */
export async function waitForHttp(
  url: string,
  running: Running,
  label: string,
  timeoutMs = 60_000,
) {
  const ready = () => fetch(url, { signal: AbortSignal.timeout(2_000) }).then((a) => a.ok, String);
  for (const deadline = Date.now() + timeoutMs; (await ready()) !== true; await sleep(150)) {
    if (!running.exited() && Date.now() < deadline) continue;
    const why = running.exited() ? 'exited before it was ready' : `not ready in ${timeoutMs} ms`;
    await running.stop();
    throw new Error(`${label} ${why}:\n${running.output().slice(-4_000)}`);
  }
}

/** The site's production server (`npm start` after the build), and the node process under npm. */
async function startAppServer(label: string, databaseUrl: string, env: Record<string, string>) {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const running = startProcess(label, 'npm', ['run', '--silent', 'serve'], {
    cwd: siteRoot(),
    longRunning: true,
    env: { PORT: String(port), DATABASE_URL: databaseUrl, ...env },
  });
  await waitForHttp(`${origin}/readyz`, running, label);
  return { ...running, origin, serverPid: () => serverProcess(running.pid) };
}
export type AppServer = Awaited<ReturnType<typeof startAppServer>>;

/**
 * `work` with `servers` production servers on a migrated `databaseUrl` holding `accounts`
 * (signed in, in order), mailing an SMTP sink here unless `smtp` is false; `alive()` is the
 * first server, started afresh when it has died. Everything is stopped afterwards.
 */
export async function withSite<T>(
  label: string,
  databaseUrl: string,
  options: { env?: Record<string, string>; accounts?: AccountRequest[] } & {
    servers?: number;
    smtp?: boolean;
  },
  work: (site: {
    database: DatabaseHandle;
    servers: AppServer[];
    accounts: Account[];
    alive: () => Promise<AppServer>;
    mailReceived: () => number;
  }) => Promise<T>,
): Promise<T> {
  const accounts = await createAccounts(databaseUrl, options.accounts ?? []);
  const database = openDatabase(databaseUrl);
  const sink = options.smtp === false ? undefined : await startSmtpSink();
  const closeSink = onCleanup('stop the SMTP sink', async () => sink?.close());
  const mail: Record<string, string> = sink
    ? { SMTP_URL: sink.url, MAIL_FROM: 'Bench <bench@example.net>' }
    : {};
  const env = { SHUTDOWN_TIMEOUT_MS: '3000', SHUTDOWN_DRAIN_MS: '0', ...options.env, ...mail };
  const start = (name: string) => startAppServer(`site server ${name}(${label})`, databaseUrl, env);
  const servers: AppServer[] = [];
  try {
    const count = options.servers ?? 1;
    for (let i = 0; i < count; i += 1) servers.push(await start(count > 1 ? `${'AB'[i]} ` : ''));
    const alive = async () => {
      if (servers[0]!.exited()) servers[0] = await start('restarted ');
      return servers[0]!;
    };
    const mailReceived = () => sink?.received.length ?? 0;
    return await work({ database, servers, alive, accounts, mailReceived });
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await database.close();
    await closeSink();
  }
}

/** A file of /proc/<pid>, or '' when the process is gone. */
const proc = (pid: number, file: string) => {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
};

/** CPU seconds (user + system, fields 14-15 of /proc/<pid>/stat at USER_HZ 100), or NaN. */
export function cpuSeconds(pid: number): number {
  const stat = proc(pid, 'stat');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return stat ? (Number(fields[11]) + Number(fields[12])) / 100 : Number.NaN;
}

/** A line of /proc/<pid>/status in MB (VmRSS: resident now, VmHWM: its peak), or NaN. */
export function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(proc(pid, 'status'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Samples a process's RSS every `everyMs` until stopped; returns the samples in MB. */
export function sampleRss(pid: number, everyMs = 200): () => number[] {
  const samples: number[] = [];
  const take = () => samples.push(rssMb(pid));
  const timer = setInterval(take, everyMs);
  take();
  return () => {
    clearInterval(timer);
    take();
    return samples.filter(Number.isFinite);
  };
}

/** `warmUps`, the baseline, then `runs`, each with its RSS and exact peak (VmHWM) in MB. */
export async function watchRuns<T extends object>(
  pid: number,
  { everyMs, settleMs }: { everyMs: number; settleMs: number },
  warmUps: (() => Promise<T>)[],
  runs: (() => Promise<T>)[],
) {
  const watch = async (works: (() => Promise<T>)[]) => {
    const watched = [];
    for (const work of works) {
      const beforeMb = round(rssMb(pid), 1);
      let exact = true;
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
      } catch {
        exact = false;
      }
      const stop = sampleRss(pid, everyMs);
      const value = await work();
      await sleep(settleMs);
      const sampledMb = Math.max(...stop());
      // The larger of the samples and VmHWM (the samples alone when the kernel refused).
      const peakMb = round(exact ? Math.max(rssMb(pid, 'VmHWM'), sampledMb) : sampledMb, 1);
      watched.push({ ...value, beforeMb, peakMb, exact, afterMb: round(rssMb(pid), 1) });
    }
    return watched;
  };
  const settled = () => sleep(1_000).then(() => round(rssMb(pid), 1));
  const idleMb = await settled();
  const warmUp = await watch(warmUps);
  const baselineMb = await settled();
  return { idleMb, warmUp, baselineMb, runs: await watch(runs), afterMb: round(rssMb(pid), 1) };
}

/** `scripts/db-seed-bench.ts`: `users` generated users in the database; returns its seconds. */
export async function seedUsers(databaseUrl: string, users: number, timeoutMs = 300_000) {
  const started = performance.now();
  await runCommand(
    `db:seed-bench ${users}`,
    join(ROOT, 'node_modules/.bin/tsx'),
    ['scripts/db-seed-bench.ts', String(users)],
    { cwd: siteRoot(), env: { DATABASE_URL: databaseUrl }, timeoutMs },
  );
  return (performance.now() - started) / 1000;
}
