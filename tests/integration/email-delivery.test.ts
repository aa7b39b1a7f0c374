import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '~/db/database.server';
import { enqueueWelcomeEmail } from '~/features/email/account-emails.server';
import { addLiveClasses } from '~/features/live-classes/live-sessions.server';
import { createAccounts } from '../support/accounts';
import { insertCohort, insertUser } from '../support/factories';
import {
  freePort,
  spawnServer,
  startServer,
  tempDatabaseUrl,
  until,
  type RunningServer,
} from '../support/server-process';
import { startSilentServer, startSmtpSink } from '../support/smtp-sink';
import { postgresTestUrl, sqlQuery } from '../support/sql-client';

const MAIL_FROM = 'Frontier Dev Academy <hello@academy.example>';
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function outboxStatus(databaseUrl: string): Promise<string | undefined> {
  const [row] = await sqlQuery<{ status: string }>(databaseUrl, 'select status from email_outbox');
  return row?.status;
}

/** A database holding one queued welcome e-mail, as a sign-in writes it. */
async function queuedWelcome(name: string) {
  const databaseUrl = await tempDatabaseUrl();
  const [account] = await createAccounts(databaseUrl, [{ access: 'none', name, noSession: true }]);
  const database = openDatabase(databaseUrl);
  await enqueueWelcomeEmail(database.db, { id: account!.id, name, email: account!.email });
  await database.close();
  return { databaseUrl, account: account! };
}

/**
 * After a kill, time for another instance to take the message over: on PostgreSQL that is
 * when the claim runs out (another instance could still be sending it), so the test ends it
 * now; on SQLite, the next start.
 */
async function afterTheClaim(databaseUrl: string) {
  if (postgresTestUrl()) {
    await sqlQuery(
      databaseUrl,
      "update email_outbox set claimed_until = '2000-01-01T00:00:00.000Z'",
    );
  }
}

/** A server sending the outbox of `databaseUrl` to `smtpUrl`, stopped after the test. */
async function restartedServer(databaseUrl: string, smtpUrl: string) {
  const server: RunningServer = await startServer({
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtpUrl,
    MAIL_FROM,
  });
  cleanups.push(() => server.stop());
  await until(async () => (await outboxStatus(databaseUrl)) === 'sent', 'the message to be sent');
}

describe('e-mail across a crash', () => {
  it('sends a message that was being sent when the process was killed, once, after a restart', async () => {
    const { databaseUrl, account } = await queuedWelcome('Kim Killed');
    const hanging = await startSilentServer();
    cleanups.push(() => hanging.close());
    const first = spawnServer({
      PORT: String(await freePort()),
      DATABASE_URL: databaseUrl,
      SMTP_URL: hanging.url,
      MAIL_FROM,
    });
    await until(() => hanging.connections() > 0, 'the worker to start sending');
    expect(await outboxStatus(databaseUrl)).toBe('sending');
    first.process.kill('SIGKILL');
    await first.exited;
    await afterTheClaim(databaseUrl);

    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    await restartedServer(databaseUrl, sink.url);
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.to).toEqual([account.email]);
    expect(sink.received[0]!.raw).toMatch(/^Subject: Welcome to Frontier Dev Academy\r?$/m);
  });

  it('sends it twice, with one Message-ID, when the process is killed while the SMTP server holds it before its 250', async () => {
    const { databaseUrl } = await queuedWelcome('Dee Duplicate');
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const answers = sink.holdAnswers();
    const first = spawnServer({
      PORT: String(await freePort()),
      DATABASE_URL: databaseUrl,
      SMTP_URL: sink.url,
      MAIL_FROM,
    });
    await until(() => answers.waiting() === 1, 'the SMTP server to have the whole message');
    first.process.kill('SIGKILL');
    await first.exited;
    // The server delivers what it had, though the client never heard its 250.
    answers.release();
    expect(sink.received).toHaveLength(1);
    expect(await outboxStatus(databaseUrl)).toBe('sending');
    await afterTheClaim(databaseUrl);

    await restartedServer(databaseUrl, sink.url);
    expect(sink.received).toHaveLength(2);
    expect(sink.received[1]!.messageId).toBe(sink.received[0]!.messageId);
  });

  it('serves no /dev-mail when SMTP is configured', async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const server = await startServer({ SMTP_URL: sink.url, MAIL_FROM });
    cleanups.push(() => server.stop());
    expect((await fetch(`${server.origin}/dev-mail`)).status).toBe(404);
    expect((await fetch(`${server.origin}/dev-mail/anything`)).status).toBe(404);
  });
});

describe('a live-class invitation through SMTP', () => {
  it('carries its calendar as the text/calendar alternative and a text/calendar file, each ending in CRLF', async () => {
    const databaseUrl = await tempDatabaseUrl();
    await createAccounts(databaseUrl, []);
    const database = openDatabase(databaseUrl);
    await insertCohort(database.db, { id: 'evening', name: 'Evening cohort', startDate: null });
    const student = await insertUser(database.db, { access: 'level-1', cohort: 'evening' });
    await addLiveClasses(
      database.db,
      'evening',
      {
        title: 'State and effects',
        description: '',
        startsAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
        durationMinutes: 60,
        joinUrl: 'https://meet.example/room',
        step: null,
        repeatWeeks: 1,
      },
      { id: 'admin', name: 'Ada Admin' },
    );
    await database.close();

    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    await restartedServer(databaseUrl, sink.url);
    expect(sink.received.map((message) => message.to)).toEqual([[student.email]]);
    const mail = await simpleParser(sink.received[0]!.raw);
    const parts = mail.attachments.map((part) => ({
      type: part.headers.get('content-type'),
      file: part.filename,
      end: part.content.toString('utf8').slice(-15),
    }));
    const calendar = { value: 'text/calendar', params: { charset: 'utf-8', method: 'REQUEST' } };
    expect(parts).toEqual([
      { type: calendar, file: undefined, end: 'END:VCALENDAR\r\n' },
      {
        type: { ...calendar, params: { ...calendar.params, name: 'invitation.ics' } },
        file: 'invitation.ics',
        end: 'END:VCALENDAR\r\n',
      },
    ]);
  });
});
