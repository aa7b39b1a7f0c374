/**
 * The admin list's CSV export (issue 16's budget: 100,000 users in < 3 s, the server's
 * memory rising < 30 MB) through the production server, on SQLite (a WAL file, as in
 * production) and on PostgreSQL:
 * - 100,000 users written by `scripts/db-seed-bench.ts` (as the `db` part seeds them), and
 *   an enrolment for every level-1 user, so each row's latest-enrolment lookup finds one
 *   for about a fifth of them;
 * - an admin downloads `/admin/users.csv` (no filter: every user) as a browser does
 *   (gzip accepted), timed from sending the request to the last byte; the rows are counted
 *   and must be every user, under the header;
 * - the server process's resident memory (VmRSS) is sampled every 20 ms during each
 *   download, and its exact peak read from VmHWM (reset through /proc/<pid>/clear_refs just
 *   before), both against a baseline read after a warm-up download;
 * - one filtered export (`access=level-1`), for scale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '~/db/database.server';
import { EXPORT_COLUMNS } from '~/features/admin/user-export.server';
import { createAccounts } from '../tests/support/accounts';
import { envNumber, log, ROOT, round, sleep, summarize, type Summary } from './lib/common';
import { onBothEngines } from './lib/postgres';
import { rssMb, runCommand, sampleRss, startAppServer } from './lib/processes';

const SAMPLE_EVERY_MS = 20;
/** Memory is still watched this long after the last byte (buffers being let go). */
const SETTLE_MS = 300;
const HEADER = EXPORT_COLUMNS.join(',');

export interface ExportDownload {
  /** `/admin/users.csv` with its query. */
  path: string;
  status: number;
  contentType: string | null;
  contentEncoding: string | null;
  /** Request sent → last byte received: the budget's figure. */
  ms: number;
  /** Request sent → first byte. */
  firstByteMs: number;
  /** CSV bytes after decompression. */
  bytes: number;
  /** Records under the header. */
  rows: number;
  /** Whether the first line was the header. */
  header: boolean;
  beforeMb: number;
  /** Highest 20 ms sample from sending to SETTLE_MS after the last byte. */
  sampledPeakMb: number;
  /** VmHWM over the same span; NaN when it could not be reset. */
  exactPeakMb: number;
  afterMb: number;
}

export interface ExportEngineResult {
  engine: 'sqlite' | 'postgres';
  skipped?: string;
  error?: string;
  /** Users in the database (the seeded ones and the admin). */
  users?: number;
  enrolments?: number;
  seedSeconds?: number;
  idleMb?: number;
  /** RSS after the warm-up download: what every rise is measured from. */
  baselineMb?: number;
  warmUp?: ExportDownload;
  /** The whole list, downloaded `downloads` times. */
  runs?: ExportDownload[];
  totalMs?: Summary;
  /** The budget's figure: the largest peak over the baseline (exact where available). */
  maxRiseMb?: number;
  /** Every whole-list download held every user under the header, with a 200. */
  complete?: boolean;
  filtered?: ExportDownload & { expectedRows: number };
}

export interface ExportResult {
  users: number;
  downloads: number;
  sampleEveryMs: number;
  engines: ExportEngineResult[];
}

/**
 * Starts a new peak-memory period of a process (`5` to /proc/<pid>/clear_refs resets VmHWM
 * to the current RSS, Linux ≥ 4.0) and returns a reading of that peak in MB: NaN when the
 * kernel refused the reset or the process is gone.
 */
function watchPeak(pid: number): () => number {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    return () => Number.NaN;
  }
  return () => {
    try {
      const peak = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return peak ? Number(peak[1]) / 1024 : Number.NaN;
    } catch {
      return Number.NaN;
    }
  };
}

async function seedUsers(databaseUrl: string, users: number): Promise<number> {
  const started = performance.now();
  await runCommand(
    `db:seed-bench ${users}`,
    join(ROOT, 'node_modules/.bin/tsx'),
    ['scripts/db-seed-bench.ts', String(users)],
    { env: { DATABASE_URL: databaseUrl }, timeoutMs: 600_000 },
  );
  return (performance.now() - started) / 1000;
}

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
    const count = async (table: 'users' | 'enrolments') =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { users: await count('users'), enrolments: await count('enrolments') };
  } finally {
    await database.close();
  }
}

/** One download as the admin, with the server's memory watched throughout. */
async function download(
  origin: string,
  path: string,
  cookie: string,
  pid: number,
): Promise<ExportDownload> {
  const beforeMb = rssMb(pid);
  const exactPeak = watchPeak(pid);
  const stop = sampleRss(pid, SAMPLE_EVERY_MS);
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
    for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) {
      lineBreaks += 1;
    }
  }
  const ms = performance.now() - started;
  await sleep(SETTLE_MS);
  const exactPeakMb = exactPeak();
  const samples = stop();
  return {
    path,
    status: response.status,
    contentType: response.headers.get('content-type'),
    contentEncoding: response.headers.get('content-encoding'),
    ms: round(ms, 1),
    firstByteMs: round(firstByteMs, 1),
    bytes,
    rows: Math.max(0, lineBreaks - 1),
    header: head.startsWith(`${HEADER}\r\n`),
    beforeMb: round(beforeMb, 1),
    sampledPeakMb: round(Math.max(...samples), 1),
    exactPeakMb: round(exactPeakMb, 1),
    afterMb: round(rssMb(pid), 1),
  };
}

const peakOf = (run: ExportDownload) =>
  Number.isFinite(run.exactPeakMb)
    ? Math.max(run.exactPeakMb, run.sampledPeakMb)
    : run.sampledPeakMb;

async function measure(
  engine: 'sqlite' | 'postgres',
  databaseUrl: string,
  options: { users: number; downloads: number },
): Promise<ExportEngineResult> {
  log(`export ${engine}: seeding ${options.users} users`);
  const seedSeconds = await seedUsers(databaseUrl, options.users);
  const [admin] = await createAccounts(databaseUrl, [
    { access: 'admin', name: 'Bench Export Admin' },
  ]);
  const counts = await enrolStudents(databaseUrl);
  log(
    `export ${engine}: ${counts.users} users, ${counts.enrolments} enrolments (seeded in ${seedSeconds.toFixed(1)} s)`,
  );
  const server = await startAppServer(`site server (export, ${engine})`, databaseUrl);
  try {
    const pid = server.serverPid();
    await sleep(1_000);
    const idleMb = rssMb(pid);
    const whole = (label: string) =>
      download(server.origin, '/admin/users.csv', admin!.cookie, pid).then((run) => {
        log(
          `export ${engine} ${label}: ${run.status}, ${run.rows} rows, ${(run.bytes / 1e6).toFixed(1)} MB in ${run.ms} ms; RSS ${run.beforeMb} → peak ${round(peakOf(run), 1)} MB`,
        );
        return run;
      });
    const warmUp = await whole('warm-up');
    await sleep(1_000);
    const baselineMb = round(rssMb(pid), 1);
    const runs: ExportDownload[] = [];
    for (let index = 0; index < options.downloads; index += 1) {
      runs.push(await whole(`download ${index + 1}`));
    }
    const filtered = {
      ...(await download(server.origin, '/admin/users.csv?access=level-1', admin!.cookie, pid)),
      // One enrolment was written for each level-1 user.
      expectedRows: counts.enrolments,
    };
    return {
      engine,
      users: counts.users,
      enrolments: counts.enrolments,
      seedSeconds: round(seedSeconds, 1),
      idleMb: round(idleMb, 1),
      baselineMb,
      warmUp,
      runs,
      totalMs: summarize(runs.map((run) => run.ms)),
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

export async function runExport(): Promise<ExportResult> {
  const options = {
    users: Math.round(envNumber('BENCH_EXPORT_USERS', 100_000)),
    downloads: Math.round(envNumber('BENCH_EXPORT_DOWNLOADS', 3)),
  };
  const engines = await onBothEngines<ExportEngineResult>(
    'export',
    (engine, url) => measure(engine, url, options),
    (engine, outcome) => ({ engine, ...outcome }),
  );
  return { ...options, sampleEveryMs: SAMPLE_EVERY_MS, engines };
}
