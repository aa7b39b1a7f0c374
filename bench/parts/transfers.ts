/** Bank transfers (issue 15): 5 MB receipt uploads' server memory, the admin queue's pages. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { plans } from '~/content/plans';
import type { DatabaseHandle } from '~/db/database.server';
import { nowTimestamp, type BankTransferStatus } from '~/db/schema';
import { RECEIPT_MAX_BYTES } from '~/features/transfers/transfer-form';
import { listTransferQueue } from '~/features/transfers/transfer-queue.server';
import { LIST_PAGE_SIZE } from '~/ui/list/page-window';
import type { Account } from '../../tests/support/accounts';
import { envInteger, log, round, summarize } from '../lib/common';
import { captureQueries, explain, EXPLAIN } from '../lib/explain';
import { send } from '../lib/http';
import { countRows, onBothEngines } from '../lib/postgres';
import { watchRuns, withSite, type AppServer } from '../lib/processes';
import * as r from '../lib/report';

/** Memory sampled this often, and still watched this long after the answer (its e-mail goes out). */
const WATCH = { everyMs: 20, settleMs: 500 };
const WARM_UP_REQUESTS = 5;
/** The EXIF segment of the JPEG receipt, dropped by the server before storage. */
const EXIF_BYTES = 60_000;
const [UPLOAD_BUDGET_MB, QUEUE_BUDGET_MS, QUEUE_BUDGET_SIZE] = [20, 50, 10_000];
const DAY_MS = 86_400_000;

/** A random PDF and a phone's JPEG (JFIF, an EXIF the server drops, a random scan) of `size`. */
function receipts(size: number) {
  const pdf = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(pdf);
  Buffer.from('\n%%EOF\n').copy(pdf, size - 7);
  const jfif = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
  const exif = Buffer.alloc(EXIF_BYTES + 4, 0x20);
  exif.writeUInt16BE(0xffe1, 0);
  exif.writeUInt16BE(EXIF_BYTES + 2, 2);
  exif.write('Exif\0\0GPS 6.5244 N 3.3792 E', 4, 'latin1');
  const sos = Buffer.from('ffda000801010000003f00', 'hex');
  const jpeg = Buffer.from(randomBytes(size).map((byte) => (byte === 0xff ? 0xfe : byte)));
  Buffer.concat([jfif, exif, sos]).copy(jpeg);
  jpeg.writeUInt16BE(0xffd9, size - 2);
  return [
    { kind: 'PDF', bytes: pdf, fileName: 'statement.pdf', type: 'application/pdf', stored: size },
    { kind: 'JPEG', bytes: jpeg, fileName: 'receipt.jpg', type: 'image/jpeg' },
  ].map((receipt) => ({ stored: size - EXIF_BYTES - 4, ...receipt }));
}
type Receipt = ReturnType<typeof receipts>[number];

/** Receipts posted through the form by new students, memory watched: 2 warm-ups, then `perKind` of each. */
async function measureUploads(
  { db }: DatabaseHandle,
  server: AppServer,
  students: Account[],
  perKind: number,
) {
  const files = receipts(RECEIPT_MAX_BYTES);
  const upload = (receipt: Receipt) => async () => {
    const student = students.shift()!;
    const form = new FormData();
    form.set('plan', 'fed-upfront');
    form.set('amount', '600000');
    form.set('transferDate', new Date().toISOString().slice(0, 10));
    form.set('reference', `Bench transfer ${student.id.slice(-6)}`);
    form.set('receipt', new Blob([receipt.bytes], { type: receipt.type }), receipt.fileName);
    const body = { method: 'POST', cookie: student.cookie, body: form };
    const answer = await send(`${server.origin}/enroll`, body);
    const location = answer.status === 302 ? answer.headers.get('location') : '';
    const done = location?.startsWith('/success?transfer=') ?? false;
    const stored = await db.selectFrom('receipts').select('size').where('user_id', '=', student.id);
    const size = (await stored.executeTakeFirst())?.size;
    return { receipt, ms: answer.ms, done, stored: size === receipt.stored };
  };
  const runs = Array.from({ length: perKind }, () => files.map(upload)).flat();
  const watched = await watchRuns(server.serverPid(), WATCH, files.map(upload), runs);
  const { baselineMb, idleMb } = watched;
  const highestPeakMb = Math.max(...watched.runs.map((run) => run.peakMb));
  return {
    ...{ idleMb, baselineMb },
    /** The first warm-up upload's peak over the idle server (reported, not judged). */
    firstPeakMb: round(watched.warmUp[0]!.peakMb - idleMb, 1),
    kinds: files.map(({ kind, bytes, stored }) => {
      const mine = watched.runs.filter((run) => run.receipt.kind === kind);
      const times = mine.map((run) => run.ms);
      return {
        ...{ kind, uploads: mine.length, fileBytes: bytes.length, storedBytes: stored },
        uploadMs: summarize(times, 2),
      };
    }),
    // The budget's figure: one upload's peak over the RSS just before it. The rise over the
    // baseline also holds earlier uploads' uncollected garbage (reported, not judged).
    maxRiseMb: round(Math.max(...watched.runs.map((run) => run.peakMb - run.beforeMb)), 1),
    maxRiseOverBaselineMb: round(highestPeakMb - baselineMb, 1),
    exactPeaks: watched.runs.every((run) => run.exact),
    non302: watched.runs.filter((run) => !run.done).length,
    notStored: watched.runs.filter((run) => !run.stored).length,
  };
}

const PNG = readFileSync(new URL('../../tests/fixtures/receipts/receipt.png', import.meta.url));
const FIRST = ['Ada', 'Chinedu', 'Funmilayo', 'Emeka', 'Ngozi', 'Tunde', 'Aisha', 'Ibrahim'];
const LAST = ['Obi', 'Okafor', 'Adeyemi', 'Balogun', 'Eze', 'Nwosu', 'Bello', 'Lawal'];

/** Transfer `i` with its user and receipt: pending within 5 days, else decided (80 % approved). */
function queueRow(i: number, tag: string, pending: boolean, admin: Account, now: number) {
  const user_id = `bench-trf-${tag}-${i}`;
  const createdMs = now - (pending ? 0 : 4 * DAY_MS) - Math.random() * (pending ? 5 : 365) * DAY_MS;
  const created_at = nowTimestamp(new Date(createdMs));
  const decided = Math.random() < 0.8 ? 'approved' : 'rejected';
  const status: BankTransferStatus = pending ? 'pending' : decided;
  const cohort = status === 'approved' ? 'cohort-1' : null;
  const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
  const receipt_id = `rcp_${randomBytes(16).toString('base64url')}`;
  const decidedAt = nowTimestamp(new Date(createdMs + (0.1 + Math.random() * 3) * DAY_MS));
  return {
    user: {
      ...{ id: user_id, name, email: `${user_id}@example.net`, created_at },
      ...{ access: cohort ? ('level-1' as const) : ('none' as const), cohort: cohort ?? 'none' },
    },
    receipt: {
      ...{ id: receipt_id, user_id, content_type: 'image/png', file_name: 'receipt.png' },
      ...{ size: PNG.length, bytes: PNG, created_at },
    },
    transfer: {
      ...{ id: `trf_${randomBytes(16).toString('base64url')}`, user_id, receipt_id, created_at },
      ...{ plan_id: plans[i % plans.length]!.id, amount: 60_000_000, currency: 'NGN' },
      ...{ transfer_date: created_at.slice(0, 10), reference: `${name} ${i}`, cohort, status },
      ...{ decided_by: pending ? null : admin.id, decided_at: pending ? null : decidedAt },
      decided_by_name: pending ? null : 'Bench Admin',
      reason: status === 'rejected' ? 'The amount does not match our statement.' : null,
    },
  };
}

/** Fills the queue up to `total` transfers, a tenth pending, as bench/README.md describes. */
async function seedQueue(database: DatabaseHandle, admin: Account, total: number) {
  // The uploads measured before left pending transfers of their own: the queue counts them.
  const existing = await countRows(database, 'bank_transfers');
  const pending = Math.round(total * 0.1) - existing;
  const [now, tag] = [Date.now(), randomBytes(3).toString('hex')];
  await database.db.transaction().execute(async (trx) => {
    for (let start = 0; start < total - existing; start += 500) {
      const rows = Array.from({ length: Math.min(500, total - existing - start) }, (_, n) =>
        queueRow(start + n, tag, start + n < pending, admin, now),
      );
      const of = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key]);
      await trx.insertInto('users').values(of('user')).execute();
      await trx.insertInto('receipts').values(of('receipt')).execute();
      await trx.insertInto('bank_transfers').values(of('transfer')).execute();
    }
  });
  if (database.engine === 'postgres')
    await sql`analyze users, receipts, bank_transfers`.execute(database.db);
}

/** The queue's first, middle and last page, HTML and `.data`, checked, then timed in rounds. */
async function measureQueue(
  database: DatabaseHandle,
  server: AppServer,
  admin: Account,
  options: { queueTransfers: number; requestsPerTarget: number },
) {
  log(`transfers: writing ${r.count(options.queueTransfers)} transfers`);
  await seedQueue(database, admin, options.queueTransfers);
  const pageCount = Math.max(1, Math.ceil(options.queueTransfers / LIST_PAGE_SIZE));
  const pages = [...new Set([1, Math.ceil(pageCount / 2), pageCount])];
  const targets = pages.flatMap((page) =>
    (['.data', 'HTML'] as const).map((kind) => ({
      ...{ page, kind, checked: false, last: { status: 0, bytes: 0 } },
      times: [] as number[],
      path: `/admin/transfers${kind === '.data' ? '.data' : ''}${page > 1 ? `?page=${page}` : ''}`,
    })),
  );
  // Pass 0 checks each page, the next WARM_UP_REQUESTS are untimed, the rest timed.
  for (let pass = 0; pass <= WARM_UP_REQUESTS + options.requestsPerTarget; pass += 1) {
    for (const target of targets) {
      const list = pass ? undefined : await listTransferQueue(database.db, target.page);
      const accept = target.kind === 'HTML' ? 'text/html' : '*/*';
      const headers = { accept, 'accept-encoding': 'gzip' };
      const answer = await send(server.origin + target.path, { cookie: admin.cookie, headers });
      if (answer.status !== 200) throw new Error(`GET ${target.path} answered ${answer.status}`);
      target.last = { status: answer.status, bytes: answer.body.length };
      const expected = list?.transfers[0]?.id;
      if (list) target.checked = !!expected && answer.body.toString('utf8').includes(expected);
      if (pass <= WARM_UP_REQUESTS) continue;
      target.times.push(answer.ms);
    }
  }
  const queries = [];
  for (const page of pages) {
    const list = (db = database.db) => listTransferQueue(db, page);
    // Where the time goes at the database (BENCH_EXPLAIN=1): the engine's plan of each query.
    const captured = EXPLAIN ? await captureQueries(database.db, list) : [];
    const plans = await Promise.all(captured.map((query) => explain(database, query)));
    queries.push({ page, plans });
  }
  return {
    ...{ transfers: options.queueTransfers, pageCount },
    targets: targets.map(({ times, ...target }) => ({
      ...target,
      /** Request sent → last byte: the budget's figure. */
      totalMs: summarize(times, 2),
    })),
    queries,
  };
}

async function run() {
  const options = {
    uploadsPerKind: envInteger('BENCH_TRANSFERS_UPLOADS', 5),
    queueTransfers: envInteger('BENCH_TRANSFERS_QUEUE', 10_000),
    requestsPerTarget: envInteger('BENCH_TRANSFERS_REQUESTS', 50),
  };
  const accounts = [
    { access: 'admin' as const, name: 'Bench Admin' },
    ...Array.from({ length: 2 + 2 * options.uploadsPerKind }, (_, i) => ({
      ...{ access: 'none' as const, name: `Bench Student ${i + 1}` },
    })),
  ];
  const engines = await onBothEngines('transfers', async (engine, fresh) =>
    withSite(`transfers, ${engine}`, await fresh(), { accounts }, async (site) => {
      const [[admin, ...students], server] = [site.accounts, site.servers[0]!];
      log(`transfers ${engine}: 2 warm-up and ${2 * options.uploadsPerKind} timed 5 MB uploads`);
      const upload = await measureUploads(site.database, server, students, options.uploadsPerKind);
      return { upload, queue: await measureQueue(site.database, server, admin!, options) };
    }),
  );
  return { ...options, engines };
}
type TransfersResult = Awaited<ReturnType<typeof run>>;

function judge(transfers: TransfersResult | undefined) {
  return r.perEngine(
    transfers?.engines,
    [
      (name) =>
        `A 5 MB receipt upload raises server RSS < ${UPLOAD_BUDGET_MB} MB, ${name} (issue 15)`,
      (name) =>
        `Admin transfer queue < ${QUEUE_BUDGET_MS} ms with ${r.count(QUEUE_BUDGET_SIZE)} transfers, ${name} (issue 15)`,
    ],
    ({ upload: u, queue: q }) => {
      const problems = [
        u?.non302 ? `${u.non302} answers not 302 to /success` : '',
        u?.notStored ? `${u.notStored} receipts not stored whole` : '',
      ].filter(Boolean);
      const targets = q?.targets ?? [];
      const worst = (kind: '.data' | 'HTML') =>
        r.ms(Math.max(...targets.filter((t) => t.kind === kind).map((t) => t.totalMs.p95)));
      const slowest = [...targets].sort((a, b) => b.totalMs.p95 - a.totalMs.p95)[0];
      const checked = targets.every((t) => t.checked);
      return [
        u &&
          r.judged(
            `largest rise of one upload (its peak − the RSS just before it) ${r.signedMb(u.maxRiseMb)} ` +
              `(peak − the ${u.baselineMb.toFixed(0)} MB warm-up baseline, with earlier uploads' uncollected garbage: ${r.signedMb(u.maxRiseOverBaselineMb)}` +
              `${u.exactPeaks ? '' : '; 20 ms samples only'}); on the fresh server the first upload peaked at ${r.signedMb(u.firstPeakMb)} over idle (warm-up, not judged)` +
              (problems.length ? `; ${problems.join(', ')}` : ''),
            u.maxRiseMb < UPLOAD_BUDGET_MB && problems.length === 0,
          ),
        q &&
          r.judged(
            `whole response on loopback (no Server-Timing header), p95 over pages ${q.queries.map((query) => query.page).join(', ')}: ` +
              `\`.data\` ≤ ${worst('.data')}, HTML ≤ ${worst('HTML')}` +
              (slowest
                ? `; slowest ${slowest.kind} page ${slowest.page} (p50 ${r.ms(slowest.totalMs.p50)})`
                : '') +
              ` with ${r.count(q.transfers)} transfers${checked ? '' : '; a page did not show the transfer expected on it'}`,
            q.transfers >= QUEUE_BUDGET_SIZE &&
              checked &&
              targets.every((t) => t.totalMs.p95 < QUEUE_BUDGET_MS),
          ),
      ];
    },
  );
}

function details({ engines }: TransfersResult) {
  const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(2)} MiB`;
  const three = ['p50', 'p95', 'max'] as const;
  // One table: each receipt kind's uploads, then each queue request, per engine.
  const rows = engines.flatMap(({ engine, upload, queue }) => [
    ...(upload?.kinds ?? []).map((u) => ({
      engine,
      request: `${u.uploads} × ${u.kind} ${mib(u.fileBytes)} → ${mib(u.storedBytes)} stored`,
      ms: r.msOf(u.uploadMs, [...three], 0),
    })),
    ...(queue?.targets ?? []).map((t) => ({
      engine,
      request: `\`${t.path}\` → ${t.last.status}, ${r.kb(t.last.bytes)}`,
      ms: r.msOf(t.totalMs, [...three]),
    })),
  ]);
  const plans = engines.flatMap(({ engine, queue }) =>
    (queue?.queries ?? []).flatMap(({ page, plans }) =>
      plans.map((plan) => `- ${r.engineName(engine)}, page ${page}: \`${plan}\``),
    ),
  );
  return [
    r.table(rows, [
      ['engine', (row) => r.engineName(row.engine)],
      ['upload or request → answer', (row) => row.request],
      ['whole response p50 / p95 / max', (row) => row.ms],
    ]),
    r.unmeasured(engines),
    plans.join('\n'),
  ].join('\n\n');
}

export default r.definePart({ title: 'Bank transfers', needsBuild: true, run, judge, details });
