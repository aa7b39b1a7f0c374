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
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/chromium';
import {
  BENCH_DIR,
  envInteger,
  errorText,
  freePort,
  log,
  median,
  onCleanup,
  ROOT,
  round,
  tally,
  tempDir,
  withTimeout,
} from '../lib/common';
import { runCommand, startProcess, waitForHttp, withSite } from '../lib/processes';
import { definePart, judged, kb, ms, NA, num, row, table } from '../lib/report';

// The same Debian Chromium and closed-network flags as the end-to-end tests, headless.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Scores = Record<(typeof CATEGORIES)[number], number | null>;
type FormFactor = 'mobile' | 'desktop';
type Visitor = 'visitor' | 'level-1 student' | 'admin';
const PUBLIC_PAGES = ['/', '/enroll', '/login', '/fed/home'];
const JS_RATIO_BUDGET = 1.25;

interface LighthouseResultLite {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { score: number | null; scoreDisplayMode: string; numericValue?: number; details?: unknown }
  >;
  runtimeError?: { code: string; message: string };
}

/** The first DOM node in an audit's details (the LCP element's). */
function findNode(details: unknown): { snippet?: string; nodeLabel?: string } | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const value = details as Record<string, unknown>;
  if (value.type === 'node') return value;
  return Object.values(value).flat().map(findNode).find(Boolean);
}

/** One Lighthouse run, reduced to what the report needs. */
function reduce(lhr: LighthouseResultLite) {
  const audit = (id: string) => lhr.audits[id];
  const { items = [] } = (audit('network-requests')?.details ?? {}) as {
    items?: { resourceType?: string; transferSize?: number }[];
  };
  const bytes = (type: string) =>
    items.filter((i) => i.resourceType === type).reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => {
      const score = lhr.categories[id]?.score;
      return [id, typeof score === 'number' ? Math.round(score * 100) : null];
    }),
  ) as Scores;
  // Audits that cost points in a category below 100 (`category: audit id`).
  const failing = CATEGORIES.filter((id) => scores[id] !== 100).flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? []).flatMap((ref) => {
      const result = audit(ref.id);
      const losing = result && ref.weight > 0 && result.score !== null && result.score < 1;
      const scored = !['informative', 'notApplicable'].includes(result?.scoreDisplayMode ?? '');
      return losing && scored ? [`${id}: ${ref.id}`] : [];
    }),
  );
  const node = findNode(audit('largest-contentful-paint-element')?.details);
  return {
    scores,
    lcpMs: audit('largest-contentful-paint')?.numericValue ?? Number.NaN,
    jsBytes: bytes('Script'),
    mediaBytes: bytes('Media'),
    lcpElement: (node?.snippet ?? node?.nodeLabel ?? '(none)').slice(0, 160),
    failing,
    error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
  };
}
type PageRun = ReturnType<typeof reduce>;

/** Medians over the runs of one page and form factor. */
function combine(
  page: string,
  as: Visitor,
  formFactor: FormFactor,
  runs: PageRun[],
  errors: string[],
) {
  const medianOf = (values: number[], digits = 0) => {
    const finite = values.filter(Number.isFinite);
    return round(finite.length ? median(finite) : Number.NaN, digits);
  };
  const often = tally(runs, (run) => run.lcpElement);
  const failing = tally(
    runs.flatMap((run) => [...new Set(run.failing)]),
    (audit) => audit,
  );
  return {
    page,
    as,
    formFactor,
    runs: runs.length,
    scores: Object.fromEntries(
      CATEGORIES.map((id) => {
        const values = runs.flatMap((run) => run.scores[id] ?? []);
        return [id, values.length ? median(values) : null];
      }),
    ) as Scores,
    lcpMs: medianOf(runs.map((run) => run.lcpMs)),
    jsBytes: medianOf(runs.map((run) => run.jsBytes)),
    mediaBytes: medianOf(runs.map((run) => run.mediaBytes)),
    lcpElement: [...often].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '(none)',
    /** Each losing audit with the number of runs it appeared in. */
    failing: [...failing].map(([audit, runs]) => ({ audit, runs })).sort((a, b) => b.runs - a.runs),
    errors,
  };
}
type PageResult = ReturnType<typeof combine>;

/** Several Lighthouse runs of one URL in one Chrome; medians of each figure. */
async function measurePage(
  url: () => Promise<string>,
  page: string,
  as: Visitor,
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
  const good: PageRun[] = [];
  const errors: string[] = [];
  try {
    // A run that fails (a trace lost on a busy machine) is retried, twice at most per page.
    for (let attempt = 0; attempt < runs + 2 && good.length < runs; attempt += 1) {
      try {
        const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const };
        const result = await withTimeout(
          lighthouse(
            await url(),
            { ...flags, ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) },
            formFactor === 'desktop' ? desktopConfig : undefined,
          ),
          180_000,
          `Lighthouse ${formFactor} ${page}`,
        );
        if (!result) throw new Error('Lighthouse returned no result');
        const lhr = result.lhr as unknown as LighthouseResultLite;
        const reduced = reduce(lhr);
        if (reduced.error) errors.push(reduced.error);
        else good.push(reduced);
      } catch (error) {
        errors.push(errorText(error));
      }
    }
  } finally {
    await stopChrome();
  }
  const combined = combine(page, as, formFactor, good, errors);
  log(
    `web: ${formFactor} ${page} (${as}): ${CATEGORIES.map((id) => combined.scores[id] ?? '–').join('/')}, ` +
      `LCP ${combined.lcpMs} ms, JS ${combined.jsBytes} B${errors.length ? `, errors: ${errors.join('; ')}` : ''}`,
  );
  return combined;
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
  // The project does not install @react-router/serve: bench/bare-app/serve.ts does what it does.
  const serveBin = join(ROOT, 'node_modules/.bin/react-router-serve');
  const server = existsSync(serveBin) ? 'react-router-serve' : 'bench/bare-app/serve.ts';
  const [command, args] = existsSync(serveBin)
    ? [serveBin, ['./build/server/index.js']]
    : [join(ROOT, 'node_modules/.bin/tsx'), ['serve.ts']];
  const env = { PORT: String(port), NODE_ENV: 'production' };
  const running = startProcess('bare app server', command, args, { cwd: dir, env });
  const origin = `http://localhost:${port}`;
  await waitForHttp(`${origin}/`, running, 'bare app server', 30_000);
  return { origin, server, stop: running.stop };
}

async function run() {
  const runs = envInteger('BENCH_LH_RUNS', 3);
  const accounts = [
    { access: 'level-1' as const, name: 'Bench Student' },
    { access: 'admin' as const, name: 'Bench Admin' },
  ];
  const databaseUrl = join(tempDir('web'), 'bench.sqlite');
  const pages = await withSite('Lighthouse', databaseUrl, { accounts }, async (site) => {
    const [student, admin] = site.accounts;
    const targets: { page: string; as: Visitor; cookie?: string }[] = [
      ...PUBLIC_PAGES.map((page) => ({ page, as: 'visitor' as const })),
      { page: '/fed/javascript', as: 'level-1 student', cookie: student!.cookie },
      { page: '/admin/home', as: 'admin', cookie: admin!.cookie },
    ];
    const measured: PageResult[] = [];
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const { page, as, cookie } of targets) {
        // A server that has died (see the incidents) is started again.
        const url = async () => (await site.alive()).origin + page;
        measured.push(await measurePage(url, page, as, formFactor, runs, cookie));
      }
    }
    return measured;
  });
  let bare: PageResult | { error: string };
  let bareServer: string | undefined;
  try {
    const app = await startBareApp();
    bareServer = app.server;
    try {
      const url = async () => `${app.origin}/`;
      bare = await measurePage(url, '/ (bare app)', 'visitor', 'mobile', runs);
    } finally {
      await app.stop();
    }
  } catch (error) {
    bare = { error: errorText(error) };
    log(`web: bare app failed: ${bare.error}`);
  }
  const home = pages.find((page) => page.page === '/' && page.formFactor === 'mobile');
  // Site home JS ÷ bare app home JS (mobile, median transfer bytes).
  const jsRatio =
    home && 'jsBytes' in bare && bare.jsBytes > 0
      ? round(home.jsBytes / bare.jsBytes, 3)
      : undefined;
  return { runsPerPage: runs, pages, bare, jsRatio, bareServer };
}
type WebResult = Awaited<ReturnType<typeof run>>;

const scoreLine = ({ scores: s }: PageResult) =>
  `Perf ${num(s.performance)} · A11y ${num(s.accessibility)} · BP ${num(s['best-practices'])} · SEO ${num(s.seo)}`;

function judge(web: WebResult | undefined) {
  const jsLabel = 'Home page JS ≤ 1.25 × bare React Router app';
  if (!web) {
    return [
      row('Lighthouse mobile 100 in all four categories on /, /enroll, /login, /fed/home', '', NA),
      row(jsLabel, '–', NA),
    ];
  }
  const rows = PUBLIC_PAGES.map((path) => {
    const label = `Lighthouse mobile ${path}: 100 × 4`;
    const page = web.pages.find((p) => p.page === path && p.formFactor === 'mobile');
    if (!page || page.runs === 0) return row(label, 'no successful run', NA);
    const all100 = Object.values(page.scores).every((score) => score === 100);
    const losing = page.failing.filter((f) => f.runs * 2 > page.runs).map((f) => f.audit);
    const measured =
      `${scoreLine(page)} (median of ${page.runs})` +
      (all100 || losing.length === 0 ? '' : `; losing: ${losing.slice(0, 6).join(', ')}`);
    return { budget: label, ...judged(measured, all100) };
  });
  const home = web.pages.find((p) => p.page === '/' && p.formFactor === 'mobile');
  const bare = 'error' in web.bare ? undefined : web.bare;
  rows.push(
    web.jsRatio !== undefined && home && bare
      ? {
          budget: jsLabel,
          ...judged(
            `site ${kb(home.jsBytes)} vs bare ${kb(bare.jsBytes)} (gzipped transfer) = ${web.jsRatio.toFixed(2)}×`,
            web.jsRatio <= JS_RATIO_BUDGET,
          ),
        }
      : row(jsLabel, 'error' in web.bare ? `bare app failed: ${web.bare.error}` : 'no figure', NA),
  );
  const homes = web.pages.filter((p) => p.page === '/' && p.runs > 0);
  if (homes.length) {
    const each = homes.map(
      (p) =>
        `${p.formFactor}: LCP element \`${p.lcpElement.slice(0, 70)}\`, video bytes during the load ${kb(p.mediaBytes)}`,
    );
    rows.push({
      budget: 'Hero video never delays the largest paint',
      ...judged(
        `${each.join('; ')} (reduced-motion autoplay is not measured here)`,
        !homes.some((p) => /^<video/i.test(p.lcpElement)),
      ),
    });
  }
  return rows;
}

function details(web: WebResult) {
  const bare = 'error' in web.bare ? [] : [{ ...web.bare, page: '/ bare React Router app' }];
  const score = (id: (typeof CATEGORIES)[number]) => (p: PageResult) => num(p.scores[id]);
  const failures = web.pages.flatMap((p) => {
    const counts = [...tally(p.errors, (error) => error.slice(0, 200))];
    const text = counts.map(([error, n]) => `${error}${n > 1 ? ` (× ${n})` : ''}`).join('; ');
    return counts.length
      ? [`- Failed Lighthouse runs, ${p.formFactor} \`${p.page}\`: ${text}`]
      : [];
  });
  return [
    `Medians of ${web.runsPerPage} runs; JS is the gzipped transfer of every script during the load.`,
    '',
    table(
      [...web.pages, ...bare],
      [
        ['page', (p) => `\`${p.page}\``],
        ['as', (p) => `${p.as}, ${p.formFactor}`],
        ['Perf', score('performance')],
        ['A11y', score('accessibility')],
        ['BP', score('best-practices')],
        ['SEO', score('seo')],
        ['LCP', (p) => ms(p.lcpMs, 0)],
        ['JS', (p) => kb(p.jsBytes)],
        [
          'runs',
          (p) => (p.errors.length ? `${p.runs}/${p.runs + p.errors.length}` : String(p.runs)),
        ],
      ],
    ),
    '',
    ...('error' in web.bare
      ? [`Bare app: failed: ${web.bare.error}`, '']
      : [`Bare app served by ${web.bareServer}.`, '']),
    ...failures,
    '',
  ].join('\n');
}

export default definePart({ title: 'Web', needsBuild: true, run, judge, details });
