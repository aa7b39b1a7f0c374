import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '~/db/database.server';
import { enqueueWelcomeEmail } from '~/features/email/account-emails.server';
import { createAccounts } from '../tests/support/accounts';
import {
  freePort,
  spawnServer,
  startServer,
  tempDatabaseUrl,
  until,
  type RunningServer,
} from '../tests/support/server-process';
import { startSilentServer, startSmtpSink } from '../tests/support/smtp-sink';
import { postgresTestUrl, sqlQuery } from '../tests/support/sql-client';

const MAIL_FROM = 'Frontier Dev Academy <hello@academy.example>';
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function outboxStatus(databaseUrl: string): Promise<string | undefined> {
  const [row] = await sqlQuery<{ status: string }>(databaseUrl, 'select status from email_outbox');
  return row?.status;
}

describe('e-mail across a crash', () => {
  it('sends a message that was being sent when the process was killed, once, after a restart', async () => {
    const databaseUrl = await tempDatabaseUrl();
    const [account] = await createAccounts(databaseUrl, [
      { access: 'none', name: 'Kim Killed', noSession: true },
    ]);
    // The committed change and its message, as a sign-in writes them.
    const database = openDatabase(databaseUrl);
    await enqueueWelcomeEmail(database.db, {
      id: account!.id,
      name: 'Kim Killed',
      email: account!.email,
    });
    await database.close();

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

    if (postgresTestUrl()) {
      // Another instance could still be sending it: it waits out the 2-minute lease.
      await sqlQuery(
        databaseUrl,
        "update email_outbox set claimed_until = '2000-01-01T00:00:00.000Z'",
      );
    }
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const second: RunningServer = await startServer({
      DATABASE_URL: databaseUrl,
      SMTP_URL: sink.url,
      MAIL_FROM,
    });
    cleanups.push(() => second.stop());
    await until(async () => (await outboxStatus(databaseUrl)) === 'sent', 'the message to be sent');
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.to).toEqual([account!.email]);
    expect(sink.received[0]!.raw).toMatch(/^Subject: Welcome to Frontier Dev Academy\r?$/m);
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
