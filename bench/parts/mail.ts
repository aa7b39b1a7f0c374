/** E-mail outbox (issue 13): what queueing adds to a transaction, and the worker's send rate. */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/db/database.server';
import { nowTimestamp } from '~/db/schema';
import { enqueueWelcomeEmail } from '~/features/email/account-emails.server';
import { startEmailWorker } from '~/features/email/email-worker.server';
import { createSmtpTransport } from '~/features/email/mail-transport.server';
import { startSmtpSink } from '../../tests/support/smtp-sink';
import { envNumber, log, round, summarize } from '../lib/common';
import { onBothEngines } from '../lib/postgres';
import * as r from '../lib/report';

const ENQUEUE_BUDGET_MS = 1;
const RATE_BUDGET = 50;
const WARM_UP = 100;

/** A user row as a first sign-in writes it. */
async function createUser(trx: DatabaseHandle['db']) {
  const id = `bench-mail-${randomBytes(8).toString('hex')}`;
  return trx
    .insertInto('users')
    .values({ id, name: 'Bench Mail', email: `${id}@example.net`, created_at: nowTimestamp() })
    .returning(['id', 'name', 'email'])
    .executeTakeFirstOrThrow();
}

async function timeTransactions(database: DatabaseHandle, count: number) {
  const [without, withEmail, enqueue] = [[], [], []] as [number[], number[], number[]];
  // Warm-up, then alternate so drift on the machine touches both kinds alike.
  for (let i = 0; i < 2 * count + WARM_UP; i += 1) {
    const queueEmail = i % 2 === 1;
    const started = performance.now();
    let enqueueTime = 0;
    await database.db.transaction().execute(async (trx) => {
      const user = await createUser(trx);
      if (!queueEmail) return;
      const before = performance.now();
      await enqueueWelcomeEmail(trx, user);
      enqueueTime = performance.now() - before;
    });
    if (i < WARM_UP) continue;
    (queueEmail ? withEmail : without).push(performance.now() - started);
    if (queueEmail) enqueue.push(enqueueTime);
  }
  const [withoutEmailMs, withEmailMs] = [summarize(without), summarize(withEmail)];
  /** p95 with the e-mail minus p95 without. */
  const addedP95Ms = round(withEmailMs.p95 - withoutEmailMs.p95, 3);
  return { withoutEmailMs, withEmailMs, enqueueMs: summarize(enqueue), addedP95Ms };
}

async function timeWorker(database: DatabaseHandle, messages: number) {
  const sink = await startSmtpSink();
  const transport = createSmtpTransport(sink.url);
  const { db, engine } = database;
  const [from, replyTo] = [{ name: 'Bench', address: 'bench@example.net' }, 'bench@example.net'];
  const [origin, logger] = ['http://localhost:3000', pino({ level: 'silent' })];
  const worker = startEmailWorker({
    ...{ db, engine, transport, from, replyTo, origin, logger },
    pollMs: 3_600_000,
  });
  try {
    // The messages queued by the transactions go first, untimed: the run starts from an empty queue.
    await worker.runOnce();
    sink.received.length = 0;
    const queueOne = async (trx: DatabaseHandle['db']) =>
      enqueueWelcomeEmail(trx, await createUser(trx));
    for (let i = 0; i < messages; i += 1) await database.db.transaction().execute(queueOne);
    const started = performance.now();
    await worker.runOnce();
    const seconds = (performance.now() - started) / 1000;
    if (sink.received.length === messages) return seconds;
    throw new Error(`the sink received ${sink.received.length} of ${messages} messages`);
  } finally {
    await worker.stop();
    transport.close();
    await sink.close();
  }
}

async function measure(url: string, engine: string, transactions: number, messages: number) {
  const database = openDatabase(url);
  try {
    await migrateToLatest(database.db);
    log(`mail ${engine}: ${transactions} transactions each way`);
    const timed = await timeTransactions(database, transactions);
    log(`mail ${engine}: sending ${messages} messages`);
    const seconds = await timeWorker(database, messages);
    const [sendSeconds, messagesPerSecond] = [round(seconds, 2), round(messages / seconds, 1)];
    return { ...timed, messages, sendSeconds, messagesPerSecond };
  } finally {
    await database.close();
  }
}

async function run() {
  const transactions = envNumber('BENCH_MAIL_TRANSACTIONS', 2000);
  const messages = envNumber('BENCH_MAIL_MESSAGES', 1000);
  const measureOn = async (engine: string, fresh: () => Promise<string>) =>
    measure(await fresh(), engine, transactions, messages);
  return { transactions, messages, engines: await onBothEngines('mail', measureOn) };
}
type MailResult = Awaited<ReturnType<typeof run>>;

function judge(mail: MailResult | undefined) {
  return r.perEngine(
    mail?.engines,
    [
      (_, engine) =>
        `Queueing an e-mail adds < ${ENQUEUE_BUDGET_MS} ms p95 to its transaction (${engine})`,
      (_, engine) =>
        `E-mail worker sends ≥ ${RATE_BUDGET} messages/s to a local SMTP sink (${engine})`,
    ],
    (e) => [
      e.enqueueMs &&
        r.judged(
          `enqueue call p95 ${r.ms(e.enqueueMs.p95, 3)}; transaction p95 ${r.ms(e.withoutEmailMs?.p95, 3)} → ${r.ms(e.withEmailMs?.p95, 3)} (+${r.ms(e.addedP95Ms, 3)})`,
          e.enqueueMs.p95 < ENQUEUE_BUDGET_MS && (e.addedP95Ms ?? Infinity) < ENQUEUE_BUDGET_MS,
        ),
      e.messagesPerSecond === undefined
        ? undefined
        : r.judged(
            `${r.num(e.messagesPerSecond)} messages/s (${e.messages} in ${r.num(e.sendSeconds)} s)`,
            e.messagesPerSecond >= RATE_BUDGET,
          ),
    ],
  );
}

/** The budget rows hold the p95 figures and the send rate. */
function details(mail: MailResult) {
  return [
    r.unmeasured(mail.engines),
    `${mail.transactions} sign-in transactions each way, then ${mail.messages} messages sent by the worker to a sink in the bench process.`,
  ].join('\n\n');
}

export default r.definePart({ title: 'E-mail outbox', needsBuild: false, run, judge, details });
