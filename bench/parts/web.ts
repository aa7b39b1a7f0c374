/** Lighthouse on the site's pages and on a bare React Router app, medians (bench/README.md). */
import { cpSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/chromium';
import * as c from '../lib/common';
import { runCommand, startProcess, waitForHttp, withSite } from '../lib/processes';
import { budgetRows, definePart, judged, kb, ms, num, table } from '../lib/report';

// The same Debian Chromium and closed-network flags as the end-to-end tests, headless.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Scores = Record<(typeof CATEGORIES)[number], number | null>;
type FormFactor = 'mobile' | 'desktop';
type Visitor = 'visitor' | 'level-1 student' | 'admin';
const PUBLIC_PAGES = ['/', '/enroll', '/login', '/fed/home'];
const JS_RATIO_BUDGET = 1.25;

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The first DOM node in an audit's details (the LCP element's). */
function findNode(details: unknown): { snippet?: string; nodeLabel?: string } | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const value = details as Record<string, unknown>;
  if (value.type === 'node') return value;
  return Object.values(value).flat().map(findNode).find(Boolean);
}

/** One Lighthouse run, reduced to what the report needs. */
function reduce(lhr: LighthouseResult) {
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
function combine(target: Target, formFactor: FormFactor, runs: PageRun[], errors: string[]) {
  const medianOf = (key: 'lcpMs' | 'jsBytes' | 'mediaBytes') => {
    const finite = runs.map((run) => run[key]).filter(Number.isFinite);
    return Math.round(finite.length ? c.median(finite) : Number.NaN);
  };
  const often = (values: string[]) => [...c.tally(values, (v) => v)].sort((a, b) => b[1] - a[1]);
  const scores = CATEGORIES.map((id) => {
    const values = runs.flatMap((run) => run.scores[id] ?? []);
    return [id, values.length ? c.median(values) : null];
  });
  const losing = often(runs.flatMap((run) => [...new Set(run.failing)]));
  return {
    ...{ page: target.page, as: target.as, formFactor, runs: runs.length, errors },
    scores: Object.fromEntries(scores) as Scores,
    ...{
      lcpMs: medianOf('lcpMs'),
      jsBytes: medianOf('jsBytes'),
      mediaBytes: medianOf('mediaBytes'),
    },
    lcpElement: often(runs.map((run) => run.lcpElement))[0]?.[0] ?? '(none)',
    /** The audits that lost points in most runs. */
    losing: losing.filter(([, n]) => n * 2 > runs.length).map(([audit]) => audit),
  };
}
type PageResult = ReturnType<typeof combine>;
type Target = { page: string; as: Visitor; cookie?: string };

/** Several Lighthouse runs of one URL in one Chrome; medians of each figure. */
async function measurePage(
  url: () => Promise<string>,
  { page, as, cookie }: Target,
  formFactor: FormFactor,
  runs: number,
): Promise<PageResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  const stopChrome = c.onCleanup(`stop Chromium (pid ${chrome.pid})`, () => chrome.kill());
  const good: PageRun[] = [];
  const errors: string[] = [];
  try {
    // A run that fails (a trace lost on a busy machine) is retried, twice at most per page.
    for (let attempt = 0; attempt < runs + 2 && good.length < runs; attempt += 1) {
      try {
        const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const };
        const headers = cookie ? { extraHeaders: { Cookie: cookie } } : {};
        const config = formFactor === 'desktop' ? desktopConfig : undefined;
        const work = lighthouse(await url(), { ...flags, ...headers }, config);
        const result = await c.withTimeout(work, 180_000, `Lighthouse ${formFactor} ${page}`);
        if (!result) throw new Error('Lighthouse returned no result');
        const reduced = reduce(result.lhr);
        if (reduced.error) errors.push(reduced.error);
        else good.push(reduced);
      } catch (error) {
        errors.push(c.errorText(error));
      }
    }
  } finally {
    await stopChrome();
  }
  const combined = combine({ page, as }, formFactor, good, errors);
  c.log(
    `web: ${formFactor} ${page} (${as}): ${CATEGORIES.map((id) => combined.scores[id] ?? '–').join('/')}, ` +
      `LCP ${combined.lcpMs} ms, JS ${combined.jsBytes} B${errors.length ? `, errors: ${errors.join('; ')}` : ''}`,
  );
  return combined;
}

/** Builds bench/bare-app in a temp dir (node_modules linked to the project's) and serves it. */
async function startBareApp() {
  const dir = c.tempDir('bare-app');
  cpSync(join(c.BENCH_DIR, 'bare-app'), dir, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|build|\.react-router|\.vite-cache)$/.test(source),
  });
  symlinkSync(join(c.ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  c.log('web: building the bare React Router app');
  await runCommand('bare app build', 'npx', ['react-router', 'build'], {
    cwd: dir,
    timeoutMs: 180_000,
  });
  const port = await c.freePort();
  // The project does not install @react-router/serve: bench/bare-app/serve.ts does what it does.
  const env = { PORT: String(port), NODE_ENV: 'production' };
  const tsx = join(c.ROOT, 'node_modules/.bin/tsx');
  const running = startProcess('bare app server', tsx, ['serve.ts'], { cwd: dir, env });
  const origin = `http://localhost:${port}`;
  await waitForHttp(`${origin}/`, running, 'bare app server', 30_000);
  return { origin, stop: running.stop };
}

async function run() {
  const runs = c.envInteger('BENCH_LH_RUNS', 3);
  const accounts = [
    { access: 'level-1' as const, name: 'Bench Student' },
    { access: 'admin' as const, name: 'Bench Admin' },
  ];
  const databaseUrl = join(c.tempDir('web'), 'bench.sqlite');
  const pages = await withSite('Lighthouse', databaseUrl, { accounts }, async (site) => {
    const [student, admin] = site.accounts;
    const targets: Target[] = [
      ...PUBLIC_PAGES.map((page) => ({ page, as: 'visitor' as const })),
      { page: '/fed/javascript', as: 'level-1 student', cookie: student!.cookie },
      { page: '/admin/home', as: 'admin', cookie: admin!.cookie },
    ];
    const measured: PageResult[] = [];
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const target of targets) {
        // A server that has died (see the incidents) is started again.
        const url = async () => (await site.alive()).origin + target.page;
        measured.push(await measurePage(url, target, formFactor, runs));
      }
    }
    return measured;
  });
  let bare: PageResult | { error: string };
  try {
    const app = await startBareApp();
    const url = async () => `${app.origin}/`;
    bare = await measurePage(url, { page: '/ (bare app)', as: 'visitor' }, 'mobile', runs).finally(
      app.stop,
    );
  } catch (error) {
    bare = { error: c.errorText(error) };
    c.log(`web: bare app failed: ${bare.error}`);
  }
  const home = pages.find((page) => page.page === '/' && page.formFactor === 'mobile');
  // Site home JS ÷ bare app home JS (mobile, median transfer bytes).
  const jsRatio =
    home && 'jsBytes' in bare && bare.jsBytes > 0
      ? c.round(home.jsBytes / bare.jsBytes, 3)
      : undefined;
  return { runsPerPage: runs, pages, bare, jsRatio };
}
type WebResult = Awaited<ReturnType<typeof run>>;

const scoreLine = ({ scores: s }: PageResult) =>
  `Perf ${num(s.performance)} · A11y ${num(s.accessibility)} · BP ${num(s['best-practices'])} · SEO ${num(s.seo)}`;

function judge(web: WebResult | undefined) {
  const jsLabel = `Home page JS ≤ ${JS_RATIO_BUDGET} × bare React Router app`;
  const heroLabel = 'Hero video never delays the largest paint';
  const labels = [
    ...PUBLIC_PAGES.map((path) => `Lighthouse mobile ${path}: 100 × 4`),
    jsLabel,
    heroLabel,
  ];
  if (!web) return budgetRows(labels);
  const measured = web.pages.filter((p) => p.runs > 0);
  const mobile = (path: string) =>
    measured.find((p) => p.page === path && p.formFactor === 'mobile');
  const pages = PUBLIC_PAGES.map((path) => {
    const page = mobile(path);
    if (!page) return 'no successful run';
    const all100 = Object.values(page.scores).every((score) => score === 100);
    const { losing } = page;
    const text =
      `${scoreLine(page)} (median of ${page.runs})` +
      (all100 || losing.length === 0 ? '' : `; losing: ${losing.slice(0, 6).join(', ')}`);
    return judged(text, all100);
  });
  const [home, bare] = [mobile('/'), 'error' in web.bare ? undefined : web.bare];
  const js =
    web.jsRatio !== undefined && home && bare
      ? judged(
          `site ${kb(home.jsBytes)} vs bare ${kb(bare.jsBytes)} (gzipped transfer) = ${web.jsRatio.toFixed(2)}×`,
          web.jsRatio <= JS_RATIO_BUDGET,
        )
      : 'error' in web.bare
        ? `bare app failed: ${web.bare.error}`
        : 'no figure';
  const homes = measured.filter((p) => p.page === '/');
  const each = homes.map(
    (p) =>
      `${p.formFactor}: LCP element \`${p.lcpElement.slice(0, 70)}\`, video bytes during the load ${kb(p.mediaBytes)}`,
  );
  const hero = homes.length
    ? judged(
        `${each.join('; ')} (reduced-motion autoplay is not measured here)`,
        !homes.some((p) => /^<video/i.test(p.lcpElement)),
      )
    : 'no successful run';
  return budgetRows(labels, [...pages, js, hero]);
}

function details(web: WebResult) {
  const bare = 'error' in web.bare ? [] : [{ ...web.bare, page: '/ bare React Router app' }];
  const score = (id: (typeof CATEGORIES)[number]) => (p: PageResult) => num(p.scores[id]);
  const failures = web.pages.flatMap((p) => {
    const counts = [...c.tally(p.errors, (error) => error.slice(0, 200))];
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
        ...CATEGORIES.map((id, i) => [['Perf', 'A11y', 'BP', 'SEO'][i]!, score(id)] as const),
        ['LCP', (p) => ms(p.lcpMs, 0)],
        ['JS', (p) => kb(p.jsBytes)],
        [
          'runs',
          (p) => (p.errors.length ? `${p.runs}/${p.runs + p.errors.length}` : String(p.runs)),
        ],
      ],
    ),
    '',
    ...('error' in web.bare ? [`Bare app: failed: ${web.bare.error}`, ''] : []),
    ...failures,
    '',
  ].join('\n');
}

export default definePart({ title: 'Web', needsBuild: true, run, judge, details });
