/** Lighthouse on the site's pages and on a bare React Router app, medians (bench/README.md). */
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/chromium';
import * as c from '../lib/common';
import { startBareApp } from '../lib/bare-app';
import { withSite } from '../lib/processes';
import { budgetRows, definePart, judged, kb, ms, num, table } from '../lib/report';

// The same Debian Chromium and closed-network flags as the end-to-end tests, headless.
const CHROME = { chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
type Scores = Record<Category, number>;
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

/** Medians over the good Lighthouse runs of one page and form factor, straight from their results. */
function combine(runs: LighthouseResult[]) {
  const often = (values: string[]) => [...c.tally(values, (v) => v)].sort((a, b) => b[1] - a[1]);
  const medianOf = (value: (lhr: LighthouseResult) => number | null | undefined) => {
    const values = runs.map(value).filter((v): v is number => Number.isFinite(v));
    return values.length ? c.median(values) : Number.NaN;
  };
  const score = (lhr: LighthouseResult, id: Category) => {
    const value = lhr.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  const bytes = (type: string) => (lhr: LighthouseResult) => {
    const { items = [] } = (lhr.audits['network-requests']?.details ?? {}) as {
      items?: { resourceType?: string; transferSize?: number }[];
    };
    return items.reduce((sum, i) => sum + (i.resourceType === type ? (i.transferSize ?? 0) : 0), 0);
  };
  // Audits that cost points in a category below 100 (`category: audit id`), once per run.
  const failing = (lhr: LighthouseResult) =>
    CATEGORIES.filter((id) => score(lhr, id) !== 100).flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? []).flatMap((ref) => {
        const result = lhr.audits[ref.id];
        const losing = result && ref.weight > 0 && result.score !== null && result.score < 1;
        const scored = !['informative', 'notApplicable'].includes(result?.scoreDisplayMode ?? '');
        return losing && scored ? [`${id}: ${ref.id}`] : [];
      }),
    );
  const lcpElement = (lhr: LighthouseResult) => {
    const node = findNode(lhr.audits['largest-contentful-paint-element']?.details);
    return (node?.snippet ?? node?.nodeLabel ?? '(none)').slice(0, 160);
  };
  const losing = often(runs.flatMap((lhr) => [...new Set(failing(lhr))]));
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, medianOf((l) => score(l, id))]),
    ) as Scores,
    lcpMs: Math.round(medianOf((lhr) => lhr.audits['largest-contentful-paint']?.numericValue)),
    jsBytes: Math.round(medianOf(bytes('Script'))),
    mediaBytes: Math.round(medianOf(bytes('Media'))),
    lcpElement: often(runs.map(lcpElement))[0]?.[0] ?? '(none)',
    /** The audits that lost points in most runs. */
    losing: losing.filter(([, n]) => n * 2 > runs.length).map(([audit]) => audit),
  };
}
type Target = { page: string; as: Visitor; cookie?: string };

/**
 * Several Lighthouse runs of one URL, each in a Chrome of its own so that each is a first
 * visit (cookies a page set outlive a run: bench/README.md); medians of each figure.
 */
async function measurePage(
  url: () => Promise<string>,
  target: Target,
  formFactor: FormFactor,
  runs: number,
) {
  const [good, errors] = [[] as LighthouseResult[], [] as string[]];
  // A run that fails (a trace lost on a busy machine) is retried, twice at most per page.
  for (let attempt = 0; attempt < runs + 2 && good.length < runs; attempt += 1) {
    const chrome = await chromeLauncher.launch({
      ...CHROME,
      handleSIGINT: false,
      logLevel: 'silent',
    });
    const stopChrome = c.onCleanup(`stop Chromium (pid ${chrome.pid})`, () => chrome.kill());
    try {
      const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const };
      const headers = target.cookie ? { extraHeaders: { Cookie: target.cookie } } : {};
      const config = formFactor === 'desktop' ? desktopConfig : undefined;
      const work = lighthouse(await url(), { ...flags, ...headers }, config);
      const lhr = (await c.withTimeout(work, 180_000, `Lighthouse ${formFactor} ${target.page}`))
        ?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      if (lhr.runtimeError) errors.push(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      else good.push(lhr);
    } catch (error) {
      errors.push(c.errorText(error));
    } finally {
      await stopChrome();
    }
  }
  const page = { page: target.page, as: target.as, formFactor, runs: good.length, errors };
  return { ...page, ...combine(good) };
}
type PageResult = Awaited<ReturnType<typeof measurePage>>;

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
    const target = { page: '/ (bare app)', as: 'visitor' } as const;
    bare = await measurePage(async () => `${app.origin}/`, target, 'mobile', runs).finally(
      app.stop,
    );
  } catch (error) {
    bare = { error: c.errorText(error) };
  }
  const home = pages.find((page) => page.page === '/' && page.formFactor === 'mobile');
  // Site home JS ÷ bare app home JS (mobile, median transfer bytes).
  const bareJs = 'jsBytes' in bare ? bare.jsBytes : 0;
  const jsRatio = home && bareJs > 0 ? c.round(home.jsBytes / bareJs, 3) : undefined;
  return { runsPerPage: runs, pages, bare, jsRatio };
}
type WebResult = Awaited<ReturnType<typeof run>>;

const scoreLine = ({ scores: s }: PageResult) =>
  `Perf ${num(s.performance)} · A11y ${num(s.accessibility)} · BP ${num(s['best-practices'])} · SEO ${num(s.seo)}`;

function judge(web: WebResult | undefined) {
  const labels = [
    ...PUBLIC_PAGES.map((path) => `Lighthouse mobile ${path}: 100 × 4`),
    `Home page JS ≤ ${JS_RATIO_BUDGET} × bare React Router app`,
    'Hero video never delays the largest paint',
  ];
  if (!web) return budgetRows(labels);
  const measured = web.pages.filter((p) => p.runs > 0);
  const mobile = (path: string) =>
    measured.find((p) => p.page === path && p.formFactor === 'mobile');
  const pages = PUBLIC_PAGES.map((path) => {
    const page = mobile(path);
    if (!page) return 'no successful run';
    const all100 = Object.values(page.scores).every((score) => score === 100);
    const losing =
      all100 || !page.losing.length ? '' : `; losing: ${page.losing.slice(0, 6).join(', ')}`;
    return judged(`${scoreLine(page)} (median of ${page.runs})${losing}`, all100);
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
  const each = homes.map((p) => `${p.formFactor}: LCP element \`${p.lcpElement.slice(0, 70)}\``);
  const video = homes.map((p, i) => `${each[i]}, video bytes during the load ${kb(p.mediaBytes)}`);
  const hero = homes.length
    ? judged(
        `${video.join('; ')} (reduced-motion autoplay is not measured here)`,
        !homes.some((p) => /^<video/i.test(p.lcpElement)),
      )
    : 'no successful run';
  return budgetRows(labels, [...pages, js, hero]);
}

function details(web: WebResult) {
  const bare = 'error' in web.bare ? [] : [{ ...web.bare, page: '/ bare React Router app' }];
  const score = (id: Category) => (p: PageResult) => num(p.scores[id]);
  const failures = web.pages.flatMap((p) => {
    const counts = [...c.tally(p.errors, (error) => error.slice(0, 200))];
    const text = counts.map(([error, n]) => `${error}${n > 1 ? ` (× ${n})` : ''}`).join('; ');
    return text ? [`- Failed Lighthouse runs, ${p.formFactor} \`${p.page}\`: ${text}`] : [];
  });
  return [
    `Medians of ${web.runsPerPage} runs; JS is the gzipped transfer of every script during the load.`,
    table(
      [...web.pages, ...bare],
      [
        ['page', (p) => `\`${p.page}\``],
        ['as', (p) => `${p.as}, ${p.formFactor}`],
        ...CATEGORIES.map((id, i) => [['Perf', 'A11y', 'BP', 'SEO'][i]!, score(id)] as const),
        ['LCP', (p) => ms(p.lcpMs, 0)],
        ['JS', (p) => kb(p.jsBytes)],
        ['runs', (p) => `${p.runs}${p.errors.length ? `/${p.runs + p.errors.length}` : ''}`],
      ],
    ),
    failures.join('\n'),
  ].join('\n\n');
}

export default definePart({ title: 'Web', needsBuild: true, run, judge, details });
