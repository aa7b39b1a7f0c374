/**
 * Turns a run's results into bench/results/latest.md: the budgets of DESIGN §8 first,
 * met or not met with their numbers, then every figure by part.
 */
import type { DbResult } from '../db';
import type { ExportDownload, ExportResult } from '../export';
import type { LiveResult, LiveScenario } from '../live';
import type { MailResult } from '../mail';
import type { PaymentsResult } from '../payments';
import type { ServerResult } from '../server';
import type { TransfersResult } from '../transfers';
import type { PageResult, WebResult } from '../web';

export const PARTS = [
  'web',
  'server',
  'db',
  'live',
  'mail',
  'payments',
  'transfers',
  'export',
] as const;
export type Part = (typeof PARTS)[number];

export interface Failed {
  error: string;
}

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  durationSeconds: number;
  /** The parts measured by this invocation. */
  parts: Part[];
  /** Parts copied from an earlier run, with that run's start time. */
  carriedOver: Partial<Record<Part, string>>;
  machine: { node: string; cpus: number; cpuModel: string; memoryGb: number; os: string };
  git: { commit: string; changedFiles: number };
  /** 1-minute load average at the start and end of each part: other work on the machine. */
  load: Partial<Record<Part | 'build', { start: number; end: number }>>;
  build?: { seconds: number } | { skipped: string } | Failed;
  web?: WebResult | Failed;
  server?: ServerResult | Failed;
  db?: DbResult | Failed;
  live?: LiveResult | Failed;
  mail?: MailResult | Failed;
  payments?: PaymentsResult | Failed;
  transfers?: TransfersResult | Failed;
  export?: ExportResult | Failed;
  stoppedEarly?: string;
  /** Things that went wrong around the measurements, such as a server that died. */
  incidents?: string[];
}

export const BUDGETS = {
  lighthouseScore: 100,
  jsRatio: 1.25,
  searchP95Ms: { sqlite: 25, postgres: 10 },
  liveMs: 1000,
  searchBudgetUsers: 100_000,
  /** Server CPU per request as a multiple of `/healthz` on the same server, same run. */
  cpuRatio: {
    'site /': 1.5,
    'site /fed/javascript (level-1)': 6,
    'site /admin/home?q=a (admin)': 8,
  } as Record<string, number>,
  /** Prerendered `/` at this share of nginx's requests per second for the same file. */
  nginxShare: 0.9,
  rssIdleMb: 120,
  rssLoadMb: 200,
  /** Issue 13: what queueing an e-mail adds to its transaction, and the worker's rate. */
  enqueueAddedP95Ms: 1,
  mailPerSecond: 50,
  /** Issue 14: a payment webhook to the access it grants, and deliveries sustained. */
  webhookGrantP95Ms: 50,
  webhookPerSecond: 100,
  /** Answers per second may fall this far short of the offered rate (timer jitter). */
  webhookRateTolerance: 0.01,
  /** Issue 15: what a 5 MB receipt upload adds to the server's RSS, and the admin queue. */
  receiptUploadRiseMb: 20,
  transferQueueP95Ms: 50,
  transferQueueSize: 10_000,
  /** Issue 16: the admin list's CSV export of 100,000 users, and what it adds to the server's RSS. */
  exportMs: 3_000,
  exportRiseMb: 30,
  exportUsers: 100_000,
} as const;

const failed = (value: unknown): value is Failed =>
  typeof value === 'object' && value !== null && 'error' in value && !('pages' in value);

const kb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KB` : '–');
const ms = (value: number | undefined, digits = 1) =>
  value === undefined || !Number.isFinite(value) ? '–' : `${value.toFixed(digits)} ms`;
const num = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? '–' : String(value);
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const MET = '✅ met';
const NOT_MET = '❌ not met';
const NA = '⚪ not measured';

function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

function scoreLine(page: PageResult): string {
  const s = page.scores;
  return `Perf ${num(s.performance)} · A11y ${num(s.accessibility)} · BP ${num(s['best-practices'])} · SEO ${num(s.seo)}`;
}

function liveVerdict(scenario: LiveScenario): [string, string] {
  if (!scenario.available || !scenario.slowestStreamMs) {
    return [`not available: ${scenario.note ?? 'no event arrived'}`, NA];
  }
  const p95 = scenario.slowestStreamMs.p95;
  const missed = scenario.missed ?? 0;
  const text =
    `p95 ${ms(p95)} for the slowest of ${scenario.streams} stream(s) per change ` +
    `(all deliveries p50 ${ms(scenario.latencyMs?.p50)}, p95 ${ms(scenario.latencyMs?.p95)})` +
    (missed ? `; ${missed} deliveries missed (over 5 s)` : '');
  return [text, p95 < BUDGETS.liveMs && missed === 0 ? MET : NOT_MET];
}

function budgetRows(results: BenchResults): string[][] {
  const rows: string[][] = [];
  const web = results.web;
  if (!web || failed(web)) {
    rows.push([
      'Lighthouse mobile 100 in all four categories on /, /enroll, /login, /fed/home',
      web ? `web part failed: ${web.error}` : 'web part not run',
      NA,
    ]);
    rows.push(['Home page JS ≤ 1.25 × bare React Router app', '–', NA]);
  } else {
    for (const path of ['/', '/enroll', '/login', '/fed/home']) {
      const page = web.pages.find((p) => p.page === path && p.formFactor === 'mobile');
      if (!page || page.runs === 0) {
        rows.push([`Lighthouse mobile ${path}: 100 × 4`, 'no successful run', NA]);
        continue;
      }
      const all100 = Object.values(page.scores).every((score) => score === 100);
      const losing = page.failing
        .filter((f) => f.runs * 2 > page.runs)
        .map((f) => f.audit)
        .slice(0, 6);
      rows.push([
        `Lighthouse mobile ${path}: 100 × 4`,
        `${scoreLine(page)} (median of ${page.runs})` +
          (all100 || losing.length === 0 ? '' : `; losing: ${losing.join(', ')}`),
        all100 ? MET : NOT_MET,
      ]);
    }
    const home = web.pages.find((p) => p.page === '/' && p.formFactor === 'mobile');
    if (web.jsRatio !== undefined && home && !failed(web.bare)) {
      rows.push([
        'Home page JS ≤ 1.25 × bare React Router app',
        `site ${kb(home.jsBytes)} vs bare ${kb(web.bare.jsBytes)} (gzipped transfer) = ${web.jsRatio.toFixed(2)}×`,
        web.jsRatio <= BUDGETS.jsRatio ? MET : NOT_MET,
      ]);
    } else {
      rows.push([
        'Home page JS ≤ 1.25 × bare React Router app',
        failed(web.bare) ? `bare app failed: ${web.bare.error}` : 'no figure',
        NA,
      ]);
    }
    const homes = web.pages.filter((p) => p.page === '/' && p.runs > 0);
    if (homes.length) {
      const video = homes.some((p) => /^<video/i.test(p.lcpElement));
      rows.push([
        'Hero video never delays the largest paint',
        homes
          .map(
            (p) =>
              `${p.formFactor}: LCP element \`${p.lcpElement.slice(0, 70)}\`, video bytes during the load ${kb(p.mediaBytes)}`,
          )
          .join('; ') + ' (reduced-motion autoplay is not measured here)',
        video ? NOT_MET : MET,
      ]);
    }
  }
  const db = results.db;
  for (const engine of ['sqlite', 'postgres'] as const) {
    const label = `Admin search at 100,000 users, ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: p95 < ${BUDGETS.searchP95Ms[engine]} ms`;
    if (!db || failed(db)) {
      rows.push([label, db ? `db part failed: ${db.error}` : 'db part not run', NA]);
      continue;
    }
    const result = db.engines.find((e) => e.engine === engine);
    const size = result?.sizes.find((s) => s.users === BUDGETS.searchBudgetUsers);
    if (!result || !size) {
      rows.push([
        label,
        result?.skipped ?? result?.error ?? 'no 100,000-user figure in this run',
        NA,
      ]);
      continue;
    }
    const slowest = [...size.perSearch].sort((a, b) => b.ms.p95 - a.ms.p95)[0];
    rows.push([
      label,
      `p95 ${ms(size.all.p95)} over the mix (p50 ${ms(size.all.p50)}, p99 ${ms(size.all.p99)})` +
        (slowest ? `; slowest search ${slowest.label}: p95 ${ms(slowest.ms.p95)}` : ''),
      size.all.p95 < BUDGETS.searchP95Ms[engine] ? MET : NOT_MET,
    ]);
  }
  rows.push(...serverBudgetRows(results.server));
  const live = results.live;
  if (!live || failed(live)) {
    rows.push([
      'A change reaches an open admin list in < 1 s',
      live ? `live part failed: ${live.error}` : 'live part not run',
      NA,
    ]);
  } else {
    for (const scenario of live.scenarios) {
      const [text, verdict] = liveVerdict(scenario);
      rows.push([`Change reaches open admin lists < 1 s: ${scenario.name}`, text, verdict]);
    }
  }
  rows.push(...mailBudgetRows(results.mail));
  rows.push(...paymentsBudgetRows(results.payments));
  rows.push(...transfersBudgetRows(results.transfers));
  rows.push(...exportBudgetRows(results.export));
  return rows;
}

const engineName = (engine: 'sqlite' | 'postgres') =>
  engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';

function paymentsBudgetRows(payments: BenchResults['payments']): string[][] {
  const grantLabel = (engine: string) =>
    `Webhook to access granted p95 < ${BUDGETS.webhookGrantP95Ms} ms, ${engine} (issue 14)`;
  const rateLabel = (engine: string) =>
    `${BUDGETS.webhookPerSecond} webhook deliveries/s sustained, none lost or doubled, ${engine} (issue 14)`;
  if (!payments || failed(payments)) {
    const text = payments ? `payments part failed: ${payments.error}` : 'payments part not run';
    return (['sqlite', 'postgres'] as const).flatMap((engine) => [
      [grantLabel(engineName(engine)), text, NA],
      [rateLabel(engineName(engine)), text, NA],
    ]);
  }
  const rows: string[][] = [];
  for (const engine of payments.engines) {
    const name = engineName(engine.engine);
    const grant = engine.grant;
    if (!grant) {
      rows.push([grantLabel(name), engine.skipped ?? engine.error ?? 'no figures', NA]);
    } else {
      const problems = [
        grant.non200 ? `${grant.non200} answers not 200` : '',
        grant.notGranted ? `${grant.notGranted} users not level-1` : '',
      ].filter(Boolean);
      rows.push([
        grantLabel(name),
        `p95 ${ms(grant.responseMs.p95)} (p50 ${ms(grant.responseMs.p50)}, max ${ms(grant.responseMs.max)}) over ${grant.deliveries} sequential deliveries` +
          (problems.length ? `; ${problems.join(', ')}` : ''),
        grant.responseMs.p95 < BUDGETS.webhookGrantP95Ms && problems.length === 0 ? MET : NOT_MET,
      ]);
    }
    const rate = engine.rate;
    if (!rate) {
      rows.push([rateLabel(name), engine.skipped ?? engine.error ?? 'no figures', NA]);
    } else {
      const floor = BUDGETS.webhookPerSecond * (1 - BUDGETS.webhookRateTolerance);
      rows.push([
        rateLabel(name),
        `${rate.achievedPerSecond}/s answered (offered ${rate.offeredPerSecond}/s), p95 ${ms(rate.latencyMs.p95)} under load; ` +
          `${rate.lost} lost, ${rate.doubled} doubled, ${rate.non200} not 200 (${rate.distinctOrders} orders + ${rate.duplicates} redeliveries)`,
        rate.offeredPerSecond >= floor &&
        rate.achievedPerSecond >= floor &&
        rate.lost === 0 &&
        rate.doubled === 0 &&
        rate.non200 === 0
          ? MET
          : NOT_MET,
      ]);
    }
  }
  return rows;
}

function paymentsSection(payments: PaymentsResult): string {
  const rows = payments.engines.map((engine) => {
    const { grant, rate } = engine;
    if (!grant && !rate) {
      return [
        engineName(engine.engine),
        engine.skipped ?? engine.error ?? '–',
        ...Array.from({ length: 9 }, () => '–'),
      ];
    }
    return [
      engineName(engine.engine),
      grant
        ? `${ms(grant.responseMs.p50)} / ${ms(grant.responseMs.p95)} / ${ms(grant.responseMs.max)}`
        : '–',
      grant ? ms(grant.confirmedMs.p95) : '–',
      grant ? `${grant.non200} / ${grant.notGranted}` : '–',
      rate ? `${rate.offeredPerSecond} → ${rate.achievedPerSecond}/s` : '–',
      rate
        ? `${ms(rate.latencyMs.p50)} / ${ms(rate.latencyMs.p95)} / ${ms(rate.latencyMs.max)}`
        : '–',
      rate ? `${rate.lost} / ${rate.doubled}` : '–',
      rate ? String(rate.non200) : '–',
      rate
        ? Object.entries(rate.outcomes)
            .map(([outcome, n]) => `${outcome} ${n}`)
            .join(', ')
        : '–',
      rate ? `${ms(rate.maxSendLagMs)} / ${ms(rate.drainMs)}` : '–',
      engine.emailsSent === undefined ? '–' : String(engine.emailsSent),
    ];
  });
  const lines = [
    table(
      [
        'engine',
        'grant p50 / p95 / max',
        'grant confirmed by a read, p95',
        'not 200 / not level-1',
        'offered → answered',
        'under load p50 / p95 / max',
        'lost / doubled',
        'not 200',
        'outcomes',
        'send lag max / drain',
        'e-mails sent',
      ],
      rows,
    ),
    '',
    `Grant: ${payments.deliveries} signed \`checkout.session.completed\` events for as many pending orders of distinct users, ` +
      `posted one after another to the production server's \`/webhooks/stripe\` (after ${payments.warmUpDeliveries} untimed ones), each timed from sending to its answer ` +
      '(the server answers 200 after the transaction that raises the access has committed), then the access read back from the database. ' +
      `Rate: ${Math.round(payments.ratePerSecond * payments.rateSeconds)} deliveries scheduled by the clock at ${payments.ratePerSecond}/s for ${payments.rateSeconds} s (open loop), ` +
      `every ${Math.round(1 / payments.duplicateShare)}th a redelivery of an earlier event (same event id); afterwards every distinct order must have exactly one payment, ` +
      'one enrolment, one `payment-received` e-mail, status paid and its buyer at level-1 (lost: any missing; doubled: any twice). ' +
      '"Answered" is answers per second from the first to the last answer; "drain" is the last answer minus the last send.',
    '',
  ];
  for (const engine of payments.engines) {
    const checks = engine.rate?.checks;
    if (!checks || (engine.rate?.lost === 0 && engine.rate?.doubled === 0)) continue;
    lines.push(
      `${engineName(engine.engine)}: orders not paid ${checks.ordersNotPaid}, users not level-1 ${checks.accessNotLevel1}; ` +
        `payments missing ${checks.payments.missing} / twice ${checks.payments.extra}, ` +
        `enrolments missing ${checks.enrolments.missing} / twice ${checks.enrolments.extra}, ` +
        `e-mails missing ${checks.emails.missing} / twice ${checks.emails.extra}.`,
      '',
    );
  }
  return lines.join('\n');
}

const signedMb = (value: number) =>
  Number.isFinite(value) ? `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(1)} MB` : '–';

function transfersBudgetRows(transfers: BenchResults['transfers']): string[][] {
  const uploadLabel = (engine: string) =>
    `A 5 MB receipt upload raises server RSS < ${BUDGETS.receiptUploadRiseMb} MB, ${engine} (issue 15)`;
  const queueLabel = (engine: string) =>
    `Admin transfer queue < ${BUDGETS.transferQueueP95Ms} ms with ${BUDGETS.transferQueueSize.toLocaleString('en')} transfers, ${engine} (issue 15)`;
  if (!transfers || failed(transfers)) {
    const text = transfers ? `transfers part failed: ${transfers.error}` : 'transfers part not run';
    return (['sqlite', 'postgres'] as const).flatMap((engine) => [
      [uploadLabel(engineName(engine)), text, NA],
      [queueLabel(engineName(engine)), text, NA],
    ]);
  }
  const rows: string[][] = [];
  for (const engine of transfers.engines) {
    const name = engineName(engine.engine);
    const upload = engine.upload;
    if (!upload) {
      rows.push([uploadLabel(name), engine.skipped ?? engine.error ?? 'no figures', NA]);
    } else {
      const first = upload.warmUp[0];
      const problems = [
        upload.non302 ? `${upload.non302} answers not 302 to /success` : '',
        upload.notStored ? `${upload.notStored} receipts not stored whole` : '',
      ].filter(Boolean);
      rows.push([
        uploadLabel(name),
        `largest rise of one upload (its peak − the RSS just before it) ${signedMb(upload.maxRiseMb)} (peak − the ${upload.baselineMb.toFixed(0)} MB warm-up baseline, with earlier uploads' uncollected garbage: ${signedMb(upload.maxRiseOverBaselineMb)}; ` +
          upload.kinds
            .map(
              (kind) =>
                `${kind.kind.toUpperCase()} × ${kind.uploads} over the baseline: ` +
                (kind.exactRiseMb ? `exact peak ${signedMb(kind.exactRiseMb.max)}, ` : '') +
                `20 ms samples ${signedMb(kind.sampledRiseMb.max)}`,
            )
            .join('; ') +
          `)` +
          (first
            ? `; on the fresh server the first upload peaked at ${signedMb(Math.max(first.exactPeakMb || 0, first.sampledPeakMb) - upload.idleMb)} over idle (warm-up, not judged)`
            : '') +
          (problems.length ? `; ${problems.join(', ')}` : ''),
        upload.maxRiseMb < BUDGETS.receiptUploadRiseMb && problems.length === 0 ? MET : NOT_MET,
      ]);
    }
    const queue = engine.queue;
    if (!queue) {
      rows.push([queueLabel(name), engine.skipped ?? engine.error ?? 'no figures', NA]);
    } else {
      const slowest = [...queue.targets].sort((a, b) => b.totalMs.p95 - a.totalMs.p95)[0];
      const worst = (kind: 'html' | 'data') =>
        Math.max(...queue.targets.filter((t) => t.kind === kind).map((t) => t.totalMs.p95));
      rows.push([
        queueLabel(name),
        `whole response on loopback (no Server-Timing header), p95 over pages ${queue.targets
          .filter((t) => t.kind === 'data')
          .map((t) => t.page)
          .join(', ')}: \`.data\` ≤ ${ms(worst('data'))}, HTML ≤ ${ms(worst('html'))}` +
          (slowest ? `; slowest ${slowest.label} (p50 ${ms(slowest.totalMs.p50)})` : '') +
          ` with ${queue.transfers.toLocaleString('en')} transfers` +
          (queue.checked ? '' : '; a page did not show the transfer expected on it'),
        queue.transfers >= BUDGETS.transferQueueSize &&
        queue.checked &&
        queue.targets.every((t) => t.totalMs.p95 < BUDGETS.transferQueueP95Ms)
          ? MET
          : NOT_MET,
      ]);
    }
  }
  return rows;
}

function transfersSection(transfers: TransfersResult): string {
  const mb = (value: number | undefined) =>
    value === undefined || !Number.isFinite(value) ? '–' : `${value.toFixed(1)} MB`;
  const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(2)} MiB`;
  const rise = (value: { median: number; max: number } | undefined) =>
    value ? `${signedMb(value.median)} / ${signedMb(value.max)}` : '–';
  const uploadRows: string[][] = [];
  const queueRows: string[][] = [];
  for (const engine of transfers.engines) {
    const name = engineName(engine.engine);
    const { upload, queue } = engine;
    if (!upload && !queue) {
      const why = engine.skipped ?? engine.error ?? '–';
      uploadRows.push([name, why, ...Array.from({ length: 8 }, () => '–')]);
      queueRows.push([name, why, ...Array.from({ length: 6 }, () => '–')]);
      continue;
    }
    if (upload) {
      for (const kind of upload.kinds) {
        uploadRows.push([
          name,
          `${kind.kind.toUpperCase()} ${mib(kind.fileBytes)} → ${mib(kind.storedBytes)} stored`,
          String(kind.uploads),
          `${mb(upload.idleMb)} / ${mb(upload.baselineMb)}`,
          rise(kind.exactRiseMb),
          rise(kind.sampledRiseMb),
          rise(kind.riseOverBeforeMb),
          `${ms(kind.uploadMs.p50, 0)} / ${ms(kind.uploadMs.max, 0)}`,
          mb(upload.afterAllMb),
          `${upload.non302} / ${upload.notStored}`,
        ]);
      }
    } else {
      uploadRows.push([name, engine.error ?? '–', ...Array.from({ length: 8 }, () => '–')]);
    }
    if (queue) {
      for (const target of queue.targets) {
        const query = queue.queryMs.find((q) => q.page === target.page)?.ms;
        queueRows.push([
          name,
          `\`${target.path}\``,
          `${target.status}, ${kb(target.bytes)}${target.contentEncoding ? ` ${target.contentEncoding}` : ''}`,
          `${ms(target.totalMs.p50)} / ${ms(target.totalMs.p95)} / ${ms(target.totalMs.max)}`,
          `${ms(target.firstByteMs.p50)} / ${ms(target.firstByteMs.p95)}`,
          query ? `${ms(query.p50, 2)} / ${ms(query.p95, 2)}` : '–',
          `${queue.transfers.toLocaleString('en')} (${queue.pending.toLocaleString('en')} pending), ${queue.pageCount} pages`,
          `${queue.seedSeconds.toFixed(1)} s`,
        ]);
      }
    } else {
      queueRows.push([name, engine.error ?? '–', ...Array.from({ length: 6 }, () => '–')]);
    }
  }
  const warmUps = transfers.engines.flatMap((engine) => {
    const upload = engine.upload;
    if (!upload) return [];
    const peak = (run: (typeof upload.warmUp)[number]) =>
      Number.isFinite(run.exactPeakMb)
        ? Math.max(run.exactPeakMb, run.sampledPeakMb)
        : run.sampledPeakMb;
    return [
      `${engineName(engine.engine)}: from ${mb(upload.idleMb)} idle, ` +
        upload.warmUp
          .map(
            (run, index) =>
              `${index === 0 ? 'the first' : 'then'} ${run.kind.toUpperCase()} peaked at ${signedMb(peak(run) - upload.idleMb)} and left ${signedMb(run.afterMb - upload.idleMb)}`,
          )
          .join(', ') +
        `; baseline ${signedMb(upload.baselineMb - upload.idleMb)} over idle`,
    ];
  });
  return [
    '### Receipt upload: server memory',
    '',
    table(
      [
        'engine',
        'receipt',
        'uploads',
        'RSS idle / baseline',
        'exact peak rise median / max',
        '20 ms samples rise median / max',
        'rise over RSS just before',
        'upload p50 / max',
        'RSS after all',
        'not 302 / not stored',
      ],
      uploadRows,
    ),
    '',
    `Each upload is the transfer form posted to \`/enroll\` (multipart: plan, amount, date, reference and a ${mib(transfers.fileBytes)} receipt, the form's limit) by a new signed-in student, ` +
      `one after another, PDF and JPEG alternately (${transfers.uploadsPerKind} of each, after one untimed of each). ` +
      `The server's RSS (VmRSS of the node process) is sampled every ${transfers.sampleEveryMs} ms from sending until 500 ms after the answer (the upload's e-mail goes out meanwhile); ` +
      'the exact peak is VmHWM over the same span, reset before each upload through `/proc/<pid>/clear_refs`. ' +
      'Rises are peaks minus the baseline (RSS read a second after the warm-up uploads), and minus the RSS just before each upload (they differ when memory an earlier upload freed was returned meanwhile); ' +
      'the budget is judged on the largest of either. ' +
      'The PDF is stored as it came; the JPEG (JFIF, a 60 KB EXIF segment, then the scan) is stored without its EXIF segment.' +
      (warmUps.length
        ? ` The untimed warm-up uploads on the fresh server (not judged by the budget): ${warmUps.join('; ')}.`
        : ''),
    '',
    '### Admin transfer queue',
    '',
    table(
      [
        'engine',
        'request',
        'answer',
        'whole response p50 / p95 / max',
        'first byte p50 / p95',
        'loader query alone p50 / p95',
        'transfers',
        'seed',
      ],
      queueRows,
    ),
    '',
    `The queue holds ${transfers.queueTransfers.toLocaleString('en')} transfers, each by its own user with a small PNG receipt, a tenth pending (submitted over the last 5 days) and the rest decided over the last year (4 in 5 approved, the rest rejected), written straight to the database (ANALYZE after it on PostgreSQL). ` +
      `An admin's session requests each page ${transfers.requestsPerTarget} times (after 5 untimed), the targets in turn, over one kept-alive loopback connection with \`Accept-Encoding: gzip\`. ` +
      'The server sends no `Server-Timing` header, so the figure is the whole response seen by the bench (request sent → last byte), an upper bound on the server time; ' +
      '`.data` is what a client-side navigation fetches (the root, admin layout and queue loaders, no rendering), HTML is the full server render of the same loaders. ' +
      '"Loader query alone" is `listTransferQueue` (two counts and the page\'s rows) called in the bench process on its own connection, for where the time goes. ' +
      'Page 1 shows the oldest pending transfers; the others are decided ones (offset into the decided list).',
    '',
    ...transfers.engines.flatMap((engine) =>
      (engine.queue?.breakdown ?? []).flatMap(({ page, steps }) => [
        `${engineName(engine.engine)}, page ${page}: the loader's queries, each run alone ${transfers.requestsPerTarget} times (p50 / p95), and the engine's plan:`,
        '',
        ...steps.map(
          (step) =>
            `- ${step.label}: ${ms(step.ms.p50, 2)} / ${ms(step.ms.p95, 2)}, \`${step.plan}\``,
        ),
        '',
      ]),
    ),
  ].join('\n');
}

function exportBudgetRows(exported: BenchResults['export']): string[][] {
  const users = BUDGETS.exportUsers.toLocaleString('en');
  const timeLabel = (engine: string) =>
    `CSV export of ${users} users < ${BUDGETS.exportMs / 1000} s, ${engine} (issue 16)`;
  const riseLabel = (engine: string) =>
    `CSV export raises server RSS < ${BUDGETS.exportRiseMb} MB, ${engine} (issue 16)`;
  if (!exported || failed(exported)) {
    const text = exported ? `export part failed: ${exported.error}` : 'export part not run';
    return (['sqlite', 'postgres'] as const).flatMap((engine) => [
      [timeLabel(engineName(engine)), text, NA],
      [riseLabel(engineName(engine)), text, NA],
    ]);
  }
  const rows: string[][] = [];
  for (const engine of exported.engines) {
    const name = engineName(engine.engine);
    if (!engine.totalMs || engine.maxRiseMb === undefined || !engine.runs) {
      const why = engine.skipped ?? engine.error ?? 'no figures';
      rows.push([timeLabel(name), why, NA], [riseLabel(name), why, NA]);
      continue;
    }
    const enough = (engine.users ?? 0) >= BUDGETS.exportUsers;
    rows.push([
      timeLabel(name),
      `request sent → last byte, ${engine.runs.length} downloads of ${(engine.users ?? 0).toLocaleString('en')} users: ` +
        `max ${ms(engine.totalMs.max, 0)} (p50 ${ms(engine.totalMs.p50, 0)})` +
        (engine.complete ? '' : '; a download was not every user under the header'),
      enough && engine.complete && engine.totalMs.max < BUDGETS.exportMs ? MET : NOT_MET,
    ]);
    rows.push([
      riseLabel(name),
      `max peak +${engine.maxRiseMb.toFixed(1)} MB over the ${num(engine.baselineMb)} MB baseline ` +
        `(after a warm-up download; 20 ms samples and VmHWM)`,
      enough && engine.maxRiseMb < BUDGETS.exportRiseMb ? MET : NOT_MET,
    ]);
  }
  return rows;
}

function exportSection(exported: ExportResult): string {
  const mb = (value: number | undefined) =>
    value === undefined || !Number.isFinite(value) ? '–' : `${value.toFixed(1)} MB`;
  const peak = (run: ExportDownload) =>
    Number.isFinite(run.exactPeakMb)
      ? Math.max(run.exactPeakMb, run.sampledPeakMb)
      : run.sampledPeakMb;
  const rows: string[][] = [];
  for (const engine of exported.engines) {
    const name = engineName(engine.engine);
    if (!engine.runs || !engine.warmUp || engine.baselineMb === undefined) {
      rows.push([
        name,
        engine.skipped ?? engine.error ?? '–',
        ...Array.from({ length: 7 }, () => '–'),
      ]);
      continue;
    }
    const baseline = engine.baselineMb;
    for (const [label, run, from] of [
      ['warm-up (fresh server)', engine.warmUp, engine.idleMb ?? Number.NaN],
      ...engine.runs.map((run, index) => [`download ${index + 1}`, run, baseline] as const),
      ...(engine.filtered ? [['`?access=level-1`', engine.filtered, baseline] as const] : []),
    ] as const) {
      rows.push([
        name,
        label,
        `${run.status} ${run.contentEncoding ?? 'identity'}`,
        `${run.rows.toLocaleString('en')}${run.header ? '' : ' (no header)'}`,
        mb(run.bytes / 1024 / 1024),
        ms(run.firstByteMs, 0),
        ms(run.ms, 0),
        `${mb(run.beforeMb)} → ${mb(peak(run))}`,
        `+${(peak(run) - from).toFixed(1)} MB`,
      ]);
    }
  }
  return [
    table(
      [
        'engine',
        'download',
        'answer',
        'rows',
        'CSV',
        'first byte',
        'last byte',
        'server RSS before → peak',
        'rise',
      ],
      rows,
    ),
    '',
    `${exported.users.toLocaleString('en')} users seeded by \`scripts/db-seed-bench.ts\` (plus the admin), an active enrolment for each level-1 user; ` +
      'the admin downloads `/admin/users.csv` with gzip accepted. The rise of the warm-up is over the idle server; the others over the baseline read after it. ' +
      `RSS sampled every ${exported.sampleEveryMs} ms and read exactly from VmHWM (reset before each download).`,
    '',
  ].join('\n');
}

function mailBudgetRows(mail: BenchResults['mail']): string[][] {
  const enqueueLabel = `Queueing an e-mail adds < ${BUDGETS.enqueueAddedP95Ms} ms p95 to its transaction`;
  const rateLabel = `E-mail worker sends ≥ ${BUDGETS.mailPerSecond} messages/s to a local SMTP sink`;
  if (!mail || failed(mail)) {
    const text = mail ? `mail part failed: ${mail.error}` : 'mail part not run';
    return [
      [enqueueLabel, text, NA],
      [rateLabel, text, NA],
    ];
  }
  const rows: string[][] = [];
  for (const engine of mail.engines) {
    if (engine.skipped || engine.error || !engine.enqueueMs) {
      const text = engine.skipped ?? engine.error ?? 'no figures';
      rows.push([`${enqueueLabel} (${engine.engine})`, text, NA]);
      rows.push([`${rateLabel} (${engine.engine})`, text, NA]);
      continue;
    }
    rows.push([
      `${enqueueLabel} (${engine.engine})`,
      `enqueue call p95 ${ms(engine.enqueueMs.p95, 3)}; transaction p95 ${ms(engine.withoutEmailMs?.p95, 3)} → ${ms(engine.withEmailMs?.p95, 3)} (+${ms(engine.addedP95Ms, 3)})`,
      engine.enqueueMs.p95 < BUDGETS.enqueueAddedP95Ms &&
      (engine.addedP95Ms ?? Infinity) < BUDGETS.enqueueAddedP95Ms
        ? MET
        : NOT_MET,
    ]);
    rows.push([
      `${rateLabel} (${engine.engine})`,
      `${num(engine.messagesPerSecond)} messages/s (${engine.messages} in ${num(engine.sendSeconds)} s)`,
      (engine.messagesPerSecond ?? 0) >= BUDGETS.mailPerSecond ? MET : NOT_MET,
    ]);
  }
  return rows;
}

function mailSection(mail: MailResult): string {
  return [
    table(
      [
        'engine',
        'transaction without e-mail p50 / p95',
        'with e-mail p50 / p95',
        'enqueue call p50 / p95',
        'worker',
      ],
      mail.engines.map((engine) =>
        engine.enqueueMs
          ? [
              engine.engine,
              `${ms(engine.withoutEmailMs?.p50, 3)} / ${ms(engine.withoutEmailMs?.p95, 3)}`,
              `${ms(engine.withEmailMs?.p50, 3)} / ${ms(engine.withEmailMs?.p95, 3)}`,
              `${ms(engine.enqueueMs.p50, 3)} / ${ms(engine.enqueueMs.p95, 3)}`,
              `${num(engine.messagesPerSecond)} messages/s`,
            ]
          : [engine.engine, engine.skipped ?? engine.error ?? '–', '–', '–', '–'],
      ),
    ),
    '',
    `${mail.transactions} transactions each way (a user created as a sign-in does, alternately without and with the welcome e-mail), ` +
      `then ${mail.messages} messages sent by the product's worker through its SMTP transport (a pool of 5 connections) to an \`smtp-server\` sink in the bench process.`,
    '',
  ].join('\n');
}

function serverBudgetRows(server: BenchResults['server']): string[][] {
  const labels = [
    ...Object.entries(BUDGETS.cpuRatio).map(
      ([target, limit]) =>
        `Server CPU per request, ${target.replace(/^site /, '')} ≤ ${limit}× /healthz`,
    ),
    `Prerendered / ≥ ${BUDGETS.nginxShare * 100} % of nginx's req/s`,
    `Server RSS ≤ ${BUDGETS.rssIdleMb} MB idle, ≤ ${BUDGETS.rssLoadMb} MB under load`,
  ];
  if (!server || failed(server)) {
    const why = server ? `server part failed: ${server.error}` : 'server part not run';
    return labels.map((label) => [label, why, NA]);
  }
  const rows: string[][] = [];
  for (const [target, limit] of Object.entries(BUDGETS.cpuRatio)) {
    const ratios = server.cpuRatios.filter((r) => r.target === target);
    rows.push([
      labels[rows.length]!,
      ratios.length
        ? ratios
            .map(
              (r) =>
                `${r.connections} connections: ${r.cpuMsPerRequest.toFixed(3)} vs ${r.healthzCpuMsPerRequest.toFixed(3)} ms = ${r.ratio.toFixed(2)}×`,
            )
            .join('; ')
        : 'no figure',
      ratios.length ? (ratios.every((r) => r.ratio <= limit) ? MET : NOT_MET) : NA,
    ]);
  }
  rows.push([
    labels[rows.length]!,
    server.ratios.length
      ? server.ratios
          .map((r) => `${r.connections} connections: ${(r.ratio * 100).toFixed(1)} %`)
          .join('; ')
      : (server.nginx ?? 'no figure'),
    server.ratios.length
      ? server.ratios.every((r) => r.ratio >= BUDGETS.nginxShare)
        ? MET
        : NOT_MET
      : NA,
  ]);
  rows.push([
    labels[rows.length]!,
    `${server.rss.idleMb.toFixed(0)} MB idle, ${server.rss.peakMb.toFixed(0)} MB peak under load`,
    server.rss.idleMb <= BUDGETS.rssIdleMb && server.rss.peakMb <= BUDGETS.rssLoadMb
      ? MET
      : NOT_MET,
  ]);
  return rows;
}

function webSection(web: WebResult): string {
  const lines: string[] = [];
  for (const formFactor of ['mobile', 'desktop'] as const) {
    const pages = web.pages.filter((p) => p.formFactor === formFactor);
    const rows = pages.map((p) => [
      `\`${p.page}\``,
      p.as,
      num(p.scores.performance),
      num(p.scores.accessibility),
      num(p.scores['best-practices']),
      num(p.scores.seo),
      ms(p.lcpMs, 0),
      ms(p.tbtMs, 0),
      num(p.cls),
      kb(p.jsBytes),
      kb(p.cssBytes),
      p.errors.length ? `${p.runs}/${p.runs + p.errors.length}` : String(p.runs),
    ]);
    if (formFactor === 'mobile' && !failed(web.bare)) {
      const b = web.bare;
      rows.push([
        '`/` bare React Router app',
        'visitor',
        num(b.scores.performance),
        num(b.scores.accessibility),
        num(b.scores['best-practices']),
        num(b.scores.seo),
        ms(b.lcpMs, 0),
        ms(b.tbtMs, 0),
        num(b.cls),
        kb(b.jsBytes),
        kb(b.cssBytes),
        String(b.runs),
      ]);
    }
    lines.push(`### Lighthouse, ${formFactor} (medians of ${web.runsPerPage} runs)`, '');
    lines.push(
      table(
        ['page', 'as', 'Perf', 'A11y', 'BP', 'SEO', 'LCP', 'TBT', 'CLS', 'JS', 'CSS', 'runs'],
        rows,
      ),
      '',
    );
  }
  const bench = web.pages.find((p) => p.benchmarkIndex)?.benchmarkIndex;
  lines.push(
    `JS and CSS are the gzipped transfer bytes of every Script / Stylesheet request during the load. ` +
      (web.jsRatio !== undefined
        ? `Home page JavaScript: **${web.jsRatio.toFixed(2)}×** the bare app's (budget ≤ ${BUDGETS.jsRatio}×). `
        : '') +
      (web.bareServer ? `Bare app served by ${web.bareServer}. ` : '') +
      (bench ? `Lighthouse CPU benchmark index on this machine: ${Math.round(bench)}.` : ''),
    '',
  );
  if (failed(web.bare)) lines.push(`Bare app: failed: ${web.bare.error}`, '');
  const below = web.pages.filter(
    (p) => p.runs > 0 && Object.values(p.scores).some((score) => score !== null && score < 100),
  );
  if (below.length) {
    lines.push('### Why pages score below 100', '');
    for (const p of below) {
      const low = Object.entries(p.scores)
        .filter(([, score]) => score !== null && score < 100)
        .map(([category, score]) => `${category} ${score}`)
        .join(', ');
      const audits = p.failing
        .map((f) => {
          const id = f.audit.replace(/^[a-z-]+: /, '');
          const detail = p.findings[id];
          return `${f.audit}${detail ? ` “${detail}”` : ''} (${f.runs}/${p.runs} runs)`;
        })
        .join('; ');
      lines.push(
        `- ${p.formFactor} \`${p.page}\` (${low}): ${audits || 'no single audit below 1'}` +
          (p.scores.performance !== null && p.scores.performance < 100
            ? `. LCP ${ms(p.lcpMs, 0)} (median)${p.lcpPhases ? `; in the run with the median score, LCP = ${p.lcpPhases}` : ''}` +
              (p.opportunities.length ? `; opportunities: ${p.opportunities.join(', ')}` : '')
            : ''),
      );
    }
    lines.push('');
  }
  const home = web.pages.find((p) => p.page === '/' && p.formFactor === 'mobile');
  if (home?.scripts.length) {
    lines.push(
      '### Scripts loaded by the home page',
      '',
      table(
        ['site `/`', 'gzipped', 'bare app `/`', 'gzipped'],
        Array.from(
          { length: Math.max(home.scripts.length, failed(web.bare) ? 0 : web.bare.scripts.length) },
          (_, i) => {
            const mine = home.scripts[i];
            const theirs = failed(web.bare) ? undefined : web.bare.scripts[i];
            return [
              mine ? `\`${mine.path}\`` : '',
              mine ? kb(mine.bytes) : '',
              theirs ? `\`${theirs.path}\`` : '',
              theirs ? kb(theirs.bytes) : '',
            ];
          },
        ),
      ),
      '',
    );
  }
  const errors = web.pages.filter((p) => p.errors.length > 0);
  for (const p of errors) {
    const counts = new Map<string, number>();
    for (const error of p.errors) counts.set(error, (counts.get(error) ?? 0) + 1);
    const text = [...counts.entries()]
      .map(([error, count]) => `${error.slice(0, 200)}${count > 1 ? ` (× ${count})` : ''}`)
      .join('; ');
    lines.push(`- Failed Lighthouse runs, ${p.formFactor} \`${p.page}\`: ${text}`);
  }
  if (errors.length) lines.push('');
  return lines.join('\n');
}

function serverSection(server: ServerResult): string {
  const lines: string[] = [];
  lines.push(
    table(
      [
        'target',
        'connections',
        'req/s',
        'p50',
        'p99',
        'errors / non-2xx',
        'server CPU / request',
        'server RSS (median / max)',
      ],
      server.runs.map((run) => [
        run.target,
        String(run.connections),
        String(run.requestsPerSecond),
        ms(run.latencyMs.p50, 0),
        ms(run.latencyMs.p99, 0),
        `${run.errors} / ${run.non2xx}`,
        run.cpuMsPerRequest !== undefined ? ms(run.cpuMsPerRequest, 3) : '–',
        run.rssMb ? `${run.rssMb.median.toFixed(0)} / ${run.rssMb.max.toFixed(0)} MB` : '–',
      ]),
    ),
    '',
  );
  if (server.ratios.length) {
    lines.push(
      `Prerendered \`/\` from the site's server vs the same file from nginx, same run: ` +
        server.ratios
          .map(
            (r) =>
              `${r.connections} connections ${r.siteRps} vs ${r.nginxRps} req/s = **${(r.ratio * 100).toFixed(1)} %** of nginx`,
          )
          .join('; ') +
        '.',
      '',
    );
  } else if (server.nginx) {
    lines.push(`No nginx ceiling: ${server.nginx}.`, '');
  }
  lines.push(
    `Server process RSS: ${server.rss.idleMb.toFixed(0)} MB idle before the load, ` +
      `${server.rss.peakMb.toFixed(0)} MB peak under it, ${server.rss.afterMb.toFixed(0)} MB after. ` +
      `${server.secondsPerRun} s per run after a 2 s warm-up; the database holds ${server.users.toLocaleString('en')} users; ` +
      `requests carry \`Accept-Encoding: gzip\`.`,
    '',
  );
  lines.push(
    'Response check before the load: ' +
      server.checks
        .map(
          (c) =>
            `${c.target} ${c.status}${c.encoding ? ` ${c.encoding}` : ''}, ${kb(c.bytes)} uncompressed`,
        )
        .join('; ') +
      '.',
    '',
  );
  return lines.join('\n');
}

function dbSection(db: DbResult): string {
  const lines: string[] = [];
  const searches = db.engines.flatMap((e) => e.sizes)[0]?.perSearch ?? [];
  const rows: string[][] = [];
  for (const engine of db.engines) {
    if (engine.skipped || (engine.error && engine.sizes.length === 0)) {
      rows.push([
        engine.engine,
        '–',
        '–',
        `skipped: ${engine.skipped ?? engine.error}`,
        '',
        '',
        ...searches.map(() => ''),
      ]);
      continue;
    }
    for (const size of engine.sizes) {
      rows.push([
        engine.engine,
        size.users.toLocaleString('en'),
        `${size.seedSeconds.toFixed(1)} s`,
        ms(size.all.p50, 2),
        ms(size.all.p95, 2),
        ms(size.all.p99, 2),
        ...size.perSearch.map((s) => `${s.ms.p95.toFixed(2)} (${s.matches.toLocaleString('en')})`),
      ]);
    }
    if (engine.error) rows.push([engine.engine, '–', '–', `error: ${engine.error}`, '', '']);
  }
  lines.push(
    table(
      [
        'engine',
        'users',
        'seed',
        'p50',
        'p95',
        'p99',
        ...searches.map((s) => `p95 ms ${s.label} (matches)`),
      ],
      rows,
    ),
    '',
    `${db.roundsPerSize} rounds per size, each round every search once in shuffled order ` +
      `(${db.roundsPerSize * searches.length} timed calls per size, after 3 warm-up rounds); ` +
      'p50/p95/p99 are over the whole mix. A fresh database per size, filled by `npm run db:seed-bench`.',
    '',
  );
  for (const engine of db.engines) {
    const largest = engine.sizes.at(-1);
    const plans = largest?.perSearch.filter((search) => search.plan);
    if (!largest || !plans?.length) continue;
    lines.push(
      `How ${engine.engine} runs the count at ${largest.users.toLocaleString('en')} users (EXPLAIN):`,
      '',
      ...plans.map((search) => `- ${search.label}: \`${search.plan}\``),
      '',
    );
  }
  return lines.join('\n');
}

function liveSection(live: LiveResult): string {
  return [
    table(
      [
        'scenario',
        'setup',
        'changes',
        'delivered / missed',
        'p50',
        'p95',
        'slowest stream p95',
        'p95 from POST sent',
        'POST p50',
        'note',
      ],
      live.scenarios.map((s) => [
        s.name,
        s.setup,
        String(s.changes),
        s.available ? `${s.deliveries ?? 0} / ${s.missed ?? 0}` : '–',
        s.available ? ms(s.latencyMs?.p50) : '–',
        s.available ? ms(s.latencyMs?.p95) : '–',
        s.available ? ms(s.slowestStreamMs?.p95) : '–',
        s.available ? ms(s.fromPostSentMs?.p95) : '–',
        s.available ? ms(s.postMs?.p50) : '–',
        s.available ? (s.note ?? '') : `not available: ${s.note ?? ''}`,
      ]),
    ),
    '',
    'Latency is the `change` event arriving on a stream minus the POST returning its 302 ' +
      '(an event already there counts as 0); "slowest stream" takes, per change, the last of the open streams to get it.',
    '',
  ].join('\n');
}

export function renderMarkdown(results: BenchResults): string {
  const lines: string[] = [];
  const m = results.machine;
  lines.push(
    '# Benchmark results',
    '',
    `Produced by \`npm run bench\` (see [bench/README.md](../README.md) for what each figure means). ` +
      `Run started ${results.startedAt}, took ${Math.floor(results.durationSeconds / 60)} min ${results.durationSeconds % 60} s; ` +
      `commit \`${results.git.commit.slice(0, 12)}\`${results.git.changedFiles ? ` with ${results.git.changedFiles} uncommitted file(s)` : ''}; ` +
      `Node ${m.node}, ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB RAM, ${m.os}.`,
    '',
  );
  const loads = Object.entries(results.load ?? {});
  if (loads.length) {
    lines.push(
      `1-minute load average at the start → end of each part (${m.cpus} cores; above ~1 means other work shared the machine and the figures are pessimistic): ` +
        loads.map(([part, l]) => `${part} ${l.start} → ${l.end}`).join(', ') +
        '.',
      '',
    );
  }
  const carried = Object.entries(results.carriedOver);
  if (carried.length) {
    lines.push(
      `Parts not measured by this invocation, copied from earlier runs: ${carried.map(([part, at]) => `${part} (${at})`).join(', ')}.`,
      '',
    );
  }
  if (results.stoppedEarly) lines.push(`**Stopped early:** ${results.stoppedEarly}`, '');
  if (results.build && 'error' in results.build) {
    lines.push(`**Build failed:** ${results.build.error}`, '');
  }
  if (results.incidents?.length) {
    lines.push(
      '**Incidents during the run** (figures taken around them may be off):',
      '',
      ...results.incidents.map((incident) => `- ${incident}`),
      '',
    );
  }
  lines.push('## Budgets (DESIGN §8)', '');
  lines.push(table(['budget', 'measured', 'status'], budgetRows(results)), '');

  lines.push('## Web', '');
  if (!results.web) lines.push('Not run.', '');
  else if (failed(results.web)) lines.push(`Failed: ${results.web.error}`, '');
  else lines.push(webSection(results.web));

  lines.push('## Server', '');
  if (!results.server) lines.push('Not run.', '');
  else if (failed(results.server)) lines.push(`Failed: ${results.server.error}`, '');
  else lines.push(serverSection(results.server));

  lines.push('## Database: admin search', '');
  if (!results.db) lines.push('Not run.', '');
  else if (failed(results.db)) lines.push(`Failed: ${results.db.error}`, '');
  else lines.push(dbSection(results.db));

  lines.push('## Live updates', '');
  if (!results.live) lines.push('Not run.', '');
  else if (failed(results.live)) lines.push(`Failed: ${results.live.error}`, '');
  else lines.push(liveSection(results.live));

  lines.push('## E-mail outbox', '');
  if (!results.mail) lines.push('Not run.', '');
  else if (failed(results.mail)) lines.push(`Failed: ${results.mail.error}`, '');
  else lines.push(mailSection(results.mail));

  lines.push('## Payment webhooks', '');
  if (!results.payments) lines.push('Not run.', '');
  else if (failed(results.payments)) lines.push(`Failed: ${results.payments.error}`, '');
  else lines.push(paymentsSection(results.payments));

  lines.push('## Bank transfers', '');
  if (!results.transfers) lines.push('Not run.', '');
  else if (failed(results.transfers)) lines.push(`Failed: ${results.transfers.error}`, '');
  else lines.push(transfersSection(results.transfers));

  lines.push('## CSV export', '');
  if (!results.export) lines.push('Not run.', '');
  else if (failed(results.export)) lines.push(`Failed: ${results.export.error}`, '');
  else lines.push(exportSection(results.export));

  return `${lines.join('\n').trimEnd()}\n`;
}
