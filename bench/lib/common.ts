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

/** A number from the environment, or the default. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

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
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] as number;
  const high = sorted[upper] as number;
  return low + (high - low) * (position - lower);
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

/** A summary with every figure to two decimals, as the reports print them. */
export function roundSummary(summary: Summary): Summary {
  return {
    n: summary.n,
    p50: round(summary.p50, 2),
    p95: round(summary.p95, 2),
    p99: round(summary.p99, 2),
    min: round(summary.min, 2),
    max: round(summary.max, 2),
    mean: round(summary.mean, 2),
  };
}

export function summarize(values: readonly number[]): Summary {
  const n = values.length;
  return {
    n,
    p50: quantile(values, 0.5),
    p95: quantile(values, 0.95),
    p99: quantile(values, 0.99),
    min: n ? Math.min(...values) : Number.NaN,
    max: n ? Math.max(...values) : Number.NaN,
    mean: n ? values.reduce((sum, value) => sum + value, 0) / n : Number.NaN,
  };
}

export function round(value: number, digits = 2): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
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
  while (cleanups.length > 0) {
    const entry = cleanups.pop();
    if (!entry) break;
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
export function siteRoot(): string {
  return site;
}

export function setSiteRoot(dir: string): void {
  site = dir;
}

// --- incidents ----------------------------------------------------------------------------

const incidents: string[] = [];

/** Something that went wrong around the measurements (a server that died): reported. */
export function recordIncident(text: string): void {
  incidents.push(`${new Date().toISOString()} ${text}`);
  log(`incident: ${text}`);
}

export function allIncidents(): string[] {
  return [...incidents];
}
