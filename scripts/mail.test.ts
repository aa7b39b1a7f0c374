import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackCertificate, startSmtpSink, type SmtpSink } from '../tests/support/smtp-sink';
import { dropTempDatabase, tempDatabaseUrl } from '../tests/support/server-process';
import { sqlQuery } from '../tests/support/sql-client';

const run = promisify(execFile);
let databaseUrl: string;
let sink: SmtpSink;

async function mail(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run('node_modules/.bin/tsx', ['scripts/mail.ts', ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  databaseUrl = await tempDatabaseUrl();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
  await dropTempDatabase(databaseUrl);
});

describe('npm run mail -- test', () => {
  it('sends a test message through SMTP and prints the answer, without the password', async () => {
    // Credentials travel only encrypted: a server offering STARTTLS with a private CA's
    // certificate, trusted through NODE_EXTRA_CA_CERTS as docs/deploy.md says.
    const certificate = loopbackCertificate();
    const secure = await startSmtpSink({
      credentials: { user: 'mailer', pass: 's3cret' },
      tls: certificate,
    });
    try {
      const result = await mail(
        {
          SMTP_URL: secure.url.replace('smtp://', 'smtp://mailer:s3cret@'),
          MAIL_FROM: 'Academy <hello@academy.example>',
          NODE_EXTRA_CA_CERTS: certificate.certFile,
        },
        'test',
        'ada@example.com',
      );
      expect(result.output).toContain(`Sent to ada@example.com through ${secure.url}: 250`);
      expect(result.output).not.toContain('s3cret');
      expect(result.code).toBe(0);
      expect(secure.received.at(-1)?.to).toEqual(['ada@example.com']);
      expect(secure.received.at(-1)?.raw).toContain(
        'Subject: Test message from Frontier Dev Academy',
      );
    } finally {
      await secure.close();
    }
  });

  it('prints the failure and exits 1 when the SMTP server refuses', async () => {
    sink.behave('reject-permanently');
    const result = await mail(
      { SMTP_URL: sink.url, MAIL_FROM: 'hello@academy.example' },
      'test',
      'ada@example.com',
    );
    sink.behave('accept');
    expect(result.code).toBe(1);
    expect(result.output).toContain(`Not sent through ${sink.url}: SMTP 550`);
  });

  it('delivers to the local mailbox without SMTP_URL', async () => {
    const result = await mail({}, 'test', 'grace@example.com');
    expect(result.code).toBe(0);
    expect(result.output).toContain('Read it at http://localhost:3000/dev-mail');
    const rows = await sqlQuery<{ recipient: string }>(
      databaseUrl,
      'select recipient from local_mailbox',
    );
    expect(rows).toEqual([{ recipient: 'grace@example.com' }]);
  });

  it('explains its usage and refuses a bad address', async () => {
    expect(await mail({}, 'send')).toMatchObject({
      code: 1,
      output: expect.stringContaining('Usage: npm run mail -- test ADDRESS'),
    });
    expect(await mail({}, 'test', 'ada@example.com\nBcc: x@evil.example')).toMatchObject({
      code: 1,
      output: expect.stringContaining('Not an e-mail address'),
    });
  });
});
