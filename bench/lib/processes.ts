/** Child processes stopped by their ids at cleanup; their memory and CPU from /proc. */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '~/db/database.server';
import { createAccounts, type Account, type AccountRequest } from '../../tests/support/accounts';
import { serverProcess } from '../../tests/support/process-tree';
import { startSmtpSink } from '../../tests/support/smtp-sink';
import {
  errorText,
  freePort,
  onCleanup,
  recordIncident,
  ROOT,
  round,
  siteRoot,
  sleep,
  withTimeout,
} from './common';

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
  const ms = options.timeoutMs ?? 300_000;
  const exit = new Promise<number | null>((done) => running.child.once('exit', done));
  const code = await withTimeout(exit, ms, label).catch((error: unknown) => errorText(error));
  await running.stop();
  if (code === 0) return running.output();
  throw new Error(`${label} failed (exit ${code}):\n${running.output().slice(-4_000)}`);
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

type SiteOptions = { env?: Record<string, string>; accounts?: AccountRequest[]; smtp?: boolean };
type Site = { database: DatabaseHandle; servers: AppServer[]; accounts: Account[] };

/** `work` with `servers` servers on a migrated database holding `accounts` (signed in, in order), mailing a sink unless `smtp` is false; `alive()` restarts a dead first server. */
export async function withSite<T>(
  label: string,
  databaseUrl: string,
  options: SiteOptions & { servers?: number },
  work: (
    site: Site & { alive: () => Promise<AppServer>; mailReceived: () => number },
  ) => Promise<T>,
): Promise<T> {
  const accounts = await createAccounts(databaseUrl, options.accounts ?? []);
  const database = openDatabase(databaseUrl);
  const sink = options.smtp === false ? undefined : await startSmtpSink();
  const closeSink = onCleanup('stop the SMTP sink', async () => sink?.close());
  const mail = sink && { SMTP_URL: sink.url, MAIL_FROM: 'Bench <bench@example.net>' };
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
  const samples = [rssMb(pid)];
  const timer = setInterval(() => samples.push(rssMb(pid)), everyMs);
  return () => (clearInterval(timer), [...samples, rssMb(pid)].filter(Number.isFinite));
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
      // Resets VmHWM to the current RSS; the samples alone when the kernel refuses.
      const exact = await writeFile(`/proc/${pid}/clear_refs`, '5').then(
        () => true,
        () => false,
      );
      const stop = sampleRss(pid, everyMs);
      const value = await work();
      await sleep(settleMs);
      const sampledMb = Math.max(...stop());
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

/** `scripts/db-seed-bench.ts`: `users` generated users in the database. */
export async function seedUsers(databaseUrl: string, users: number, timeoutMs = 300_000) {
  const tsx = join(ROOT, 'node_modules/.bin/tsx');
  const [args, env] = [['scripts/db-seed-bench.ts', `${users}`], { DATABASE_URL: databaseUrl }];
  await runCommand(`db:seed-bench ${users}`, tsx, args, { cwd: siteRoot(), env, timeoutMs });
}
