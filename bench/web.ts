/**
 * Lighthouse 12 on the site's pages (mobile and desktop, several runs each, medians), the
 * first-load JavaScript and CSS of each page, and the same JavaScript figure for a bare
 * React Router 7 app built and served in the same run (bench/bare-app).
 */
import { cpSync, existsSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { createAccounts, type Account } from '../tests/support/accounts';
import {
  BENCH_DIR,
  envNumber,
  errorText,
  freePort,
  log,
  median,
  onCleanup,
  ROOT,
  round,
  tempDir,
  withTimeout,
} from './lib/common';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium';
import { runCommand, startAppServer, startProcess, waitForHttp } from './lib/processes';

// The same Debian Chromium and closed-network flags as the end-to-end tests, headless.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
export type FormFactor = 'mobile' | 'desktop';

/** One Lighthouse run, reduced to what the report needs. */
export interface PageRun {
  scores: Record<Category, number | null>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  cssBytes: number;
  mediaBytes: number;
  lcpElement: string;
  /** Audits that cost points in a category below 100: `category: audit id`. */
  failing: string[];
  /** What Lighthouse says about each of those audits (display value or first item). */
  findings: Record<string, string>;
  /** Lighthouse's opportunities with their estimated savings. */
  opportunities: string[];
  /** The LCP breakdown: TTFB, load delay, load time, render delay. */
  lcpPhases: string;
  /** The largest scripts: path and transfer bytes. */
  scripts: { path: string; bytes: number }[];
  warnings: string[];
  error?: string;
}

/** Medians over the runs of one page and form factor. */
export interface PageResult {
  page: string;
  as: 'visitor' | 'level-1 student' | 'admin';
  formFactor: FormFactor;
  runs: number;
  scores: Record<Category, number | null>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  cssBytes: number;
  mediaBytes: number;
  lcpElement: string;
  /** Each losing audit with the number of runs it appeared in. */
  failing: { audit: string; runs: number }[];
  /** From the run whose performance score is the median. */
  findings: Record<string, string>;
  opportunities: string[];
  lcpPhases: string;
  scripts: { path: string; bytes: number }[];
  errors: string[];
  benchmarkIndex?: number;
}

export interface WebResult {
  runsPerPage: number;
  pages: PageResult[];
  bare: PageResult | { error: string };
  /** Site home JS ÷ bare app home JS (mobile, median transfer bytes). */
  jsRatio?: number;
  /** What served the bare app: react-router-serve, or bench/bare-app/serve.ts doing the same. */
  bareServer?: string;
}

interface LighthouseResultLite {
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<
    string,
    | {
        score: number | null;
        scoreDisplayMode: string;
        numericValue?: number;
        displayValue?: string;
        details?: unknown;
      }
    | undefined
  >;
  runWarnings: string[];
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
}

interface NetworkItem {
  url?: string;
  resourceType?: string;
  transferSize?: number;
}

interface Details {
  type?: string;
  items?: Record<string, unknown>[];
  overallSavingsMs?: number;
}

function shortPath(url: string | undefined): string {
  if (!url) return '?';
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url.slice(0, 80);
  }
}

/** One line about an audit: its display value, else what its first item names. */
function finding(result: { displayValue?: string; details?: unknown }): string {
  if (result.displayValue) return result.displayValue;
  const details = result.details as Details | undefined;
  const first = details?.items?.[0];
  if (!first) return '';
  const node = findNode(first);
  const parts = [
    first.issueType,
    first.description,
    first.source,
    first.directive,
    node?.snippet,
    typeof first.url === 'string' ? shortPath(first.url) : undefined,
  ].filter((part): part is string => typeof part === 'string' && part !== '');
  const text = parts.length ? parts.join(' ') : JSON.stringify(first);
  const more = (details?.items?.length ?? 0) > 1 ? ` (+${(details?.items?.length ?? 1) - 1})` : '';
  return `${text.slice(0, 140)}${more}`;
}

function lcpPhases(details: unknown): string {
  const tables = (details as Details | undefined)?.items ?? [];
  for (const table of tables) {
    const rows = (table as Details).items ?? [];
    const phases = rows.filter((row) => typeof row.phase === 'string');
    if (phases.length) {
      return phases
        .map((row) => `${String(row.phase)} ${Math.round(Number(row.timing))} ms`)
        .join(' · ');
    }
  }
  return '';
}

function findNode(details: unknown): { snippet?: string; nodeLabel?: string } | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const value = details as Record<string, unknown>;
  if (value.type === 'node') return value as { snippet?: string; nodeLabel?: string };
  for (const child of Object.values(value)) {
    const found = Array.isArray(child)
      ? child.map(findNode).find(Boolean)
      : typeof child === 'object'
        ? findNode(child)
        : undefined;
    if (found) return found;
  }
  return undefined;
}

function reduce(lhr: LighthouseResultLite): PageRun {
  const audit = (id: string) => lhr.audits[id];
  const items = ((audit('network-requests')?.details as { items?: NetworkItem[] } | undefined)
    ?.items ?? []) as NetworkItem[];
  const bytes = (type: string) =>
    items
      .filter((item) => item.resourceType === type)
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => {
      const score = lhr.categories[id]?.score;
      return [id, typeof score === 'number' ? Math.round(score * 100) : null];
    }),
  ) as Record<Category, number | null>;
  const failing: string[] = [];
  const findings: Record<string, string> = {};
  for (const id of CATEGORIES) {
    if (scores[id] === 100) continue;
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const result = audit(ref.id);
      if (!result || ref.weight === 0 || result.score === null) continue;
      if (result.scoreDisplayMode === 'informative' || result.scoreDisplayMode === 'notApplicable')
        continue;
      if (result.score < 1) {
        failing.push(`${id}: ${ref.id}`);
        findings[ref.id] = finding(result);
      }
    }
  }
  const opportunities = Object.entries(lhr.audits)
    .flatMap(([id, result]) => {
      const details = result?.details as Details | undefined;
      const savings = details?.type === 'opportunity' ? (details.overallSavingsMs ?? 0) : 0;
      return savings >= 50 ? [{ id, savings }] : [];
    })
    .sort((a, b) => b.savings - a.savings)
    .map(({ id, savings }) => `${id} ~${Math.round(savings)} ms`);
  const scripts = items
    .filter((item) => item.resourceType === 'Script')
    .map((item) => ({ path: shortPath(item.url), bytes: item.transferSize ?? 0 }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 30);
  const node = findNode(audit('largest-contentful-paint-element')?.details);
  return {
    scores,
    lcpMs: audit('largest-contentful-paint')?.numericValue ?? Number.NaN,
    tbtMs: audit('total-blocking-time')?.numericValue ?? Number.NaN,
    cls: audit('cumulative-layout-shift')?.numericValue ?? Number.NaN,
    jsBytes: bytes('Script'),
    cssBytes: bytes('Stylesheet'),
    mediaBytes: bytes('Media'),
    lcpElement: (node?.snippet ?? node?.nodeLabel ?? '(none)').slice(0, 160),
    failing,
    findings,
    opportunities,
    lcpPhases: lcpPhases(audit('largest-contentful-paint-element')?.details),
    scripts,
    warnings: lhr.runWarnings ?? [],
    error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
  };
}

function medianOf(values: number[]): number {
  const finite = values.filter(Number.isFinite);
  return finite.length ? median(finite) : Number.NaN;
}

function combine(
  page: string,
  as: PageResult['as'],
  formFactor: FormFactor,
  runs: PageRun[],
  benchmarkIndex: number | undefined,
): PageResult {
  const good = runs.filter((run) => !run.error);
  const counts = new Map<string, number>();
  for (const run of good) {
    for (const audit of new Set(run.failing)) {
      counts.set(audit, (counts.get(audit) ?? 0) + 1);
    }
  }
  const lcpElements = good.map((run) => run.lcpElement);
  const performance = good.map((run) => run.scores.performance ?? 0);
  const middle = performance.length ? median(performance) : 0;
  const typical = [...good].sort(
    (a, b) =>
      Math.abs((a.scores.performance ?? 0) - middle) -
      Math.abs((b.scores.performance ?? 0) - middle),
  )[0];
  return {
    page,
    as,
    formFactor,
    runs: good.length,
    scores: Object.fromEntries(
      CATEGORIES.map((id) => {
        const values = good.flatMap((run) => (run.scores[id] === null ? [] : [run.scores[id]]));
        return [id, values.length ? median(values) : null];
      }),
    ) as Record<Category, number | null>,
    lcpMs: round(medianOf(good.map((run) => run.lcpMs)), 0),
    tbtMs: round(medianOf(good.map((run) => run.tbtMs)), 0),
    cls: round(medianOf(good.map((run) => run.cls)), 3),
    jsBytes: round(medianOf(good.map((run) => run.jsBytes)), 0),
    cssBytes: round(medianOf(good.map((run) => run.cssBytes)), 0),
    mediaBytes: round(medianOf(good.map((run) => run.mediaBytes)), 0),
    lcpElement:
      lcpElements.sort(
        (a, b) =>
          lcpElements.filter((x) => x === b).length - lcpElements.filter((x) => x === a).length,
      )[0] ?? '(none)',
    failing: [...counts.entries()]
      .map(([audit, count]) => ({ audit, runs: count }))
      .sort((a, b) => b.runs - a.runs),
    findings: Object.fromEntries(good.flatMap((run) => Object.entries(run.findings))),
    opportunities: typical?.opportunities ?? [],
    lcpPhases: typical?.lcpPhases ?? '',
    scripts: typical?.scripts ?? [],
    errors: runs.flatMap((run) => (run.error ? [run.error] : [])),
    benchmarkIndex,
  };
}

/** Several Lighthouse runs of one URL in one Chrome; medians of each figure. */
async function measurePage(
  url: () => Promise<string>,
  page: string,
  as: PageResult['as'],
  formFactor: FormFactor,
  runs: number,
  cookie?: string,
): Promise<PageResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  const stopChrome = onCleanup(`stop Chromium (pid ${chrome.pid})`, () => chrome.kill());
  const results: PageRun[] = [];
  let benchmarkIndex: number | undefined;
  try {
    // A run that fails (a trace lost on a busy machine) is retried, twice at most per page.
    for (let attempt = 0; attempt < runs + 2; attempt += 1) {
      if (results.filter((result) => !result.error).length >= runs) break;
      try {
        const target = await url();
        const result = await withTimeout(
          lighthouse(
            target,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
            },
            formFactor === 'desktop' ? desktopConfig : undefined,
          ),
          180_000,
          `Lighthouse ${formFactor} ${page}`,
        );
        if (!result) throw new Error('Lighthouse returned no result');
        const lhr = result.lhr as unknown as LighthouseResultLite;
        benchmarkIndex = lhr.environment?.benchmarkIndex ?? benchmarkIndex;
        results.push(reduce(lhr));
      } catch (error) {
        results.push({ ...emptyRun(), error: errorText(error) });
      }
    }
  } finally {
    await stopChrome();
  }
  const combined = combine(page, as, formFactor, results, benchmarkIndex);
  log(
    `web: ${formFactor} ${page} (${as}): ${CATEGORIES.map((id) => combined.scores[id] ?? '–').join('/')}, ` +
      `LCP ${combined.lcpMs} ms, TBT ${combined.tbtMs} ms, CLS ${combined.cls}, JS ${combined.jsBytes} B, CSS ${combined.cssBytes} B` +
      (combined.errors.length ? `, errors: ${combined.errors.join('; ')}` : ''),
  );
  return combined;
}

function emptyRun(): PageRun {
  return {
    scores: { performance: null, accessibility: null, 'best-practices': null, seo: null },
    lcpMs: Number.NaN,
    tbtMs: Number.NaN,
    cls: Number.NaN,
    jsBytes: Number.NaN,
    cssBytes: Number.NaN,
    mediaBytes: Number.NaN,
    lcpElement: '(none)',
    failing: [],
    findings: {},
    opportunities: [],
    lcpPhases: '',
    scripts: [],
    warnings: [],
  };
}

/** Builds bench/bare-app in a temp dir (node_modules linked to the project's) and serves it. */
async function startBareApp() {
  const dir = tempDir('bare-app');
  cpSync(join(BENCH_DIR, 'bare-app'), dir, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|build|\.react-router|\.vite-cache)$/.test(source),
  });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  log('web: building the bare React Router app');
  await runCommand('bare app build', 'npx', ['react-router', 'build'], {
    cwd: dir,
    timeoutMs: 180_000,
  });
  const port = await freePort();
  const serveBin = join(ROOT, 'node_modules/.bin/react-router-serve');
  const running = existsSync(serveBin)
    ? startProcess('bare app server', serveBin, ['./build/server/index.js'], {
        cwd: dir,
        env: { PORT: String(port), NODE_ENV: 'production' },
      })
    : startProcess('bare app server', join(ROOT, 'node_modules/.bin/tsx'), ['serve.ts'], {
        cwd: dir,
        env: { PORT: String(port), NODE_ENV: 'production' },
      });
  const origin = `http://localhost:${port}`;
  await waitForHttp(`${origin}/`, running, 'bare app server', 30_000);
  return {
    origin,
    server: existsSync(serveBin) ? 'react-router-serve' : 'bench/bare-app/serve.ts',
    stop: running.stop,
  };
}

const PUBLIC_PAGES = ['/', '/enroll', '/login', '/fed/home'];

export async function runWeb(): Promise<WebResult> {
  const runs = Math.round(envNumber('BENCH_LH_RUNS', 3));
  const databaseUrl = join(tempDir('web'), 'bench.sqlite');
  const [student, admin] = (await createAccounts(databaseUrl, [
    { access: 'level-1', name: 'Bench Student' },
    { access: 'admin', name: 'Bench Admin' },
  ])) as [Account, Account];
  let server = await startAppServer('site server (Lighthouse)', databaseUrl);
  /** The server's origin; a server that has died (see the incidents) is started again. */
  const origin = async () => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      server = await startAppServer('site server (Lighthouse, restarted)', databaseUrl);
    }
    return server.origin;
  };
  const pages: PageResult[] = [];
  let bare: PageResult | { error: string };
  let bareServer: string | undefined;
  try {
    const targets: { page: string; as: PageResult['as']; cookie?: string }[] = [
      ...PUBLIC_PAGES.map((page) => ({ page, as: 'visitor' as const })),
      { page: '/fed/javascript', as: 'level-1 student', cookie: student.cookie },
      { page: '/admin/home', as: 'admin', cookie: admin.cookie },
    ];
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const target of targets) {
        pages.push(
          await measurePage(
            async () => (await origin()) + target.page,
            target.page,
            target.as,
            formFactor,
            runs,
            target.cookie,
          ),
        );
      }
    }
  } finally {
    await server.stop();
  }
  try {
    const app = await startBareApp();
    bareServer = app.server;
    try {
      bare = await measurePage(
        async () => `${app.origin}/`,
        '/ (bare app)',
        'visitor',
        'mobile',
        runs,
      );
    } finally {
      await app.stop();
    }
  } catch (error) {
    bare = { error: errorText(error) };
    log(`web: bare app failed: ${bare.error}`);
  }
  const home = pages.find((page) => page.page === '/' && page.formFactor === 'mobile');
  const jsRatio =
    home && 'jsBytes' in bare && bare.jsBytes > 0
      ? round(home.jsBytes / bare.jsBytes, 3)
      : undefined;
  return { runsPerPage: runs, pages, bare, jsRatio, bareServer };
}
