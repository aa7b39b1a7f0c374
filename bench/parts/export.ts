/** CSV export of 100,000 users (issue 16): downloads timed and checked, server memory watched. */
import { sql } from 'kysely';
import type { DatabaseHandle } from '~/db/database.server';
import { EXPORT_COLUMNS } from '~/features/admin/user-export.server';
import { envInteger, log, round, summarize } from '../lib/common';
import { send } from '../lib/http';
import { countRows, onBothEngines } from '../lib/postgres';
import { seedUsers, watchRuns, withSite } from '../lib/processes';
import * as r from '../lib/report';

/** Memory sampled this often, and still watched this long after the last byte. */
const WATCH = { everyMs: 20, settleMs: 300 };
const HEADER = EXPORT_COLUMNS.join(',');
const BUDGET_MS = 3_000;
const BUDGET_RISE_MB = 30;
const BUDGET_USERS = 100_000;

/** An active enrolment for every level-1 user, as approved payments would leave them. */
async function enrolStudents(database: DatabaseHandle) {
  const { db, engine } = database;
  await sql`
    insert into enrolments (id, user_id, order_id, track, plan_id, status, installments_paid,
      installments_total, source, created_at, updated_at)
    select 'bench-enrolment-' || id, id, null, 'frontend', 'fed-upfront', 'active', 1, 1,
      'admin', created_at, created_at
    from users where access = 'level-1'
  `.execute(db);
  if (engine === 'postgres') await sql`analyze enrolments`.execute(db);
  const enrolments = await countRows(database, 'enrolments');
  return { users: await countRows(database, 'users'), enrolments };
}

/** One download as the admin, the CSV's records counted. */
async function download(url: string, cookie: string) {
  const answer = await send(url, { cookie, headers: { 'accept-encoding': 'gzip' } });
  const { body } = answer;
  // Seeded names and e-mails hold no line breaks: each CRLF ends a record.
  let lineBreaks = 0;
  for (let at = body.indexOf(10); at !== -1; at = body.indexOf(10, at + 1)) lineBreaks += 1;
  return {
    status: answer.status,
    encoding: answer.headers.get('content-encoding') ?? 'identity',
    /** Request sent → last byte received: the budget's figure. */
    ms: round(answer.ms, 1),
    /** CSV bytes after decompression, and the records under the header. */
    bytes: body.length,
    rows: Math.max(0, lineBreaks - 1),
    // TextDecoder drops the byte order mark before the header.
    header: new TextDecoder()
      .decode(body.subarray(0, HEADER.length + 5))
      .startsWith(`${HEADER}\r\n`),
  };
}

async function measure(engine: string, url: string, options: { users: number; downloads: number }) {
  log(`export ${engine}: seeding ${options.users} users`);
  await seedUsers(url, options.users, 600_000);
  const accounts = [{ access: 'admin' as const, name: 'Bench Export Admin' }];
  return withSite(`export, ${engine}`, url, { accounts }, async (site) => {
    const { database, servers, accounts } = site;
    const counts = await enrolStudents(database);
    const [server, admin] = [servers[0]!, accounts[0]!];
    const csv = `${server.origin}/admin/users.csv`;
    const get = (query = '') => download.bind(null, csv + query, admin.cookie);
    const whole = Array.from({ length: options.downloads }, () => get());
    // The last run is the filtered export: one enrolment was written for each level-1 user.
    const downloads = [...whole, get('?access=level-1')];
    const watched = await watchRuns(server.serverPid(), WATCH, [get()], downloads);
    const runs = watched.runs.slice(0, -1);
    const warmUp = watched.warmUp[0]!;
    return {
      ...{ ...watched, users: counts.users, warmUp, runs },
      filtered: { ...watched.runs.at(-1)!, expectedRows: counts.enrolments },
      totalMs: summarize(runs.map((run) => run.ms)),
      /** The budget's figure: the largest peak over the baseline. */
      maxRiseMb: round(Math.max(...runs.map((run) => run.peakMb - watched.baselineMb)), 1),
      complete: [warmUp, ...runs].every(
        (run) => run.status === 200 && run.header && run.rows === counts.users,
      ),
    };
  });
}

async function run() {
  const options = {
    users: envInteger('BENCH_EXPORT_USERS', 100_000),
    downloads: envInteger('BENCH_EXPORT_DOWNLOADS', 3),
  };
  const measureOn = async (engine: string, fresh: () => Promise<string>) =>
    measure(engine, await fresh(), options);
  return { ...options, engines: await onBothEngines('export', measureOn) };
}
type ExportResult = Awaited<ReturnType<typeof run>>;

function judge(exported: ExportResult | undefined) {
  return r.perEngine(
    exported?.engines,
    [
      (name) =>
        `CSV export of ${r.count(BUDGET_USERS)} users < ${BUDGET_MS / 1000} s, ${name} (issue 16)`,
      (name) => `CSV export raises server RSS < ${BUDGET_RISE_MB} MB, ${name} (issue 16)`,
    ],
    (e) => {
      if (!e.totalMs || e.maxRiseMb === undefined || !e.runs) return [];
      const enough = (e.users ?? 0) >= BUDGET_USERS;
      return [
        r.judged(
          `request sent → last byte, ${e.runs.length} downloads of ${r.count(e.users ?? 0)} users: ` +
            `max ${r.ms(e.totalMs.max, 0)} (p50 ${r.ms(e.totalMs.p50, 0)})` +
            (e.complete ? '' : '; a download was not every user under the header'),
          enough && !!e.complete && e.totalMs.max < BUDGET_MS,
        ),
        r.judged(
          `max peak +${e.maxRiseMb.toFixed(1)} MB over the ${r.num(e.baselineMb)} MB baseline ` +
            `(after a warm-up download; 20 ms samples and VmHWM)`,
          enough && e.maxRiseMb < BUDGET_RISE_MB,
        ),
      ];
    },
  );
}

function details(exported: ExportResult) {
  const downloads = exported.engines.flatMap((e) => {
    if (!e.runs || !e.warmUp || !e.filtered) return [];
    const of = (label: string, run: typeof e.warmUp, from?: number) => ({ e, label, run, from });
    return [
      of('warm-up (fresh server)', e.warmUp, e.idleMb),
      ...e.runs.map((run, index) => of(`download ${index + 1}`, run, e.baselineMb)),
      of('`?access=level-1`', e.filtered, e.baselineMb),
    ];
  });
  return [
    r.table(downloads, [
      ['engine', (d) => r.engineName(d.e.engine)],
      ['download', (d) => d.label],
      ['answer', (d) => `${d.run.status} ${d.run.encoding}, ${r.mb(d.run.bytes / 1024 ** 2)}`],
      ['rows', (d) => `${r.count(d.run.rows)}${d.run.header ? '' : ' (no header)'}`],
      ['last byte', (d) => r.ms(d.run.ms, 0)],
      ['server RSS before → peak', (d) => `${r.mb(d.run.beforeMb)} → ${r.mb(d.run.peakMb)}`],
      ['rise', (d) => `+${(d.run.peakMb - (d.from ?? Number.NaN)).toFixed(1)} MB`],
    ]),
    r.unmeasured(exported.engines),
    'The rise is the peak over the idle server for the warm-up, over the baseline after it for the others.',
  ].join('\n\n');
}

export default r.definePart({ title: 'CSV export', needsBuild: true, run, judge, details });
