/**
 * Bank transfers (issue 15): what a 5 MB receipt upload to `/enroll` adds to the server's
 * memory (a PDF, and a JPEG whose EXIF the server strips), and the admin queue's first,
 * middle and last page (HTML and `.data`) with 10,000 transfers, timed over loopback.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { CompiledQuery, sql } from 'kysely';
import { plans } from '~/content/plans';
import type { DatabaseHandle, Engine } from '~/db/database.server';
import { nowTimestamp, type BankTransferStatus } from '~/db/schema';
import { LIST_PAGE_SIZE } from '~/ui/list/page-window';
import { RECEIPT_MAX_BYTES } from '~/features/transfers/transfer-form';
import { listTransferQueue } from '~/features/transfers/transfer-queue.server';
import { createAccounts, type Account } from '../../tests/support/accounts';
import {
  envInteger,
  errorText,
  log,
  onCleanup,
  round,
  sleep,
  spread,
  summarize,
} from '../lib/common';
import { captureQueries, explain, EXPLAIN } from '../lib/explain';
import { onBothEngines, type EngineResult } from '../lib/postgres';
import { peakOf, rssMb, watchMemory, withSiteServer, type AppServer } from '../lib/processes';
import {
  count,
  dashes,
  definePart,
  engineName,
  kb,
  mb,
  ms,
  NA,
  row,
  signedMb,
  table,
  verdict,
  why,
} from '../lib/report';

const SAMPLE_EVERY_MS = 20;
/** How long after the answer memory is still watched (the e-mail the upload queued goes out). */
const SETTLE_MS = 500;
/** Share of the queue still pending (the first pages). */
const PENDING_SHARE = 0.1;
const WARM_UP_REQUESTS = 5;
const ROWS_PER_INSERT = 500;
/** The EXIF segment of the JPEG receipt, dropped by the server before storage. */
const EXIF_BYTES = 60_000;
const UPLOAD_BUDGET_MB = 20;
const QUEUE_BUDGET_MS = 50;
const QUEUE_BUDGET_SIZE = 10_000;
const DAY_MS = 86_400_000;

type ReceiptKind = 'pdf' | 'jpeg';

/**
 * The two receipts at `size` bytes, by their structure, the rest random so nothing
 * compresses it away: a PDF (`%PDF-` … `%%EOF`), and a JPEG as a phone writes one: SOI,
 * APP0 (JFIF), APP1 (EXIF, with GPS text: dropped by the server), then a scan of random
 * bytes (no 0xFF inside) up to EOI.
 */
function receipts(size: number) {
  const pdf = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(pdf);
  Buffer.from('\n%%EOF\n').copy(pdf, size - 7);
  // prettier-ignore
  const jfif = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const exif = Buffer.alloc(EXIF_BYTES + 4, 0x20);
  exif.writeUInt16BE(0xffe1, 0);
  exif.writeUInt16BE(EXIF_BYTES + 2, 2);
  exif.write('Exif\0\0GPS 6.5244 N 3.3792 E', 4, 'latin1');
  const sos = [0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00];
  const jpeg = randomBytes(size);
  for (let i = 0; i < jpeg.length; i += 1) if (jpeg[i] === 0xff) jpeg[i] = 0xfe;
  Buffer.concat([Buffer.from([0xff, 0xd8, ...jfif]), exif, Buffer.from(sos)]).copy(jpeg);
  jpeg.writeUInt16BE(0xffd9, size - 2);
  return {
    pdf: {
      kind: 'pdf',
      bytes: pdf,
      fileName: 'statement.pdf',
      type: 'application/pdf',
      storedBytes: size,
    },
    jpeg: {
      kind: 'jpeg',
      bytes: jpeg,
      fileName: 'receipt.jpg',
      type: 'image/jpeg',
      storedBytes: size - EXIF_BYTES - 4,
    },
  } as const;
}
type Receipt = ReturnType<typeof receipts>[ReceiptKind];

/** The transfer form as the browser posts it (multipart, the site's Origin, a session). */
async function submitTransfer(origin: string, account: Account, receipt: Receipt) {
  const form = new FormData();
  form.set('plan', 'fed-upfront');
  form.set('amount', '600000');
  form.set('transferDate', new Date().toISOString().slice(0, 10));
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
    const location = response.headers.get('location');
    return { status: response.status, location, ms: performance.now() - started };
  } catch (error) {
    log(`transfers: an upload failed: ${errorText(error)}`);
    return { status: 0, location: null, ms: performance.now() - started };
  }
}

async function measureUploads(
  database: DatabaseHandle,
  server: AppServer,
  students: Account[],
  uploadsPerKind: number,
) {
  const files = receipts(RECEIPT_MAX_BYTES);
  const pid = server.serverPid();
  let non302 = 0;
  let notStored = 0;
  /** One upload by a new student, the server's memory watched from sending to SETTLE_MS after. */
  const watched = async (receipt: Receipt) => {
    const student = students.shift();
    if (!student) throw new Error('not enough students for the uploads');
    const upload = () => submitTransfer(server.origin, student, receipt);
    const { value: answer, memory } = await watchMemory(pid, SAMPLE_EVERY_MS, SETTLE_MS, upload);
    if (answer.status !== 302 || !answer.location?.startsWith('/success?transfer=')) non302 += 1;
    const stored = await database.db
      .selectFrom('receipts')
      .select('size')
      .where('user_id', '=', student.id)
      .executeTakeFirst();
    if (stored?.size !== receipt.storedBytes) notStored += 1;
    return { kind: receipt.kind, status: answer.status, ms: round(answer.ms, 1), ...memory };
  };

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
  const runs: typeof warmUp = [];
  for (let i = 0; i < uploadsPerKind; i += 1) {
    for (const receipt of [files.pdf, files.jpeg]) runs.push(await watched(receipt));
  }
  const exactPeaks = [...warmUp, ...runs].every((run) => Number.isFinite(run.exactPeakMb));
  const kinds = (['pdf', 'jpeg'] as const).map((kind) => {
    const mine = runs.filter((run) => run.kind === kind);
    return {
      kind,
      uploads: mine.length,
      fileBytes: files[kind].bytes.length,
      /** Bytes the server stored per receipt (the JPEG without its EXIF segment). */
      storedBytes: files[kind].storedBytes,
      sampledRiseMb: spread(mine.map((run) => run.sampledPeakMb - baselineMb)),
      exactRiseMb: exactPeaks ? spread(mine.map((run) => run.exactPeakMb - baselineMb)) : undefined,
      riseOverBeforeMb: spread(mine.map((run) => peakOf(run) - run.beforeMb)),
      uploadMs: summarize(
        mine.map((run) => run.ms),
        2,
      ),
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
    // The budget's figure, what one upload adds: its peak over the RSS just before it. The
    // rise over the warm-up baseline also holds what earlier uploads left for the garbage
    // collector (reported, not judged): node returns freed memory to the system lazily.
    maxRiseMb: round(overBefore, 1),
    afterAllMb: round(rssMb(pid), 1),
    non302,
    notStored,
    runs,
  };
}

const PNG = readFileSync(new URL('../../tests/fixtures/receipts/receipt.png', import.meta.url));
const FIRST = ['Ada', 'Chinedu', 'Funmilayo', 'Emeka', 'Ngozi', 'Tunde', 'Aisha', 'Ibrahim'];
const LAST = ['Obi', 'Okafor', 'Adeyemi', 'Balogun', 'Eze', 'Nwosu', 'Bello', 'Lawal'];

async function queueCounts(database: DatabaseHandle) {
  const counts = await database.db
    .selectFrom('bank_transfers')
    .select([
      (eb) => eb.fn.countAll<number | string>().as('all'),
      (eb) =>
        eb.fn
          .sum<number | string>(eb.case().when('status', '=', 'pending').then(1).else(0).end())
          .as('pending'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(counts.all), pending: Number(counts.pending ?? 0) };
}

/**
 * Fills the queue up to `total` transfers with `pending` of them pending: each by a user of
 * its own with a small PNG receipt, the pending ones submitted over the last 5 days, the
 * others over the last year and decided (4 in 5 approved with a cohort, the rest rejected
 * with a reason) a few hours to 3 days after they came in; written 500 rows to an insert,
 * in one transaction, then ANALYZE on PostgreSQL as autovacuum soon would.
 */
async function seedQueue(database: DatabaseHandle, admin: Account, total: number, pending: number) {
  const started = performance.now();
  const existing = await queueCounts(database);
  const toWrite = Math.max(0, total - existing.total);
  const pendingToWrite = Math.min(toWrite, Math.max(0, pending - existing.pending));
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
        const approved = status === 'approved';
        const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
        users.push({
          id: userId,
          name,
          email: `${userId}@example.net`,
          access: approved ? ('level-1' as const) : ('none' as const),
          cohort: approved ? ('cohort-1' as const) : ('none' as const),
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
          cohort: approved ? ('cohort-1' as const) : null,
          decided_by: isPending ? null : admin.id,
          decided_by_name: isPending ? null : 'Bench Admin',
          decided_at: isPending
            ? null
            : nowTimestamp(new Date(createdMs + (0.1 + Math.random() * 3) * DAY_MS)),
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
  return { seconds: (performance.now() - started) / 1000, ...(await queueCounts(database)) };
}

/** `times` runs (after the warm-up ones) of `work`, in ms, to two decimals. */
async function timed(times: number, work: () => Promise<unknown>) {
  const values: number[] = [];
  for (let i = 0; i < WARM_UP_REQUESTS + times; i += 1) {
    const started = performance.now();
    await work();
    if (i >= WARM_UP_REQUESTS) values.push(performance.now() - started);
  }
  return summarize(values, 2);
}

/**
 * Where the loader's time goes at the database (BENCH_EXPLAIN=1): each query
 * `listTransferQueue` sends for a page, run alone `times` times and handed to EXPLAIN.
 */
async function queryBreakdown(database: DatabaseHandle, page: number, times: number) {
  const queries = await captureQueries(database.db, (spy) => listTransferQueue(spy, page));
  const steps = [];
  for (const query of queries) {
    const label = /count\(/i.test(query.sql)
      ? /"status" = /.test(query.sql)
        ? 'count pending'
        : 'count all'
      : /"status" <> /.test(query.sql)
        ? 'decided rows'
        : 'pending rows';
    const raw = CompiledQuery.raw(query.sql, [...query.parameters]);
    const ms = await timed(times, () => database.db.executeQuery(raw));
    steps.push({ label, ms, plan: await explain(database, query) });
  }
  return steps;
}

/** One GET on a kept-alive connection, timed to the first and to the last byte (not decoded). */
function timedGet(agent: Agent, url: string, headers: Record<string, string>) {
  return new Promise<{
    status: number;
    contentEncoding: string | null;
    firstByteMs: number;
    totalMs: number;
    body: Buffer;
  }>((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(url, { agent, headers }, (res) => {
      const firstByteMs = performance.now() - started;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentEncoding: (res.headers['content-encoding'] as string | undefined) ?? null,
          firstByteMs,
          totalMs: performance.now() - started,
          body: Buffer.concat(chunks),
        }),
      );
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
  options: { queueTransfers: number; requestsPerTarget: number },
) {
  log(`transfers: writing ${count(options.queueTransfers)} transfers`);
  const pendingWanted = Math.round(options.queueTransfers * PENDING_SHARE);
  const seeded = await seedQueue(database, admin, options.queueTransfers, pendingWanted);
  log(
    `transfers: ${seeded.total} transfers (${seeded.pending} pending) in ${seeded.seconds.toFixed(1)} s`,
  );
  const pageCount = Math.max(1, Math.ceil(seeded.total / LIST_PAGE_SIZE));
  const pages = [...new Set([1, Math.ceil(pageCount / 2), pageCount])];
  const targets = pages.flatMap((page) =>
    (['data', 'html'] as const).map((kind) => {
      const path = `/admin/transfers${kind === 'data' ? '.data' : ''}${page > 1 ? `?page=${page}` : ''}`;
      return { page, kind, path, label: `${kind === 'data' ? '.data' : 'HTML'} page ${page}` };
    }),
  );
  const get = (target: (typeof targets)[number], encoding: string) =>
    timedGet(agent, server.origin + target.path, {
      cookie: admin.cookie,
      accept: target.kind === 'html' ? 'text/html' : '*/*',
      'accept-encoding': encoding,
    });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const closeAgent = onCleanup('close the HTTP agent', () => agent.destroy());
  try {
    // Each page shows the transfer the product's own query puts first on it.
    let checked = true;
    for (const target of targets) {
      const expected = (await listTransferQueue(database.db, target.page)).transfers[0]?.id;
      const answer = await get(target, 'identity');
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
    const last: Awaited<ReturnType<typeof get>>[] = [];
    for (let pass = 0; pass < WARM_UP_REQUESTS + options.requestsPerTarget; pass += 1) {
      for (const [index, target] of targets.entries()) {
        const answer = await get(target, 'gzip');
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
    const queryMs = [];
    const breakdown = [];
    for (const page of pages) {
      queryMs.push({
        page,
        ms: await timed(options.requestsPerTarget, () => listTransferQueue(database.db, page)),
      });
      if (EXPLAIN)
        breakdown.push({
          page,
          steps: await queryBreakdown(database, page, options.requestsPerTarget),
        });
    }
    return {
      transfers: seeded.total,
      pending: seeded.pending,
      pageCount,
      seedSeconds: round(seeded.seconds, 1),
      requestsPerTarget: options.requestsPerTarget,
      targets: targets.map((target, index) => ({
        label: target.label,
        path: target.path,
        page: target.page,
        kind: target.kind,
        status: last[index]?.status ?? 0,
        /** Body bytes as sent (gzip). */
        bytes: last[index]?.body.length ?? 0,
        contentEncoding: last[index]?.contentEncoding ?? null,
        firstByteMs: summarize(times[index]!.first, 2),
        /** Request sent → last byte: the budget's figure. */
        totalMs: summarize(times[index]!.total, 2),
      })),
      queryMs,
      breakdown,
      checked,
    };
  } finally {
    await closeAgent();
  }
}

async function measure(
  engine: Engine,
  url: string,
  options: { uploadsPerKind: number; queueTransfers: number; requestsPerTarget: number },
) {
  const [admin, ...students] = await createAccounts(url, [
    { access: 'admin', name: 'Bench Admin' },
    ...Array.from({ length: 2 + 2 * options.uploadsPerKind }, (_, i) => ({
      access: 'none' as const,
      name: `Bench Student ${i + 1}`,
    })),
  ]);
  return withSiteServer(`transfers, ${engine}`, url, {}, async ({ database, server }) => {
    log(`transfers ${engine}: 2 warm-up and ${2 * options.uploadsPerKind} timed 5 MB uploads`);
    const upload = await measureUploads(database, server, students, options.uploadsPerKind);
    log(
      `transfers ${engine}: largest RSS rise ${upload.maxRiseMb} MB (over the ${upload.baselineMb} MB baseline ${upload.maxRiseOverBaselineMb} MB, over the RSS just before ${upload.maxRiseOverBeforeMb} MB); ` +
        `${upload.non302} not 302, ${upload.notStored} not stored`,
    );
    const queue = await measureQueue(database, server, admin!, options);
    for (const target of queue.targets) {
      log(
        `transfers ${engine}: ${target.label}: p50 ${target.totalMs.p50} ms, p95 ${target.totalMs.p95} ms (${target.bytes} B ${target.contentEncoding ?? ''})`,
      );
    }
    return { upload, queue };
  });
}

async function run() {
  const options = {
    uploadsPerKind: envInteger('BENCH_TRANSFERS_UPLOADS', 5),
    queueTransfers: envInteger('BENCH_TRANSFERS_QUEUE', 10_000),
    requestsPerTarget: envInteger('BENCH_TRANSFERS_REQUESTS', 50),
  };
  const engines = await onBothEngines('transfers', (engine, url) => measure(engine, url, options));
  return { ...options, fileBytes: RECEIPT_MAX_BYTES, sampleEveryMs: SAMPLE_EVERY_MS, engines };
}
type TransfersResult = Awaited<ReturnType<typeof run>>;
type TransfersEngine = EngineResult<Awaited<ReturnType<typeof measure>>>;
type Upload = NonNullable<TransfersEngine['upload']>;

function judge(transfers: TransfersResult | undefined) {
  const uploadLabel = (engine: string) =>
    `A 5 MB receipt upload raises server RSS < ${UPLOAD_BUDGET_MB} MB, ${engine} (issue 15)`;
  const queueLabel = (engine: string) =>
    `Admin transfer queue < ${QUEUE_BUDGET_MS} ms with ${count(QUEUE_BUDGET_SIZE)} transfers, ${engine} (issue 15)`;
  if (!transfers) {
    return ['SQLite', 'PostgreSQL'].flatMap((name) => [
      row(uploadLabel(name), '', NA),
      row(queueLabel(name), '', NA),
    ]);
  }
  return transfers.engines.flatMap((engine: TransfersEngine) => {
    const name = engineName(engine.engine);
    const { upload, queue } = engine;
    const rows = [];
    if (!upload) rows.push(row(uploadLabel(name), why(engine), NA));
    else {
      const first = upload.warmUp[0];
      const problems = [
        upload.non302 ? `${upload.non302} answers not 302 to /success` : '',
        upload.notStored ? `${upload.notStored} receipts not stored whole` : '',
      ].filter(Boolean);
      const kinds = upload.kinds.map(
        (kind) =>
          `${kind.kind.toUpperCase()} × ${kind.uploads} over the baseline: ` +
          (kind.exactRiseMb ? `exact peak ${signedMb(kind.exactRiseMb.max)}, ` : '') +
          `20 ms samples ${signedMb(kind.sampledRiseMb.max)}`,
      );
      const firstRise =
        first && Math.max(first.exactPeakMb || 0, first.sampledPeakMb) - upload.idleMb;
      rows.push(
        row(
          uploadLabel(name),
          `largest rise of one upload (its peak − the RSS just before it) ${signedMb(upload.maxRiseMb)} (peak − the ${upload.baselineMb.toFixed(0)} MB warm-up baseline, with earlier uploads' uncollected garbage: ${signedMb(upload.maxRiseOverBaselineMb)}; ` +
            `${kinds.join('; ')})` +
            (first
              ? `; on the fresh server the first upload peaked at ${signedMb(firstRise!)} over idle (warm-up, not judged)`
              : '') +
            (problems.length ? `; ${problems.join(', ')}` : ''),
          verdict(upload.maxRiseMb < UPLOAD_BUDGET_MB && problems.length === 0),
        ),
      );
    }
    if (!queue) rows.push(row(queueLabel(name), why(engine), NA));
    else {
      const slowest = [...queue.targets].sort((a, b) => b.totalMs.p95 - a.totalMs.p95)[0];
      const worst = (kind: 'html' | 'data') =>
        Math.max(...queue.targets.filter((t) => t.kind === kind).map((t) => t.totalMs.p95));
      const pages = queue.targets.filter((t) => t.kind === 'data').map((t) => t.page);
      rows.push(
        row(
          queueLabel(name),
          `whole response on loopback (no Server-Timing header), p95 over pages ${pages.join(', ')}: \`.data\` ≤ ${ms(worst('data'))}, HTML ≤ ${ms(worst('html'))}` +
            (slowest ? `; slowest ${slowest.label} (p50 ${ms(slowest.totalMs.p50)})` : '') +
            ` with ${count(queue.transfers)} transfers` +
            (queue.checked ? '' : '; a page did not show the transfer expected on it'),
          verdict(
            queue.transfers >= QUEUE_BUDGET_SIZE &&
              queue.checked &&
              queue.targets.every((t) => t.totalMs.p95 < QUEUE_BUDGET_MS),
          ),
        ),
      );
    }
    return rows;
  });
}

function details(transfers: TransfersResult) {
  const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(2)} MiB`;
  const rise = (value: { median: number; max: number } | undefined) =>
    value ? `${signedMb(value.median)} / ${signedMb(value.max)}` : '–';
  const pair = (s: { p50: number; p95: number }, digits?: number) =>
    `${ms(s.p50, digits)} / ${ms(s.p95, digits)}`;
  const uploadRows: string[][] = [];
  const queueRows: string[][] = [];
  for (const engine of transfers.engines as TransfersEngine[]) {
    const name = engineName(engine.engine);
    const { upload, queue } = engine;
    if (!upload && !queue) {
      uploadRows.push(dashes([name, why(engine, '–')], 10));
      queueRows.push(dashes([name, why(engine, '–')], 8));
      continue;
    }
    if (!upload) uploadRows.push(dashes([name, engine.error ?? '–'], 10));
    for (const kind of upload?.kinds ?? []) {
      uploadRows.push([
        name,
        `${kind.kind.toUpperCase()} ${mib(kind.fileBytes)} → ${mib(kind.storedBytes)} stored`,
        String(kind.uploads),
        `${mb(upload!.idleMb)} / ${mb(upload!.baselineMb)}`,
        rise(kind.exactRiseMb),
        rise(kind.sampledRiseMb),
        rise(kind.riseOverBeforeMb),
        `${ms(kind.uploadMs.p50, 0)} / ${ms(kind.uploadMs.max, 0)}`,
        mb(upload!.afterAllMb),
        `${upload!.non302} / ${upload!.notStored}`,
      ]);
    }
    if (!queue) queueRows.push(dashes([name, engine.error ?? '–'], 8));
    for (const target of queue?.targets ?? []) {
      const query = queue!.queryMs.find((q) => q.page === target.page)?.ms;
      queueRows.push([
        name,
        `\`${target.path}\``,
        `${target.status}, ${kb(target.bytes)}${target.contentEncoding ? ` ${target.contentEncoding}` : ''}`,
        `${pair(target.totalMs)} / ${ms(target.totalMs.max)}`,
        pair(target.firstByteMs),
        query ? pair(query, 2) : '–',
        `${count(queue!.transfers)} (${count(queue!.pending)} pending), ${queue!.pageCount} pages`,
        `${queue!.seedSeconds.toFixed(1)} s`,
      ]);
    }
  }
  const warmUps = (transfers.engines as TransfersEngine[]).flatMap(({ engine, upload }) => {
    if (!upload) return [];
    const runs = upload.warmUp.map(
      (run: Upload['warmUp'][number], index: number) =>
        `${index === 0 ? 'the first' : 'then'} ${run.kind.toUpperCase()} peaked at ${signedMb(peakOf(run) - upload.idleMb)} and left ${signedMb(run.afterMb - upload.idleMb)}`,
    );
    return [
      `${engineName(engine)}: from ${mb(upload.idleMb)} idle, ${runs.join(', ')}; baseline ${signedMb(upload.baselineMb - upload.idleMb)} over idle`,
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
    `The queue holds ${count(transfers.queueTransfers)} transfers, each by its own user with a small PNG receipt, a tenth pending (submitted over the last 5 days) and the rest decided over the last year (4 in 5 approved, the rest rejected), written straight to the database (ANALYZE after it on PostgreSQL). ` +
      `An admin's session requests each page ${transfers.requestsPerTarget} times (after 5 untimed), the targets in turn, over one kept-alive loopback connection with \`Accept-Encoding: gzip\`. ` +
      'The server sends no `Server-Timing` header, so the figure is the whole response seen by the bench (request sent → last byte), an upper bound on the server time; ' +
      '`.data` is what a client-side navigation fetches (the root, admin layout and queue loaders, no rendering), HTML is the full server render of the same loaders. ' +
      '"Loader query alone" is `listTransferQueue` (two counts and the page\'s rows) called in the bench process on its own connection, for where the time goes. ' +
      'Page 1 shows the oldest pending transfers; the others are decided ones (offset into the decided list).',
    '',
    ...(transfers.engines as TransfersEngine[]).flatMap((engine) =>
      (engine.queue?.breakdown ?? []).flatMap(({ page, steps }) => [
        `${engineName(engine.engine)}, page ${page}: the loader's queries, each run alone ${transfers.requestsPerTarget} times (p50 / p95), and the engine's plan:`,
        '',
        ...steps.map((step) => `- ${step.label}: ${pair(step.ms, 2)}, \`${step.plan}\``),
        '',
      ]),
    ),
  ].join('\n');
}

export default definePart({ title: 'Bank transfers', needsBuild: true, run, judge, details });
