/**
 * Small helpers shared by every part of the benchmark: paths, logging, statistics,
 * temporary files and a cleanup list that runs however the run ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCH_DIR = join(ROOT, 'bench');

const startedAt = Date.now();

export function log(message: string): void {
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[bench ${seconds}s] ${message}\n`);
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** A positive number from the environment, or the default. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export const envInteger = (name: string, fallback: number) => Math.round(envNumber(name, fallback));

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Rejects after `ms` with a message naming what took too long. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_done, fail) => {
    timer = setTimeout(() => fail(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// --- statistics -------------------------------------------------------------------------

/** The q-quantile (0..1) by linear interpolation between closest ranks. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = sorted[Math.floor(position)] as number;
  const high = sorted[Math.ceil(position)] as number;
  return low + (high - low) * (position - Math.floor(position));
}

export const median = (values: readonly number[]) => quantile(values, 0.5);

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
  mean: number;
}

/** p50/p95/p99, min, max and mean; every figure to `digits` decimals when given. */
export function summarize(values: readonly number[], digits?: number): Summary {
  const n = values.length;
  const r = (value: number) => (digits === undefined ? value : round(value, digits));
  return {
    n,
    p50: r(quantile(values, 0.5)),
    p95: r(quantile(values, 0.95)),
    p99: r(quantile(values, 0.99)),
    min: r(n ? Math.min(...values) : Number.NaN),
    max: r(n ? Math.max(...values) : Number.NaN),
    mean: r(n ? values.reduce((sum, value) => sum + value, 0) / n : Number.NaN),
  };
}

/**
 * `work` run `warmUp` times untimed, then `times` times timed: the timed runs' summary in
 * ms, to two decimals.
 */
export async function timed(times: number, warmUp: number, work: () => Promise<unknown>) {
  const values: number[] = [];
  for (let i = 0; i < warmUp + times; i += 1) {
    const started = performance.now();
    await work();
    if (i >= warmUp) values.push(performance.now() - started);
  }
  return summarize(values, 2);
}

/** Median and maximum, to one decimal (memory figures). */
export const spread = (values: number[]) => ({
  median: round(median(values), 1),
  max: round(Math.max(...values), 1),
});

export function round(value: number, digits = 2): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** How many times each key occurs. */
export function tally<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

// --- cleanup ----------------------------------------------------------------------------

type Cleanup = () => void | Promise<void>;
const cleanups: { label: string; run: Cleanup }[] = [];

/** Registers work to undo; returns a function that runs it now (once) instead. */
export function onCleanup(label: string, run: Cleanup): () => Promise<void> {
  const entry = { label, run };
  cleanups.push(entry);
  return async () => {
    const index = cleanups.indexOf(entry);
    if (index === -1) return;
    cleanups.splice(index, 1);
    await run();
  };
}

/** Runs every registered cleanup, newest first, each bounded in time. */
export async function runCleanups(): Promise<void> {
  for (let entry = cleanups.pop(); entry; entry = cleanups.pop()) {
    try {
      await withTimeout(Promise.resolve(entry.run()), 15_000, `cleanup ${entry.label}`);
    } catch (error) {
      log(`cleanup ${entry.label} failed: ${errorText(error)}`);
    }
  }
}

/** A temporary directory, removed at cleanup. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `bench-${prefix}-`));
  onCleanup(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// --- the site under test ------------------------------------------------------------------

let site = ROOT;

/**
 * The folder the site is built and served from: a snapshot of the working tree taken when
 * the run starts (so edits made meanwhile, and other people's builds, do not mix into the
 * figures), or the project itself with BENCH_SKIP_BUILD.
 */
export const siteRoot = () => site;
export const setSiteRoot = (dir: string) => (site = dir);

// --- incidents ----------------------------------------------------------------------------

const incidents: string[] = [];

/** Something that went wrong around the measurements (a server that died): reported. */
export function recordIncident(text: string): void {
  incidents.push(`${new Date().toISOString()} ${text}`);
  log(`incident: ${text}`);
}

export const allIncidents = () => [...incidents];
