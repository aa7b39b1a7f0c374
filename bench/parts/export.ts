/**
 * The admin list's CSV export of 100,000 users (issue 16): each download timed to the last
 * byte and checked to hold every user, with the server's memory watched throughout.
 */
import { sql } from 'kysely';
import { openDatabase, type Engine } from '~/db/database.server';
import { EXPORT_COLUMNS } from '~/features/admin/user-export.server';
import { createAccounts } from '../../tests/support/accounts';
import { envInteger, log, round, sleep, summarize } from '../lib/common';
import { onBothEngines } from '../lib/postgres';
import { peakOf, rssMb, seedUsers, startAppServer, watchMemory } from '../lib/processes';
import {
  count,
  dashes,
  definePart,
  engineName,
  mb,
  ms,
  NA,
  num,
  row,
  table,
  verdict,
  why,
} from '../lib/report';

const SAMPLE_EVERY_MS = 20;
/** Memory is still watched this long after the last byte (buffers being let go). */
const SETTLE_MS = 300;
const HEADER = EXPORT_COLUMNS.join(',');
const BUDGET_MS = 3_000;
const BUDGET_RISE_MB = 30;
const BUDGET_USERS = 100_000;

/** An active enrolment for every level-1 user, as approved payments would leave them. */
async function enrolStudents(databaseUrl: string) {
  const database = openDatabase(databaseUrl);
  try {
    await sql`
      insert into enrolments (id, user_id, order_id, track, plan_id, status, installments_paid,
        installments_total, source, created_at, updated_at)
      select 'bench-enrolment-' || id, id, null, 'frontend', 'fed-upfront', 'active', 1, 1,
        'admin', created_at, created_at
      from users where access = 'level-1'
    `.execute(database.db);
    if (database.engine === 'postgres') await sql`analyze enrolments`.execute(database.db);
    const rows = async (table: 'users' | 'enrolments') => {
      const query = database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    return { users: await rows('users'), enrolments: await rows('enrolments') };
  } finally {
    await database.close();
  }
}

/** One download as the admin, with the server's memory watched throughout. */
async function download(origin: string, path: string, cookie: string, pid: number) {
  const { value, memory } = await watchMemory(pid, SAMPLE_EVERY_MS, SETTLE_MS, async () => {
    const started = performance.now();
    const response = await fetch(`${origin}${path}`, {
      headers: { cookie, 'accept-encoding': 'gzip' },
      signal: AbortSignal.timeout(60_000),
    });
    const firstByteMs = performance.now() - started;
    let bytes = 0;
    let lineBreaks = 0;
    let head = '';
    const decoder = new TextDecoder();
    const reader = response.body?.getReader();
    for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
      const chunk = read.value;
      bytes += chunk.length;
      if (head.length < HEADER.length + 2) head += decoder.decode(chunk, { stream: true });
      // Seeded names and e-mails hold no line breaks: each CRLF ends a record.
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lineBreaks += 1;
    }
    return {
      path,
      status: response.status,
      contentType: response.headers.get('content-type'),
      contentEncoding: response.headers.get('content-encoding'),
      /** Request sent → last byte received: the budget's figure. */
      ms: round(performance.now() - started, 1),
      firstByteMs: round(firstByteMs, 1),
      /** CSV bytes after decompression. */
      bytes,
      /** Records under the header. */
      rows: Math.max(0, lineBreaks - 1),
      header: head.startsWith(`${HEADER}\r\n`),
    };
  });
  return { ...value, ...memory };
}
type Download = Awaited<ReturnType<typeof download>>;

async function measure(engine: Engine, url: string, options: { users: number; downloads: number }) {
  log(`export ${engine}: seeding ${options.users} users`);
  const seedSeconds = await seedUsers(url, options.users, 600_000);
  const [admin] = await createAccounts(url, [{ access: 'admin', name: 'Bench Export Admin' }]);
  const counts = await enrolStudents(url);
  log(
    `export ${engine}: ${counts.users} users, ${counts.enrolments} enrolments (seeded in ${seedSeconds.toFixed(1)} s)`,
  );
  const server = await startAppServer(`site server (export, ${engine})`, url);
  try {
    const pid = server.serverPid();
    const get = (path: string) => download(server.origin, path, admin!.cookie, pid);
    const whole = async (label: string) => {
      const run = await get('/admin/users.csv');
      log(
        `export ${engine} ${label}: ${run.status}, ${run.rows} rows, ${(run.bytes / 1e6).toFixed(1)} MB in ${run.ms} ms; RSS ${run.beforeMb} → peak ${round(peakOf(run), 1)} MB`,
      );
      return run;
    };
    await sleep(1_000);
    const idleMb = rssMb(pid);
    const warmUp = await whole('warm-up');
    await sleep(1_000);
    /** RSS after the warm-up download: what every rise is measured from. */
    const baselineMb = round(rssMb(pid), 1);
    const runs: Download[] = [];
    for (let index = 0; index < options.downloads; index += 1) {
      runs.push(await whole(`download ${index + 1}`));
    }
    // One enrolment was written for each level-1 user.
    const filtered = {
      ...(await get('/admin/users.csv?access=level-1')),
      expectedRows: counts.enrolments,
    };
    return {
      users: counts.users,
      enrolments: counts.enrolments,
      seedSeconds: round(seedSeconds, 1),
      idleMb: round(idleMb, 1),
      baselineMb,
      warmUp,
      runs,
      totalMs: summarize(runs.map((run) => run.ms)),
      /** The budget's figure: the largest peak over the baseline. */
      maxRiseMb: round(Math.max(...runs.map((run) => peakOf(run) - baselineMb)), 1),
      complete: [warmUp, ...runs].every(
        (run) => run.status === 200 && run.header && run.rows === counts.users,
      ),
      filtered,
    };
  } finally {
    await server.stop();
  }
}

async function run() {
  const options = {
    users: envInteger('BENCH_EXPORT_USERS', 100_000),
    downloads: envInteger('BENCH_EXPORT_DOWNLOADS', 3),
  };
  const engines = await onBothEngines('export', (engine, url) => measure(engine, url, options));
  return { ...options, sampleEveryMs: SAMPLE_EVERY_MS, engines };
}
type ExportResult = Awaited<ReturnType<typeof run>>;

function judge(exported: ExportResult | undefined) {
  const timeLabel = (engine: string) =>
    `CSV export of ${count(BUDGET_USERS)} users < ${BUDGET_MS / 1000} s, ${engine} (issue 16)`;
  const riseLabel = (engine: string) =>
    `CSV export raises server RSS < ${BUDGET_RISE_MB} MB, ${engine} (issue 16)`;
  if (!exported) {
    return ['SQLite', 'PostgreSQL'].flatMap((name) => [
      row(timeLabel(name), '', NA),
      row(riseLabel(name), '', NA),
    ]);
  }
  return exported.engines.flatMap((engine) => {
    const name = engineName(engine.engine);
    if (!engine.totalMs || engine.maxRiseMb === undefined || !engine.runs) {
      return [row(timeLabel(name), why(engine), NA), row(riseLabel(name), why(engine), NA)];
    }
    const enough = (engine.users ?? 0) >= BUDGET_USERS;
    return [
      row(
        timeLabel(name),
        `request sent → last byte, ${engine.runs.length} downloads of ${count(engine.users ?? 0)} users: ` +
          `max ${ms(engine.totalMs.max, 0)} (p50 ${ms(engine.totalMs.p50, 0)})` +
          (engine.complete ? '' : '; a download was not every user under the header'),
        verdict(enough && !!engine.complete && engine.totalMs.max < BUDGET_MS),
      ),
      row(
        riseLabel(name),
        `max peak +${engine.maxRiseMb.toFixed(1)} MB over the ${num(engine.baselineMb)} MB baseline ` +
          `(after a warm-up download; 20 ms samples and VmHWM)`,
        verdict(enough && engine.maxRiseMb < BUDGET_RISE_MB),
      ),
    ];
  });
}

function details(exported: ExportResult) {
  const rows = exported.engines.flatMap((engine) => {
    const name = engineName(engine.engine);
    const { runs, warmUp, baselineMb } = engine;
    if (!runs || !warmUp || baselineMb === undefined) return [dashes([name, why(engine, '–')], 9)];
    const downloads: [string, Download, number][] = [
      ['warm-up (fresh server)', warmUp, engine.idleMb ?? Number.NaN],
      ...runs.map((run, index): [string, Download, number] => [
        `download ${index + 1}`,
        run,
        baselineMb,
      ]),
      ...(engine.filtered
        ? [['`?access=level-1`', engine.filtered, baselineMb] as [string, Download, number]]
        : []),
    ];
    return downloads.map(([label, run, from]) => [
      name,
      label,
      `${run.status} ${run.contentEncoding ?? 'identity'}`,
      `${count(run.rows)}${run.header ? '' : ' (no header)'}`,
      mb(run.bytes / 1024 / 1024),
      ms(run.firstByteMs, 0),
      ms(run.ms, 0),
      `${mb(run.beforeMb)} → ${mb(peakOf(run))}`,
      `+${(peakOf(run) - from).toFixed(1)} MB`,
    ]);
  });
  const head = ['engine', 'download', 'answer', 'rows', 'CSV', 'first byte', 'last byte'];
  return [
    table([...head, 'server RSS before → peak', 'rise'], rows),
    '',
    `${count(exported.users)} users seeded by \`scripts/db-seed-bench.ts\` (plus the admin), an active enrolment for each level-1 user; ` +
      'the admin downloads `/admin/users.csv` with gzip accepted. The rise of the warm-up is over the idle server; the others over the baseline read after it. ' +
      `RSS sampled every ${exported.sampleEveryMs} ms and read exactly from VmHWM (reset before each download).`,
    '',
  ].join('\n');
}

export default definePart({ title: 'CSV export', needsBuild: true, run, judge, details });
