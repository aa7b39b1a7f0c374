import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KyselyPlugin } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '~/db/database.server';
import { migrations } from '~/db/migrations';
import { enqueueWelcomeEmail } from '~/features/email/account-emails.server';
import { startEmailWorker } from '~/features/email/email-worker.server';
import {
  createSmtpTransport,
  SEND_TIMEOUT_MS,
  type MailTransport,
  type OutgoingEmail,
} from '~/features/email/mail-transport.server';
import { claimDueEmails } from '~/features/email/outbox.server';
import { createAccounts } from '../support/accounts';
import { insertUser } from '../support/factories';
import { dropTempDatabase, startServer, tempDatabaseUrl, until } from '../support/server-process';
import { startServerWithAdmin } from '../support/server-with-admin';
import { loopbackCertificate, startSmtpSink } from '../support/smtp-sink';
import { createTestDatabase } from '../support/test-database';
import { createTestSchema, postgresTestUrl, sqlQuery } from '../support/sql-client';
import { demoUsers, seedDemoUsers } from '../../server/demo-users';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs a Python script on `file` and returns what it prints, parsed as JSON. */
function python(script: string, file: string, interpreter = 'python3'): unknown {
  return JSON.parse(execFileSync(interpreter, ['-c', script, file], { encoding: 'utf8' }));
}

/**
 * A Python with pandas: the one on PATH, or Debian's (`apt-get install python3-pandas`)
 * where PATH leads to another (pyenv).
 */
const pandasPython = ['python3', '/usr/bin/python3'].find(
  (interpreter) => spawnSync(interpreter, ['-c', 'import pandas']).status === 0,
);

describe('the users CSV in a spreadsheet', () => {
  let bytes: Buffer;
  let file: string;
  let stop: () => Promise<void>;
  afterAll(() => stop());

  // The export of a list holding "Zoë 李雷", as the admin downloads it, saved to a file.
  beforeAll(async () => {
    const started = await startServerWithAdmin();
    stop = started.stop;
    const { server, database, admin } = started;
    await insertUser(database.db, {
      id: 'zoe',
      name: 'Zoë 李雷',
      email: 'zoe@example.com',
      access: 'level-1',
      cohort: 'none',
      created_at: '2026-03-01T09:00:00.000Z',
    });
    const response = await fetch(`${server.origin}/admin/users.csv?q=zo`, {
      headers: { cookie: admin.cookie },
    });
    expect(response.status).toBe(200);
    bytes = Buffer.from(await response.arrayBuffer());
    file = join(mkdtempSync(join(tmpdir(), 'users-csv-')), 'users.csv');
    writeFileSync(file, bytes);
  });

  it('starts with a UTF-8 byte order mark, which Python reads with utf-8-sig', () => {
    // Without the mark Excel takes the file for the system's code page: "ZoÃ« æŽé›·".
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = python(
      `import csv, json, sys
with open(sys.argv[1], encoding='utf-8-sig', newline='') as f:
    print(json.dumps(list(csv.reader(f))))`,
      file,
    );
    expect(rows).toEqual([
      ['name', 'email', 'access', 'cohort', 'joined', 'enrolment status', 'track'],
      ['Zoë 李雷', 'zoe@example.com', 'level-1', 'none', '2026-03-01', '', 'none'],
    ]);
  });

  it.skipIf(!pandasPython)(
    'reads the same in pandas (skipped when python3-pandas is not installed)',
    () => {
      const table = python(
        `import json, sys, pandas
frame = pandas.read_csv(sys.argv[1], dtype=str, keep_default_na=False)
print(json.dumps({'columns': list(frame.columns), 'rows': frame.values.tolist()}))`,
        file,
        pandasPython,
      );
      expect(table).toEqual({
        columns: ['name', 'email', 'access', 'cohort', 'joined', 'enrolment status', 'track'],
        rows: [['Zoë 李雷', 'zoe@example.com', 'level-1', 'none', '2026-03-01', '', 'none']],
      });
    },
  );
});

describe('SMTP credentials', () => {
  const credentials = { user: 'academy', pass: 's3cret-pass' };
  const email: OutgoingEmail = {
    from: { name: 'Frontier Dev Academy', address: 'hello@academy.example' },
    replyTo: 'contact@academy.example',
    to: { name: 'Zoë', address: 'zoe@example.com' },
    subject: 'Hello',
    html: '<p>Hello</p>',
    text: 'Hello',
    messageId: '<hello@academy.example>',
  };

  /** What a listener on the network would learn of the credentials. */
  function expectNoCredentialsOnTheWire(wire: string) {
    expect(wire).toMatch(/^EHLO /m);
    expect(wire).not.toMatch(/^AUTH/im);
    expect(wire).not.toContain(credentials.pass);
    expect(wire).not.toContain(Buffer.from(`\0academy\0${credentials.pass}`).toString('base64'));
  }

  it('are never sent to a server that offers no STARTTLS: the send fails and says why', async () => {
    const sink = await startSmtpSink({ credentials });
    cleanups.push(() => sink.close());
    const transport = createSmtpTransport(`smtp://academy:s3cret-pass@127.0.0.1:${sink.port}`);
    cleanups.push(async () => transport.close());
    await expect(transport.send(email)).rejects.toThrow(
      `smtp://127.0.0.1:${sink.port} offers no STARTTLS`,
    );
    expectNoCredentialsOnTheWire(sink.wire());
    expect(sink.received).toHaveLength(0);
  });

  it('are not sent over a TLS connection to an untrusted certificate; the error names NODE_EXTRA_CA_CERTS', async () => {
    const sink = await startSmtpSink({ credentials, tls: loopbackCertificate() });
    cleanups.push(() => sink.close());
    const transport = createSmtpTransport(`smtp://academy:s3cret-pass@127.0.0.1:${sink.port}`);
    cleanups.push(async () => transport.close());
    await expect(transport.send(email)).rejects.toThrow(/NODE_EXTRA_CA_CERTS=/);
    expect(sink.wire()).toMatch(/^STARTTLS/m);
    expectNoCredentialsOnTheWire(sink.wire());
    expect(sink.received).toHaveLength(0);
  });

  it('go over STARTTLS to a server whose private CA is given in NODE_EXTRA_CA_CERTS', async () => {
    const certificate = loopbackCertificate();
    const sink = await startSmtpSink({ credentials, tls: certificate });
    cleanups.push(() => sink.close());
    const databaseUrl = await tempDatabaseUrl();
    const [account] = await createAccounts(databaseUrl, [
      { access: 'none', name: 'Zoë', noSession: true },
    ]);
    const database = openDatabase(databaseUrl);
    await enqueueWelcomeEmail(database.db, { id: account!.id, name: 'Zoë', email: account!.email });
    await database.close();
    const server = await startServer({
      DATABASE_URL: databaseUrl,
      SMTP_URL: `smtp://academy:s3cret-pass@127.0.0.1:${sink.port}`,
      MAIL_FROM: 'Frontier Dev Academy <hello@academy.example>',
      NODE_EXTRA_CA_CERTS: certificate.certFile,
    });
    cleanups.push(() => server.stop());
    await until(async () => {
      const [row] = await sqlQuery<{ status: string }>(
        databaseUrl,
        'select status from email_outbox',
      );
      return row?.status === 'sent';
    }, 'the message to be sent');
    expect(sink.received.map((message) => message.to)).toEqual([[account!.email]]);
    expectNoCredentialsOnTheWire(sink.wire());
  });

  it('are not needed by a loopback server without STARTTLS, which keeps working', async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const transport = createSmtpTransport(sink.url);
    cleanups.push(async () => transport.close());
    await transport.send(email);
    expect(sink.received.map((message) => message.to)).toEqual([['zoe@example.com']]);
  });
});

describe('two instances starting at once on a fresh database', () => {
  /**
   * Holds each instance's first query result until every instance has its own: all of them
   * have looked at the database before any of them writes.
   */
  function readingTogether(instances: number): () => KyselyPlugin {
    let arrived = 0;
    let allArrived!: () => void;
    const together = new Promise<void>((resolve) => (allArrived = resolve));
    return () => {
      let first = true;
      return {
        transformQuery: (args) => args.node,
        async transformResult(args) {
          if (first) {
            first = false;
            arrived += 1;
            if (arrived === instances) allArrived();
            await together;
          }
          return args.result;
        },
      };
    };
  }

  it('seed each demo user once, and both start', async () => {
    // Two instances: each with a connection of its own to one database.
    const url = await tempDatabaseUrl();
    const first = openDatabase(url);
    const second = openDatabase(url);
    cleanups.push(
      () => dropTempDatabase(url),
      () => first.close(),
      () => second.close(),
    );
    await migrateToLatest(first.db);
    const instance = readingTogether(2);
    const created = await Promise.all([
      seedDemoUsers(first.db.withPlugin(instance())),
      seedDemoUsers(second.db.withPlugin(instance())),
    ]);
    expect(created[0] + created[1]).toBe(demoUsers().length);
    const [users] = await first.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .execute();
    expect(Number(users!.count)).toBe(demoUsers().length);
  });

  it.skipIf(!postgresTestUrl())(
    'run each migration once on PostgreSQL (Kysely takes a lock; PostgreSQL only, SQLite is one process)',
    async () => {
      const url = await createTestSchema();
      const first = openDatabase(url);
      const second = openDatabase(url);
      cleanups.push(
        () => first.close(),
        () => second.close(),
      );
      const instance = readingTogether(2);
      await Promise.all([
        migrateToLatest(first.db.withPlugin(instance())),
        migrateToLatest(second.db.withPlugin(instance())),
      ]);
      const applied = await sqlQuery<{ name: string }>(url, 'select name from kysely_migration');
      expect(applied.map((row) => row.name).sort()).toEqual(Object.keys(migrations).sort());
    },
  );
});

describe('an instance that dies while sending', () => {
  it('leaves its claim to another instance soon after the send timeout, not minutes later', async () => {
    const handle = await createTestDatabase();
    cleanups.push(() => handle.close());
    const user = await insertUser(handle.db, { name: 'Dee', email: 'dee@example.com' });
    const claimedAt = new Date('2026-11-22T10:00:00.000Z');
    await enqueueWelcomeEmail(
      handle.db,
      { id: user.id, name: 'Dee', email: user.email },
      claimedAt,
    );

    // The instance that dies: its send never ends, as if the process had gone.
    let sending!: () => void;
    const sent = new Promise<void>((resolve) => (sending = resolve));
    let endSend!: (error: Error) => void;
    const dying: MailTransport = {
      kind: 'smtp',
      description: 'an SMTP server that has the message',
      send() {
        sending();
        return new Promise((_, reject) => (endSend = reject));
      },
      close() {},
    };
    const worker = startEmailWorker({
      db: handle.db,
      engine: handle.engine,
      transport: dying,
      from: { name: 'Frontier Dev Academy', address: 'hello@academy.example' },
      replyTo: 'contact@academy.example',
      origin: 'https://academy.example',
      logger: pino({ level: 'silent' }),
      pollMs: 60_000,
      now: () => claimedAt,
    });
    cleanups.push(() => {
      endSend(new Error('the test is over'));
      return worker.stop();
    });
    await sent;

    const otherInstance = (secondsLater: number) =>
      claimDueEmails(handle.db, {
        engine: handle.engine,
        limit: 10,
        leaseMs: 60_000,
        now: new Date(claimedAt.getTime() + secondsLater * 1_000),
      });
    // A live sender may still be waiting for its answer until the send timeout.
    expect(await otherInstance(SEND_TIMEOUT_MS / 1_000)).toHaveLength(0);
    // A minute after the claim the message is free: another instance sends it.
    expect(await otherInstance(60)).toHaveLength(1);
  });
});
