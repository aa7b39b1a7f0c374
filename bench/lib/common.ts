/** Helpers every part shares: paths, logging, statistics, temp folders, cleanup. */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCH_DIR = join(ROOT, 'bench');

const startedAt = Date.now();
export const log = (message: string) =>
  process.stderr.write(
    `[bench ${((Date.now() - startedAt) / 1000).toFixed(1).padStart(6)}s] ${message}\n`,
  );

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
export const errorText = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/** A positive number from the environment, or the default. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}
export const envInteger = (name: string, fallback: number) => Math.round(envNumber(name, fallback));

export const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer().once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Rejects after `ms` with a message naming what took too long. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_done, fail) => {
    timer = setTimeout(() => fail(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// --- statistics -------------------------------------------------------------------------

export function round(value: number, digits = 2): number {
  return Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : value;
}

/** The q-quantile (0..1) by linear interpolation between closest ranks. */
function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const [low, high] = [sorted[Math.floor(position)]!, sorted[Math.ceil(position)]!];
  return low + (high - low) * (position - Math.floor(position));
}
export const median = (values: readonly number[]) => quantile(values, 0.5);

/** p50/p95/p99 and max, to `digits` decimals when given. */
export function summarize(values: readonly number[], digits?: number) {
  const r = (value: number) => (digits === undefined ? value : round(value, digits));
  const [p50, p95, p99] = [0.5, 0.95, 0.99].map((q) => r(quantile(values, q))) as number[];
  return { n: values.length, p50: p50!, p95: p95!, p99: p99!, max: r(Math.max(...values)) };
}

/** Median and maximum, to one decimal (memory figures). */
export const spread = (values: number[]) => {
  const [median, max] = [quantile(values, 0.5), Math.max(...values)].map((v) => round(v, 1));
  return { median: median!, max: max! };
};

/** How many times each key occurs. */
export function tally<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

// --- cleanup ----------------------------------------------------------------------------

type Cleanup = { label: string; run: () => void | Promise<void> };
const cleanups: Cleanup[] = [];

/** Registers work to undo; returns a function that runs it now (once) instead. */
export function onCleanup(label: string, run: Cleanup['run']): () => Promise<void> {
  const entry = { label, run };
  cleanups.push(entry);
  return async () => {
    const index = cleanups.indexOf(entry);
    if (index !== -1) await cleanups.splice(index, 1)[0]!.run();
  };
}

/** Runs every registered cleanup, newest first, each bounded in time. */
export async function runCleanups(): Promise<void> {
  for (let entry = cleanups.pop(); entry; entry = cleanups.pop()) {
    const { label, run } = entry;
    await withTimeout(Promise.resolve(run()), 15_000, `cleanup ${label}`).catch((error) =>
      log(`cleanup ${label} failed: ${errorText(error)}`),
    );
  }
}

/** A temporary directory, removed at cleanup. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `bench-${prefix}-`));
  onCleanup(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The folder the site is served from: the run's snapshot build, or ROOT with BENCH_SKIP_BUILD. */
let site = ROOT;
export const siteRoot = () => site;
export const setSiteRoot = (dir: string) => (site = dir);

const incidents: string[] = [];
/** Something that went wrong around the measurements (a server that died): reported. */
export function recordIncident(text: string): void {
  incidents.push(`${new Date().toISOString()} ${text}`);
  log(`incident: ${text}`);
}
export const allIncidents = () => [...incidents];
