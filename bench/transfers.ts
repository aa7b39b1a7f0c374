/**
 * Bank transfers (issue 15's budgets) through the production server, on SQLite (a WAL file,
 * as in production) and on PostgreSQL:
 * - memory: 5 MB receipts posted to `/enroll` as the transfer form posts them (multipart,
 *   each by another signed-in student, one after another), a PDF (stored as it came) and a
 *   JPEG with an EXIF segment (stripped before storage); the server process's resident
 *   memory (VmRSS) sampled every 20 ms from sending to shortly after the answer, and its
 *   exact peak (VmHWM, reset through /proc/<pid>/clear_refs before each upload), both taken
 *   against a baseline read after warm-up uploads;
 * - the admin queue: 10,000 transfers (1,000 pending, the rest approved or rejected, each
 *   with its user and a small receipt) written straight to the database, then
 *   `/admin/transfers` (the HTML page) and its `.data` request (what client-side navigation
 *   fetches) timed from the bench over loopback on the first page (pending transfers), a
 *   middle page and the last page (decided ones). The server sends no `Server-Timing`
 *   header, so the figure is the whole response seen by the client: request sent → last
 *   byte received, an upper bound on the server's time. The loader's query
 *   (`listTransferQueue`) is also timed on its own in the bench process, to show where the
 *   time goes.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { CompiledQuery, sql } from 'kysely';
import { plans } from '~/content/plans';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/db/database.server';
import { nowTimestamp, type BankTransferStatus } from '~/db/schema';
import { USERS_PAGE_SIZE } from '~/features/admin/user-search';
import { RECEIPT_MAX_BYTES } from '~/features/transfers/transfer-form';
import { listTransferQueue } from '~/features/transfers/transfer-queue.server';
import { createAccounts, type Account } from '../tests/support/accounts';
import { startSmtpSink } from '../tests/support/smtp-sink';
import {
  envNumber,
  errorText,
  log,
  median,
  onCleanup,
  round,
  sleep,
  summarize,
  type Summary,
  roundSummary,
} from './lib/common';
import { onBothEngines } from './lib/postgres';
import { rssMb, sampleRss, startAppServer, type AppServer } from './lib/processes';

/** RSS sampling period during an upload. */
const SAMPLE_EVERY_MS = 20;
/** How long after the answer memory is still watched (the e-mail the upload queued goes out). */
const SETTLE_MS = 500;
/** Share of the queue still pending (the first pages). */
const PENDING_SHARE = 0.1;
const WARM_UP_REQUESTS = 5;
const ROWS_PER_INSERT = 500;
/** The EXIF segment of the JPEG receipt, dropped by the server before storage. */
const EXIF_BYTES = 60_000;

export type ReceiptKind = 'pdf' | 'jpeg';

export interface UploadRun {
  kind: ReceiptKind;
  /** Answer status (302 to /success is the success). */
  status: number;
  /** Request sent → answer received. */
  ms: number;
  /** RSS just before sending. */
  beforeMb: number;
  /** Highest 20 ms sample from sending to SETTLE_MS after the answer. */
  sampledPeakMb: number;
  samples: number;
  /** VmHWM over the same span (reset before sending); NaN when it could not be reset. */
  exactPeakMb: number;
  /** RSS SETTLE_MS after the answer. */
  afterMb: number;
}

export interface UploadKindFigures {
  kind: ReceiptKind;
  uploads: number;
  fileBytes: number;
  /** Bytes the server stored per receipt (the JPEG without its EXIF segment). */
  storedBytes: number;
  /** Peak minus the baseline: sampled every 20 ms, and exact (VmHWM). */
  sampledRiseMb: { median: number; max: number };
  exactRiseMb?: { median: number; max: number };
  /** Peak minus the RSS just before that upload (exact when available, else sampled). */
  riseOverBeforeMb: { median: number; max: number };
  uploadMs: Summary;
}

export interface UploadFigures {
  fileBytes: number;
  /** RSS of the server before any upload. */
  idleMb: number;
  /**
   * The warm-up uploads on the fresh server (a PDF, then a JPEG), untimed for the budget:
   * the first one shows what a server's first receipt costs (peak and after, over idle).
   */
  warmUp: UploadRun[];
  /** Highest peak during the warm-up minus the idle RSS. */
  warmUpRiseMb: number;
  /** RSS after the warm-up uploads (settled): what every rise is measured from. */
  baselineMb: number;
  /** Whether VmHWM could be reset before each upload (exact peaks available). */
  exactPeaks: boolean;
  kinds: UploadKindFigures[];
  /** The largest peak (exact if possible) minus the baseline, over the timed uploads. */
  maxRiseOverBaselineMb: number;
  /** The largest peak minus the RSS just before that upload. */
  maxRiseOverBeforeMb: number;
  /**
   * The budget's figure: the larger of the two above. Over the baseline alone would hide an
   * upload's rise when memory freed earlier had been returned and RSS sat below the baseline.
   */
  maxRiseMb: number;
  /** RSS after the last upload had settled. */
  afterAllMb: number;
  /** Answers other than 302 to /success?transfer=…, and receipts missing or of the wrong size. */
  non302: number;
  notStored: number;
  runs: UploadRun[];
}

export interface QueueTarget {
  label: string;
  path: string;
  page: number;
  kind: 'html' | 'data';
  status: number;
  /** Body bytes as sent (gzip). */
  bytes: number;
  contentEncoding: string | null;
  /** Request sent → first byte of the answer. */
  firstByteMs: Summary;
  /** Request sent → last byte: the budget's figure. */
  totalMs: Summary;
}

export interface QueryStep {
  label: string;
  ms: Summary;
  /** EXPLAIN QUERY PLAN (SQLite) or the EXPLAIN tree (PostgreSQL), condensed. */
  plan: string;
}

export interface QueueFigures {
  transfers: number;
  pending: number;
  pageCount: number;
  /** Writing the transfers (with their users and receipts), ANALYZE included on PostgreSQL. */
  seedSeconds: number;
  requestsPerTarget: number;
  targets: QueueTarget[];
  /** `listTransferQueue` called in the bench process on its own connection, per page. */
  queryMs: { page: number; ms: Summary }[];
  /** Each query the loader's `listTransferQueue` sends, timed alone, with the engine's plan. */
  breakdown: { page: number; steps: QueryStep[] }[];
  /** The page showed the transfer the query puts first on it (checked once per page). */
  checked: boolean;
}

export interface TransfersEngineResult {
  engine: 'sqlite' | 'postgres';
  skipped?: string;
  error?: string;
  upload?: UploadFigures;
  queue?: QueueFigures;
}

export interface TransfersResult {
  uploadsPerKind: number;
  fileBytes: number;
  sampleEveryMs: number;
  queueTransfers: number;
  requestsPerTarget: number;
  engines: TransfersEngineResult[];
}

// --- memory -------------------------------------------------------------------------------

/** Peak resident memory since the last reset (VmHWM) in MB, or NaN. */
function peakRssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Resets VmHWM to the current RSS (Linux ≥ 4.0: `5` to clear_refs); false when refused. */
function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** A PDF by its bytes (`%PDF-` first), the rest random so nothing compresses it away. */
function pdfReceipt(size: number): Buffer<ArrayBuffer> {
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(bytes);
  Buffer.from('\n%%EOF\n').copy(bytes, size - 7);
  return bytes;
}

/**
 * A JPEG as a phone writes one, by its structure: SOI, APP0 (JFIF), APP1 (EXIF, with GPS
 * text: dropped by the server), then a scan of random bytes (no 0xFF inside) up to EOI.
 */
function jpegReceipt(size: number): Buffer<ArrayBuffer> {
  const jfif = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
    0x00, 0x00,
  ]);
  const exif = Buffer.alloc(EXIF_BYTES + 4, 0x20);
  exif.writeUInt16BE(0xffe1, 0);
  exif.writeUInt16BE(EXIF_BYTES + 2, 2);
  exif.write('Exif\0\0GPS 6.5244 N 3.3792 E', 4, 'latin1');
  const sos = Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]);
  const head = Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, exif, sos]);
  const bytes = randomBytes(size);
  for (let i = 0; i < bytes.length; i += 1) if (bytes[i] === 0xff) bytes[i] = 0xfe;
  head.copy(bytes);
  bytes.writeUInt16BE(0xffd9, size - 2);
  return bytes;
}

interface Receipt {
  kind: ReceiptKind;
  bytes: Buffer<ArrayBuffer>;
  fileName: string;
  type: string;
  storedBytes: number;
}

function receipts(size: number): Record<ReceiptKind, Receipt> {
  return {
    pdf: {
      kind: 'pdf',
      bytes: pdfReceipt(size),
      fileName: 'statement.pdf',
      type: 'application/pdf',
      storedBytes: size,
    },
    jpeg: {
      kind: 'jpeg',
      bytes: jpegReceipt(size),
      fileName: 'receipt.jpg',
      type: 'image/jpeg',
      storedBytes: size - EXIF_BYTES - 4,
    },
  };
}

const today = () => new Date().toISOString().slice(0, 10);

/** The transfer form as the browser posts it (multipart, the site's Origin, a session). */
async function submitTransfer(
  origin: string,
  account: Account,
  receipt: Receipt,
): Promise<{ status: number; location: string | null; ms: number }> {
  const form = new FormData();
  form.set('plan', 'fed-upfront');
  form.set('amount', '600000');
  form.set('transferDate', today());
  form.set('reference', `Bench transfer ${account.id.slice(-6)}`);
  form.set('receipt', new Blob([receipt.bytes], { type: receipt.type }), receipt.fileName);
  const started = performance.now();
  try {
    const response = await fetch(`${origin}/enroll`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: origin, Cookie: account.cookie },
      body: form,
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    return {
      status: response.status,
      location: response.headers.get('location'),
      ms: performance.now() - started,
    };
  } catch (error) {
    log(`transfers: an upload failed: ${errorText(error)}`);
    return { status: 0, location: null, ms: performance.now() - started };
  }
}

async function storedReceiptSize(database: DatabaseHandle, userId: string) {
  const row = await database.db
    .selectFrom('receipts')
    .select('size')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.size;
}

async function measureUploads(
  database: DatabaseHandle,
  server: AppServer,
  students: Account[],
  uploadsPerKind: number,
): Promise<UploadFigures> {
  const files = receipts(RECEIPT_MAX_BYTES);
  const pid = server.serverPid();
  const next = () => {
    const student = students.shift();
    if (!student) throw new Error('not enough students for the uploads');
    return student;
  };
  let non302 = 0;
  let notStored = 0;
  const check = async (
    student: Account,
    receipt: Receipt,
    answer: { status: number; location: string | null },
  ) => {
    if (answer.status !== 302 || !answer.location?.startsWith('/success?transfer=')) non302 += 1;
    if ((await storedReceiptSize(database, student.id)) !== receipt.storedBytes) notStored += 1;
  };

  let exactPeaks = true;
  /** One upload by a new student, the server's RSS watched from sending to SETTLE_MS after. */
  const watched = async (receipt: Receipt): Promise<UploadRun> => {
    const student = next();
    const beforeMb = rssMb(pid);
    const reset = resetPeakRss(pid);
    exactPeaks &&= reset;
    const stop = sampleRss(pid, SAMPLE_EVERY_MS);
    const answer = await submitTransfer(server.origin, student, receipt);
    await sleep(SETTLE_MS);
    const exactPeakMb = reset ? peakRssMb(pid) : Number.NaN;
    const samples = stop();
    const afterMb = rssMb(pid);
    await check(student, receipt, answer);
    return {
      kind: receipt.kind,
      status: answer.status,
      ms: round(answer.ms, 1),
      beforeMb: round(beforeMb, 1),
      sampledPeakMb: round(Math.max(...samples), 1),
      samples: samples.length,
      exactPeakMb: round(exactPeakMb, 1),
      afterMb: round(afterMb, 1),
    };
  };
  const peakOf = (run: UploadRun) =>
    Number.isFinite(run.exactPeakMb)
      ? Math.max(run.exactPeakMb, run.sampledPeakMb)
      : run.sampledPeakMb;

  await sleep(1_000);
  const idleMb = rssMb(pid);
  // Warm-up: one of each kind (the first upload sizes the heap and compiles the code paths).
  const warmUp = [await watched(files.pdf), await watched(files.jpeg)];
  await sleep(1_000);
  const baselineMb = rssMb(pid);
  const warmUpPeak = Math.max(...warmUp.map(peakOf));
  log(
    `transfers: node pid ${pid}, idle RSS ${idleMb.toFixed(1)} MB, warm-up peak ${warmUpPeak.toFixed(1)} MB, baseline ${baselineMb.toFixed(1)} MB`,
  );

  const runs: UploadRun[] = [];
  for (let i = 0; i < uploadsPerKind; i += 1) {
    for (const receipt of [files.pdf, files.jpeg]) runs.push(await watched(receipt));
  }
  const spread = (values: number[]) => ({
    median: round(median(values), 1),
    max: round(Math.max(...values), 1),
  });
  const kinds = (['pdf', 'jpeg'] as const).map((kind): UploadKindFigures => {
    const mine = runs.filter((run) => run.kind === kind);
    return {
      kind,
      uploads: mine.length,
      fileBytes: files[kind].bytes.length,
      storedBytes: files[kind].storedBytes,
      sampledRiseMb: spread(mine.map((run) => run.sampledPeakMb - baselineMb)),
      exactRiseMb: exactPeaks ? spread(mine.map((run) => run.exactPeakMb - baselineMb)) : undefined,
      riseOverBeforeMb: spread(mine.map((run) => peakOf(run) - run.beforeMb)),
      uploadMs: roundSummary(summarize(mine.map((run) => run.ms))),
    };
  });
  const overBaseline = Math.max(...runs.map((run) => peakOf(run) - baselineMb));
  const overBefore = Math.max(...runs.map((run) => peakOf(run) - run.beforeMb));
  return {
    fileBytes: RECEIPT_MAX_BYTES,
    idleMb: round(idleMb, 1),
    warmUp,
    warmUpRiseMb: round(warmUpPeak - idleMb, 1),
    baselineMb: round(baselineMb, 1),
    exactPeaks,
    kinds,
    maxRiseOverBaselineMb: round(overBaseline, 1),
    maxRiseOverBeforeMb: round(overBefore, 1),
    // What one upload adds: its peak over the RSS just before it. The rise over the warm-up
    // baseline also holds what earlier uploads left for the garbage collector (reported,
    // not judged): node returns freed memory to the system lazily.
    maxRiseMb: round(overBefore, 1),
    afterAllMb: round(rssMb(pid), 1),
    non302,
    notStored,
    runs,
  };
}

// --- the admin queue ----------------------------------------------------------------------

const PNG = readFileSync(new URL('../tests/fixtures/receipts/receipt.png', import.meta.url));
const FIRST = ['Ada', 'Chinedu', 'Funmilayo', 'Emeka', 'Ngozi', 'Tunde', 'Aisha', 'Ibrahim'];
const LAST = ['Obi', 'Okafor', 'Adeyemi', 'Balogun', 'Eze', 'Nwosu', 'Bello', 'Lawal'];
const DAY_MS = 86_400_000;

/**
 * Fills the queue up to `total` transfers with `pending` of them pending: each by a user of
 * its own with a small PNG receipt, the pending ones submitted over the last 5 days, the
 * others over the last year and decided (4 in 5 approved with a cohort, the rest rejected
 * with a reason) a few hours to 3 days after they came in; written 500 rows to an insert,
 * in one transaction, then ANALYZE on PostgreSQL as autovacuum soon would.
 */
async function seedQueue(
  database: DatabaseHandle,
  admin: Account,
  total: number,
  pending: number,
): Promise<{ seconds: number; total: number; pending: number }> {
  const started = performance.now();
  const existing = await database.db
    .selectFrom('bank_transfers')
    .select([
      (eb) => eb.fn.countAll<number | string>().as('all'),
      (eb) =>
        eb.fn
          .sum<number | string>(eb.case().when('status', '=', 'pending').then(1).else(0).end())
          .as('pending'),
    ])
    .executeTakeFirstOrThrow();
  const toWrite = Math.max(0, total - Number(existing.all));
  const pendingToWrite = Math.min(toWrite, Math.max(0, pending - Number(existing.pending ?? 0)));
  const now = Date.now();
  const planIds = plans.map((plan) => plan.id);
  const tag = randomBytes(3).toString('hex');
  await database.db.transaction().execute(async (trx) => {
    for (let start = 0; start < toWrite; start += ROWS_PER_INSERT) {
      const users = [];
      const receiptRows = [];
      const transfers = [];
      for (let i = start; i < Math.min(toWrite, start + ROWS_PER_INSERT); i += 1) {
        const userId = `bench-trf-${tag}-${i}`;
        const isPending = i < pendingToWrite;
        const createdMs = isPending
          ? now - Math.random() * 5 * DAY_MS
          : now - 4 * DAY_MS - Math.random() * 365 * DAY_MS;
        const created = nowTimestamp(new Date(createdMs));
        const status: BankTransferStatus = isPending
          ? 'pending'
          : Math.random() < 0.8
            ? 'approved'
            : 'rejected';
        const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
        users.push({
          id: userId,
          name,
          email: `${userId}@example.net`,
          access: status === 'approved' ? ('level-1' as const) : ('none' as const),
          cohort: status === 'approved' ? ('cohort-1' as const) : ('none' as const),
          created_at: created,
        });
        const receiptId = `rcp_${randomBytes(16).toString('base64url')}`;
        receiptRows.push({
          id: receiptId,
          user_id: userId,
          content_type: 'image/png',
          file_name: 'receipt.png',
          size: PNG.length,
          bytes: PNG,
          created_at: created,
        });
        const decidedAt = isPending
          ? null
          : nowTimestamp(new Date(createdMs + (0.1 + Math.random() * 3) * DAY_MS));
        transfers.push({
          id: `trf_${randomBytes(16).toString('base64url')}`,
          user_id: userId,
          plan_id: planIds[i % planIds.length]!,
          amount: 60_000_000,
          currency: 'NGN',
          transfer_date: created.slice(0, 10),
          reference: `${name} ${i}`,
          receipt_id: receiptId,
          status,
          reason: status === 'rejected' ? 'The amount does not match our statement.' : null,
          cohort: status === 'approved' ? ('cohort-1' as const) : null,
          decided_by: isPending ? null : admin.id,
          decided_by_name: isPending ? null : 'Bench Admin',
          decided_at: decidedAt,
          created_at: created,
        });
      }
      await trx.insertInto('users').values(users).execute();
      await trx.insertInto('receipts').values(receiptRows).execute();
      await trx.insertInto('bank_transfers').values(transfers).execute();
    }
  });
  if (database.engine === 'postgres') {
    await sql`analyze users, receipts, bank_transfers`.execute(database.db);
  }
  const after = await database.db
    .selectFrom('bank_transfers')
    .select([
      (eb) => eb.fn.countAll<number | string>().as('all'),
      (eb) =>
        eb.fn
          .sum<number | string>(eb.case().when('status', '=', 'pending').then(1).else(0).end())
          .as('pending'),
    ])
    .executeTakeFirstOrThrow();
  return {
    seconds: (performance.now() - started) / 1000,
    total: Number(after.all),
    pending: Number(after.pending ?? 0),
  };
}

interface PgPlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Sort Key'?: string[];
  Plans?: PgPlanNode[];
}

function describePgPlan(node: PgPlanNode): string {
  const detail = node['Index Name'] ?? node['Relation Name'] ?? node['Sort Key']?.join(', ');
  const name = detail ? `${node['Node Type']} ${detail}` : node['Node Type'];
  const children = (node.Plans ?? []).map(describePgPlan);
  return children.length ? `${name} ← ${children.join(' + ')}` : name;
}

const stepLabel = (query: CompiledQuery) =>
  /count\(/i.test(query.sql)
    ? /"status" = /.test(query.sql)
      ? 'count pending'
      : 'count all'
    : /"status" <> /.test(query.sql)
      ? 'decided rows'
      : 'pending rows';

/**
 * Where the loader's time goes at the database: the queries `listTransferQueue` sends for a
 * page, captured as the product builds them (a Kysely plugin that compiles what passes
 * through, as the db part does), each then run alone `times` times and handed to EXPLAIN.
 */
async function queryBreakdown(
  database: DatabaseHandle,
  page: number,
  times: number,
): Promise<QueryStep[]> {
  const captured: CompiledQuery[] = [];
  const spy = database.db.withPlugin({
    transformQuery: (args) => {
      captured.push(database.db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  await listTransferQueue(spy, page);
  const steps: QueryStep[] = [];
  for (const query of captured) {
    const values: number[] = [];
    for (let i = 0; i < WARM_UP_REQUESTS + times; i += 1) {
      const started = performance.now();
      await database.db.executeQuery(CompiledQuery.raw(query.sql, [...query.parameters]));
      if (i >= WARM_UP_REQUESTS) values.push(performance.now() - started);
    }
    let plan = '?';
    if (database.engine === 'postgres') {
      const { rows } = await database.db.executeQuery<{ 'QUERY PLAN': { Plan: PgPlanNode }[] }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      );
      const root = rows[0]?.['QUERY PLAN'][0]?.Plan;
      if (root) plan = describePgPlan(root);
    } else {
      const { rows } = await database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      plan = rows.map((row) => row.detail).join('; ');
    }
    steps.push({ label: stepLabel(query), ms: roundSummary(summarize(values)), plan });
  }
  return steps;
}

interface Timed {
  status: number;
  bytes: number;
  contentEncoding: string | null;
  firstByteMs: number;
  totalMs: number;
  body: Buffer;
}

/** One GET on a kept-alive connection, timed to the first and to the last byte (not decoded). */
function timedGet(agent: Agent, url: string, headers: Record<string, string>): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(url, { agent, headers }, (res) => {
      const firstByteMs = performance.now() - started;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          bytes: body.length,
          contentEncoding: (res.headers['content-encoding'] as string | undefined) ?? null,
          firstByteMs,
          totalMs: performance.now() - started,
          body,
        });
      });
      res.on('error', reject);
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`GET ${url} took over 15 s`)));
    req.on('error', reject);
    req.end();
  });
}

async function measureQueue(
  database: DatabaseHandle,
  server: AppServer,
  admin: Account,
  options: { transfers: number; requests: number },
): Promise<QueueFigures> {
  log(`transfers: writing ${options.transfers.toLocaleString('en')} transfers`);
  const seeded = await seedQueue(
    database,
    admin,
    options.transfers,
    Math.round(options.transfers * PENDING_SHARE),
  );
  log(
    `transfers: ${seeded.total} transfers (${seeded.pending} pending) in ${seeded.seconds.toFixed(1)} s`,
  );
  const pageCount = Math.max(1, Math.ceil(seeded.total / USERS_PAGE_SIZE));
  const pages = [...new Set([1, Math.ceil(pageCount / 2), pageCount])];
  const targets = pages.flatMap((page) =>
    (['data', 'html'] as const).map((kind) => {
      const path = `/admin/transfers${kind === 'data' ? '.data' : ''}${page > 1 ? `?page=${page}` : ''}`;
      return { page, kind, path, label: `${kind === 'data' ? '.data' : 'HTML'} page ${page}` };
    }),
  );
  const headersOf = (kind: 'html' | 'data', encoding: string) => ({
    cookie: admin.cookie,
    accept: kind === 'html' ? 'text/html' : '*/*',
    'accept-encoding': encoding,
  });

  // Each page shows the transfer the product's own query puts first on it.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const closeAgent = onCleanup('close the HTTP agent', () => agent.destroy());
  try {
    let checked = true;
    for (const target of targets) {
      const expected = (await listTransferQueue(database.db, target.page)).transfers[0]?.id;
      const answer = await timedGet(
        agent,
        server.origin + target.path,
        headersOf(target.kind, 'identity'),
      );
      if (answer.status !== 200) {
        throw new Error(
          `GET ${target.path} answered ${answer.status}, not 200: nothing to measure`,
        );
      }
      if (!expected || !answer.body.toString('utf8').includes(expected)) {
        log(`transfers: ${target.path} does not show transfer ${expected ?? '(none)'}`);
        checked = false;
      }
    }

    // Rounds: every target once per round, so drift on the machine touches them alike.
    const times = targets.map(() => ({ first: [] as number[], total: [] as number[] }));
    const last: Timed[] = [];
    for (let pass = 0; pass < WARM_UP_REQUESTS + options.requests; pass += 1) {
      for (const [index, target] of targets.entries()) {
        const answer = await timedGet(
          agent,
          server.origin + target.path,
          headersOf(target.kind, 'gzip'),
        );
        if (answer.status !== 200) {
          throw new Error(`GET ${target.path} answered ${answer.status} during the run`);
        }
        last[index] = answer;
        if (pass < WARM_UP_REQUESTS) continue;
        times[index]!.first.push(answer.firstByteMs);
        times[index]!.total.push(answer.totalMs);
      }
    }

    // The loader's query alone, in this process, on its own connection.
    const queryMs: QueueFigures['queryMs'] = [];
    for (const page of pages) {
      const values: number[] = [];
      for (let i = 0; i < WARM_UP_REQUESTS + options.requests; i += 1) {
        const started = performance.now();
        await listTransferQueue(database.db, page);
        if (i >= WARM_UP_REQUESTS) values.push(performance.now() - started);
      }
      queryMs.push({ page, ms: roundSummary(summarize(values)) });
    }
    const breakdown: QueueFigures['breakdown'] = [];
    for (const page of pages) {
      breakdown.push({ page, steps: await queryBreakdown(database, page, options.requests) });
    }

    return {
      transfers: seeded.total,
      pending: seeded.pending,
      pageCount,
      seedSeconds: round(seeded.seconds, 1),
      requestsPerTarget: options.requests,
      targets: targets.map((target, index) => ({
        label: target.label,
        path: target.path,
        page: target.page,
        kind: target.kind,
        status: last[index]?.status ?? 0,
        bytes: last[index]?.bytes ?? 0,
        contentEncoding: last[index]?.contentEncoding ?? null,
        firstByteMs: roundSummary(summarize(times[index]!.first)),
        totalMs: roundSummary(summarize(times[index]!.total)),
      })),
      queryMs,
      breakdown,
      checked,
    };
  } finally {
    await closeAgent();
  }
}

// --- per engine -----------------------------------------------------------------------------

async function measureEngine(
  engine: 'sqlite' | 'postgres',
  url: string,
  options: { uploads: number; transfers: number; requests: number },
): Promise<TransfersEngineResult> {
  const database = openDatabase(url);
  const sink = await startSmtpSink();
  const closeSink = onCleanup('stop the SMTP sink', () => sink.close());
  let server: AppServer | undefined;
  try {
    // Migrated here, so the bench's own connection sees every table the server uses.
    await migrateToLatest(database.db);
    const [admin, ...students] = await createAccounts(url, [
      { access: 'admin', name: 'Bench Admin' },
      ...Array.from({ length: 2 + 2 * options.uploads }, (_, i) => ({
        access: 'none' as const,
        name: `Bench Student ${i + 1}`,
      })),
    ]);
    server = await startAppServer(`site server (transfers, ${engine})`, url, {
      // E-mail goes out through SMTP as in production (to a sink in the bench process).
      SMTP_URL: sink.url,
      MAIL_FROM: 'Bench <bench@example.net>',
    });
    log(`transfers ${engine}: 2 warm-up and ${2 * options.uploads} timed 5 MB uploads`);
    const upload = await measureUploads(database, server, students, options.uploads);
    log(
      `transfers ${engine}: largest RSS rise ${upload.maxRiseMb} MB (over the ${upload.baselineMb} MB baseline ${upload.maxRiseOverBaselineMb} MB, over the RSS just before ${upload.maxRiseOverBeforeMb} MB) ` +
        upload.kinds
          .map(
            (kind) =>
              `(${kind.kind}: ${upload.exactPeaks ? `exact ${kind.exactRiseMb?.max}` : ''} sampled ${kind.sampledRiseMb.max} MB)`,
          )
          .join(' ') +
        `; ${upload.non302} not 302, ${upload.notStored} not stored`,
    );
    const queue = await measureQueue(database, server, admin!, options);
    for (const target of queue.targets) {
      log(
        `transfers ${engine}: ${target.label}: p50 ${target.totalMs.p50} ms, p95 ${target.totalMs.p95} ms (${target.bytes} B ${target.contentEncoding ?? ''})`,
      );
    }
    return { engine, upload, queue };
  } finally {
    await server?.stop();
    await database.close();
    await closeSink();
  }
}

export async function runTransfers(): Promise<TransfersResult> {
  const options = {
    uploads: Math.round(envNumber('BENCH_TRANSFERS_UPLOADS', 5)),
    transfers: Math.round(envNumber('BENCH_TRANSFERS_QUEUE', 10_000)),
    requests: Math.round(envNumber('BENCH_TRANSFERS_REQUESTS', 50)),
  };
  const engines = await onBothEngines<TransfersEngineResult>(
    'transfers',
    (engine, url) => measureEngine(engine, url, options),
    (engine, outcome) => ({ engine, ...outcome }),
  );
  return {
    uploadsPerKind: options.uploads,
    fileBytes: RECEIPT_MAX_BYTES,
    sampleEveryMs: SAMPLE_EVERY_MS,
    queueTransfers: options.transfers,
    requestsPerTarget: options.requests,
    engines,
  };
}
