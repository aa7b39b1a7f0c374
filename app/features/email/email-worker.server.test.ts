import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '~/db/database.server';
import type { OutboxEmail } from '~/db/schema';
import { createTestDatabase, testEngine } from '../../../tests/support/test-database';
import { insertUser } from '../../../tests/support/factories';
import { startSilentServer, startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink';
import { startEmailWorker, type EmailWorkerOptions } from './email-worker.server';
import { createLocalMailboxTransport, createSmtpTransport } from './mail-transport.server';
import {
  enqueueEmail,
  InvalidRecipientError,
  listEmailsForUser,
  retryFailedEmail,
} from './outbox.server';

const ORIGIN = 'https://academy.example';
const FROM = { name: 'Frontier Dev Academy', address: 'hello@academy.example' };
const silent = pino({ level: 'silent' });

let database: DatabaseHandle & { url: string };
let sink: SmtpSink;
let clock: Date;
const stops: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
  await database.close();
});
beforeEach(async () => {
  clock = new Date('2026-11-22T10:00:00.000Z');
  sink.received.length = 0;
  sink.behave('accept');
  sink.delayAcceptance(0);
  await database.db.deleteFrom('email_outbox').execute();
});
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

function worker(overrides: Partial<EmailWorkerOptions> = {}, url = sink.url) {
  const transport = createSmtpTransport(url, { sendTimeoutMs: 1_000 });
  const started = startEmailWorker({
    db: database.db,
    engine: database.engine,
    transport,
    from: FROM,
    replyTo: 'hello@academy.example',
    origin: ORIGIN,
    logger: silent,
    pollMs: 60_000,
    now: () => clock,
    ...overrides,
  });
  stops.push(async () => {
    await started.stop();
    transport.close();
  });
  return started;
}

async function welcome(key: string, to = { address: 'ada@example.com', name: 'Ada' }) {
  const user = await insertUser(database.db, { email: to.address, name: to.name });
  await enqueueEmail(
    database.db,
    { key, template: 'welcome', payload: { name: to.name }, to, userId: user.id },
    clock,
  );
  return user;
}

async function rows(): Promise<OutboxEmail[]> {
  return database.db.selectFrom('email_outbox').selectAll().orderBy('created_at').execute();
}

describe('the e-mail outbox and its worker', () => {
  it('delivers a queued message over SMTP with both parts, and marks it sent', async () => {
    await welcome('welcome:delivery');
    await worker().runOnce();
    expect(sink.received).toHaveLength(1);
    const [message] = sink.received;
    expect(message!.to).toEqual(['ada@example.com']);
    expect(message!.from).toBe('hello@academy.example');
    expect(message!.raw).toMatch(/^Subject: Welcome to Frontier Dev Academy\r?$/m);
    expect(message!.raw).toMatch(/^Reply-To: hello@academy.example\r?$/m);
    expect(message!.raw).toContain('Content-Type: text/plain');
    expect(message!.raw).toContain('Content-Type: text/html');
    expect(message!.raw).toContain(`${ORIGIN}/fed/home`);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row!.sent_at).toBe(clock.toISOString());
  });

  it('queues one message per idempotency key, however often the cause repeats', async () => {
    const user = await welcome('welcome:once');
    const again = await enqueueEmail(database.db, {
      key: 'welcome:once',
      template: 'welcome',
      payload: { name: 'Ada' },
      to: { address: 'ada@example.com', name: 'Ada' },
      userId: user.id,
    });
    expect(again).toBe(false);
    await worker().runOnce();
    await worker().runOnce();
    expect(sink.received).toHaveLength(1);
  });

  it('refuses an address that is not one, and writes nothing', async () => {
    for (const address of ['not-an-address', 'ada@example.com\r\nBcc: x@evil.example', '']) {
      await expect(
        enqueueEmail(database.db, {
          key: `bad:${address}`,
          template: 'welcome',
          payload: { name: 'Ada' },
          to: { address, name: 'Ada' },
        }),
      ).rejects.toBeInstanceOf(InvalidRecipientError);
    }
    expect(await rows()).toHaveLength(0);
  });

  it('cannot be made to add a header through a display name', async () => {
    await welcome('welcome:injection', {
      address: 'ada@example.com',
      name: 'Ada\r\nBcc: x@evil.example\r\nSubject: pwned',
    });
    await worker().runOnce();
    expect(sink.received).toHaveLength(1);
    const [message] = sink.received;
    expect(message!.to).toEqual(['ada@example.com']);
    const headers = message!.raw.split(/\r?\n\r?\n/)[0]!;
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers.match(/^Subject:/gim)).toHaveLength(1);
  });

  it('keeps a refused message (4xx) queued, retries it after a minute, then sends it', async () => {
    await welcome('welcome:retry');
    sink.behave('reject-temporarily');
    const sender = worker();
    await sender.runOnce();
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.last_error).toContain('451');
    expect(row!.next_attempt_at).toBe(new Date(clock.getTime() + 60_000).toISOString());

    sink.behave('accept');
    await sender.runOnce();
    expect(sink.received).toHaveLength(0);
    clock = new Date(clock.getTime() + 60_000);
    await sender.runOnce();
    [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(sink.received).toHaveLength(1);
  });

  it('gives up after a day of refusals (5xx): failed, with the last error, and an admin can retry it', async () => {
    const user = await welcome('welcome:give-up');
    sink.behave('reject-permanently');
    const sender = worker();
    const waits: number[] = [];
    for (;;) {
      await sender.runOnce();
      const [row] = await rows();
      if (row!.status !== 'queued') break;
      const next = new Date(row!.next_attempt_at);
      waits.push((next.getTime() - clock.getTime()) / 60_000);
      clock = next;
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 360, 360]);
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 12 });
    expect(row!.last_error).toContain('550');

    const [summary] = await listEmailsForUser(database.db, user.id);
    expect(summary).toMatchObject({ status: 'failed', subject: 'Welcome to Frontier Dev Academy' });
    // Only a failed message of that person is queued again.
    expect(await retryFailedEmail(database.db, row!.id, 'someone-else', clock)).toBe(false);
    expect(await retryFailedEmail(database.db, 'no-such-email', user.id, clock)).toBe(false);
    expect(await retryFailedEmail(database.db, row!.id, user.id, clock)).toBe(true);
    expect(await retryFailedEmail(database.db, row!.id, user.id, clock)).toBe(false);
    sink.behave('accept');
    await sender.runOnce();
    [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('keeps the message queued when the SMTP server is down or hangs, and nothing waits on it', async () => {
    await welcome('welcome:down');
    const down = await startSmtpSink();
    await down.close();
    await worker({}, down.url).runOnce();
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.last_error).toMatch(/ECONNREFUSED/);

    clock = new Date(clock.getTime() + 60_000);
    const hanging = await startSilentServer();
    stops.push(() => hanging.close());
    const sending = worker({}, hanging.url).runOnce();
    // While the send hangs, the database answers other work at once.
    await expect.poll(() => hanging.connections()).toBe(1);
    const started = performance.now();
    await insertUser(database.db, { name: 'Someone signing in' });
    expect(performance.now() - started).toBeLessThan(500);
    await sending;
    [row] = await rows();
    expect(row).toMatchObject({ status: 'queued', attempts: 2 });
    // Whichever gives up first: the greeting timeout or the 1-second limit on the whole send.
    expect(row!.last_error).toMatch(/greeting never received|timeout|timed out|abort/i);
  });

  it('lets a send in progress finish when it stops', async () => {
    await welcome('welcome:stop');
    sink.delayAcceptance(300);
    const sender = worker();
    sender.wake();
    await expect.poll(async () => (await rows())[0]?.status).toBe('sending');
    await sender.stop();
    expect(sink.received).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: 'sent' });
  });

  it('takes over a message whose sender stopped mid-send once its lease has run out', async () => {
    await welcome('welcome:lease');
    await database.db
      .updateTable('email_outbox')
      .set({
        status: 'sending',
        attempts: 1,
        claimed_until: new Date(clock.getTime() + 120_000).toISOString(),
      })
      .execute();
    const sender = worker();
    if (database.engine === 'postgres') {
      // Another instance may still be sending it: only an expired lease frees it.
      await sender.runOnce();
      expect(sink.received).toHaveLength(0);
      clock = new Date(clock.getTime() + 120_000);
    }
    // On SQLite one process owns the file: at start, anything `sending` was interrupted.
    await sender.runOnce();
    expect(sink.received).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('delivers to the local mailbox when no SMTP server is configured', async () => {
    await database.db.deleteFrom('local_mailbox').execute();
    await welcome('welcome:local', { address: 'grace@example.com', name: 'Grace' });
    await worker({ transport: createLocalMailboxTransport(database.db) }).runOnce();
    const stored = await database.db.selectFrom('local_mailbox').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      recipient: 'grace@example.com',
      subject: 'Welcome to Frontier Dev Academy',
    });
    expect(stored[0]!.text).toContain(`${ORIGIN}/enroll`);
    expect(stored[0]!.raw).toMatch(/^To: Grace <grace@example.com>\r?$/m);
  });

  it.runIf(testEngine() === 'postgres')(
    'sends each message exactly once with two workers on two connections (FOR UPDATE SKIP LOCKED)',
    async () => {
      const count = 60;
      const user = await insertUser(database.db, {});
      for (let index = 0; index < count; index += 1) {
        await enqueueEmail(
          database.db,
          {
            key: `bulk:${index}`,
            template: 'welcome',
            payload: { name: `Student ${index}` },
            to: { address: `student${index}@example.com`, name: `Student ${index}` },
            userId: user.id,
          },
          clock,
        );
      }
      // The same schema through a second pool, as a second instance would have.
      const second = openDatabase(database.url);
      stops.push(() => second.close());
      const first = worker({ batchSize: 5 });
      const other = worker({ batchSize: 5, db: second.db });
      await Promise.all([first.runOnce(), other.runOnce()]);
      expect(sink.received).toHaveLength(count);
      const recipients = new Set(sink.received.map((message) => message.to[0]));
      expect(recipients.size).toBe(count);
      expect(new Set(sink.received.map((message) => message.messageId)).size).toBe(count);
      const statuses = await database.db
        .selectFrom('email_outbox')
        .select(['status', 'attempts'])
        .execute();
      expect(statuses.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    },
  );
});
