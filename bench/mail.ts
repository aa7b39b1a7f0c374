/**
 * The e-mail outbox (issue 13's budgets), on SQLite (a WAL file, as in production) and on
 * PostgreSQL:
 * - what queueing a message adds to the transaction it joins: transactions that create a
 *   user as a sign-in does, alternately without and with the welcome e-mail, each timed,
 *   and the `enqueueWelcomeEmail` call inside them timed on its own;
 * - the worker's rate: messages queued, then sent by the product's worker through its SMTP
 *   transport to a local `smtp-server` sink (in this process, so the sink's own work counts
 *   against the worker: a floor, not a ceiling).
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/db/database.server';
import { nowTimestamp } from '~/db/schema';
import { enqueueWelcomeEmail } from '~/features/email/account-emails.server';
import { startEmailWorker } from '~/features/email/email-worker.server';
import { createSmtpTransport } from '~/features/email/mail-transport.server';
import { startSmtpSink } from '../tests/support/smtp-sink';
import { envNumber, log, round, summarize, type Summary } from './lib/common';
import { onBothEngines } from './lib/postgres';

export interface MailEngineResult {
  engine: 'sqlite' | 'postgres';
  skipped?: string;
  error?: string;
  /** Sign-in-shaped transactions without the e-mail. */
  withoutEmailMs?: Summary;
  /** The same with `enqueueWelcomeEmail` inside. */
  withEmailMs?: Summary;
  /** The enqueue call alone, inside its transaction. */
  enqueueMs?: Summary;
  /** p95 with the e-mail minus p95 without. */
  addedP95Ms?: number;
  messages?: number;
  sendSeconds?: number;
  messagesPerSecond?: number;
}

export interface MailResult {
  transactions: number;
  messages: number;
  engines: MailEngineResult[];
}

/** A user row as a first sign-in writes it. */
async function createUser(trx: DatabaseHandle['db']) {
  const id = `bench-mail-${randomBytes(8).toString('hex')}`;
  return trx
    .insertInto('users')
    .values({
      id,
      name: 'Bench Mail',
      email: `${id}@example.net`,
      created_at: nowTimestamp(),
    })
    .returning(['id', 'name', 'email'])
    .executeTakeFirstOrThrow();
}

async function timeTransactions(database: DatabaseHandle, count: number) {
  const without: number[] = [];
  const withEmail: number[] = [];
  const enqueue: number[] = [];
  // Warm-up, then alternate so drift on the machine touches both kinds alike.
  for (let i = 0; i < 2 * count + 100; i += 1) {
    const queueEmail = i % 2 === 1;
    const started = performance.now();
    let enqueueTime = 0;
    await database.db.transaction().execute(async (trx) => {
      const user = await createUser(trx);
      if (queueEmail) {
        const before = performance.now();
        await enqueueWelcomeEmail(trx, user);
        enqueueTime = performance.now() - before;
      }
    });
    if (i < 100) continue;
    const elapsed = performance.now() - started;
    if (queueEmail) {
      withEmail.push(elapsed);
      enqueue.push(enqueueTime);
    } else {
      without.push(elapsed);
    }
  }
  return {
    without: summarize(without),
    withEmail: summarize(withEmail),
    enqueue: summarize(enqueue),
  };
}

async function timeWorker(database: DatabaseHandle, messages: number) {
  // The messages queued above are sent first, untimed, so the run starts from an empty queue.
  const sink = await startSmtpSink();
  const transport = createSmtpTransport(sink.url);
  const workerOptions = {
    db: database.db,
    engine: database.engine,
    transport,
    from: { name: 'Bench', address: 'bench@example.net' },
    replyTo: 'bench@example.net',
    origin: 'http://localhost:3000',
    logger: pino({ level: 'silent' }),
    pollMs: 3_600_000,
  };
  const worker = startEmailWorker(workerOptions);
  try {
    await worker.runOnce();
    sink.received.length = 0;
    for (let i = 0; i < messages; i += 1) {
      await database.db
        .transaction()
        .execute(async (trx) => enqueueWelcomeEmail(trx, await createUser(trx)));
    }
    const started = performance.now();
    await worker.runOnce();
    const seconds = (performance.now() - started) / 1000;
    if (sink.received.length !== messages) {
      throw new Error(`the sink received ${sink.received.length} of ${messages} messages`);
    }
    return { seconds, perSecond: messages / seconds };
  } finally {
    await worker.stop();
    transport.close();
    await sink.close();
  }
}

async function measureEngine(
  engine: 'sqlite' | 'postgres',
  url: string,
  transactions: number,
  messages: number,
): Promise<MailEngineResult> {
  const database = openDatabase(url);
  try {
    await migrateToLatest(database.db);
    log(`mail ${engine}: ${transactions} transactions each way`);
    const timed = await timeTransactions(database, transactions);
    log(`mail ${engine}: sending ${messages} messages`);
    const sent = await timeWorker(database, messages);
    return {
      engine,
      withoutEmailMs: timed.without,
      withEmailMs: timed.withEmail,
      enqueueMs: timed.enqueue,
      addedP95Ms: round(timed.withEmail.p95 - timed.without.p95, 3),
      messages,
      sendSeconds: round(sent.seconds, 2),
      messagesPerSecond: round(sent.perSecond, 1),
    };
  } finally {
    await database.close();
  }
}

export async function runMail(): Promise<MailResult> {
  const transactions = envNumber('BENCH_MAIL_TRANSACTIONS', 2000);
  const messages = envNumber('BENCH_MAIL_MESSAGES', 1000);
  const engines = await onBothEngines<MailEngineResult>(
    'mail',
    (engine, url) => measureEngine(engine, url, transactions, messages),
    (engine, outcome) => ({ engine, ...outcome }),
  );
  return { transactions, messages, engines };
}
