import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAccounts } from '../support/accounts';
import { serverProcess } from '../support/process-tree';
import {
  dropTempDatabase,
  freePort,
  GOOGLE_ENV,
  PUBLIC_ORIGIN_ENV,
  spawnServer,
  startServer,
  tempDatabaseUrl,
  type RunningServer,
  until,
} from '../support/server-process';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** The local addresses listening on `port`, from the kernel's socket tables. */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const addresses: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      // State 0A is LISTEN.
      if (state === '0A' && local?.endsWith(`:${hexPort}`)) addresses.push(local.split(':')[0]!);
    }
  }
  return addresses;
}
const IPV4_LOOPBACK = '0100007F';
const ANY_ADDRESS = /^0+$/;

describe('start-up configuration', () => {
  it('refuses a bad value with one clear line naming the variable and exits non-zero', async () => {
    const started = spawnServer({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(await started.exited).toBe(1);
    const output = started.output();
    expect(output).toContain('Invalid configuration');
    expect(output).toContain('PORT must be');
    expect(output).toContain('"eighty"');
    expect(output).toContain('LOG_LEVEL');
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('warns when the compiled server runs without NODE_ENV=production', async () => {
    server = await startServer({ NODE_ENV: '' });
    expect(server.output()).toContain('NODE_ENV is not production');
    await server.stop();
    server = await startServer();
    expect(server.output()).not.toContain('NODE_ENV');
  });

  it('answers /healthz and /readyz when the database answers', async () => {
    server = await startServer();
    expect(await (await fetch(`${server.origin}/healthz`)).json()).toEqual({ status: 'alive' });
    expect(await (await fetch(`${server.origin}/readyz`)).json()).toEqual({ status: 'ready' });
  });
});

describe('the local sign-in provider and the local mailbox fail closed', () => {
  it.each([
    [
      'a public origin without Google credentials',
      { ORIGIN: 'https://academy.example' },
      'ORIGIN (https://academy.example) is not a loopback address',
    ],
    [
      'an origin whose host only starts with 127.',
      { ORIGIN: 'https://127.academy.example' },
      'ORIGIN (https://127.academy.example) is not a loopback address',
    ],
    ['a public interface', { HOST: '0.0.0.0' }, 'HOST (0.0.0.0) is not a loopback address'],
    [
      'a public origin with Google but no SMTP server (the local mailbox)',
      { ...GOOGLE_ENV, ORIGIN: 'https://academy.example' },
      'E-mail is not configured: ORIGIN (https://academy.example) is not a loopback address',
    ],
    [
      'a public interface with Google but no SMTP server',
      { ...GOOGLE_ENV, HOST: '0.0.0.0' },
      'HOST (0.0.0.0) is not a loopback address: without SMTP_URL',
    ],
    [
      'a public interface with Google and SMTP but the local payment provider',
      {
        ...GOOGLE_ENV,
        SMTP_URL: 'smtp://127.0.0.1:1',
        MAIL_FROM: 'hello@example.com',
        HOST: '0.0.0.0',
      },
      'the local payment provider at /dev-pay runs',
    ],
    [
      'an SMTP server without a sender',
      { SMTP_URL: 'smtps://mailer:s3cret-pass@smtp.example.com:465' },
      'MAIL_FROM must be set when SMTP_URL is',
    ],
    [
      'an SMTP_URL that is not one, without repeating its password',
      { SMTP_URL: 'https://mailer:s3cret-pass@smtp.example.com', MAIL_FROM: 'hello@example.com' },
      'SMTP_URL must be an smtp:// or smtps:// URL',
    ],
    [
      'a Stripe secret key without its webhook secret, without repeating the key',
      { STRIPE_SECRET_KEY: 'sk_live_s3cret-pass' },
      'STRIPE_SECRET_KEY must be a Stripe secret key',
    ],
    [
      'half of Stripe’s keys',
      { STRIPE_SECRET_KEY: 'sk_test_abc' },
      'STRIPE_WEBHOOK_SECRET must be set together with the other Stripe key',
    ],
    [
      'a payment provider whose keys are not set',
      { PAYSTACK_SECRET_KEY: 'sk_test_abc', PAYMENT_PROVIDER: 'stripe' },
      'PAYMENT_PROVIDER names stripe, whose keys are not set',
    ],
  ])('refuses %s with one clear line', async (_case, env, message) => {
    const started = spawnServer({
      PORT: String(await freePort()),
      DATABASE_URL: ':memory:',
      ...env,
    });
    expect(await started.exited).toBe(1);
    const output = started.output().trim();
    expect(output).toContain(message);
    expect(output).not.toContain('s3cret-pass');
    expect(output.split('\n')).toHaveLength(1);
  });

  it('listens on loopback only while the local provider runs', async () => {
    server = await startServer();
    expect(listeningAddresses(server.port)).toEqual([IPV4_LOOPBACK]);
  });

  it('listens on loopback only while the local mailbox holds the e-mail, even with Google', async () => {
    server = await startServer(GOOGLE_ENV);
    expect(listeningAddresses(server.port)).toEqual([IPV4_LOOPBACK]);
  });

  it('listens on every interface on a public origin with real sign-in and SMTP, and says payments stay manual', async () => {
    server = await startServer(PUBLIC_ORIGIN_ENV);
    const addresses = listeningAddresses(server.port);
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).toMatch(ANY_ADDRESS);
    expect(server.output()).toContain('a payment will not unlock the course by itself');
  });
});

describe('npm run serve', () => {
  it('runs the compiled bundle under plain node with NODE_ENV=production', async () => {
    const port = await freePort();
    const databaseUrl = await tempDatabaseUrl();
    const { NODE_ENV: _callers, ...inherited } = process.env;
    const npm = spawn('npm', ['run', '--silent', 'serve'], {
      env: { ...inherited, PORT: String(port), DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
      detached: true,
    });
    try {
      await until(
        async () => (await fetch(`http://localhost:${port}/readyz`).catch(() => null))?.ok === true,
        'the server to be ready',
        30_000,
      );
      const pid = serverProcess(npm.pid!);
      expect(pid).not.toBe(npm.pid);
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(command[0]).toMatch(/(^|\/)node$/);
      expect(command.at(-1)).toBe('build/server/server.js');
      // Memory settings only: no loader, no TypeScript.
      expect(
        command.slice(1, -1).every((flag) => /^--max-(old|semi)-space-size=\d+$/.test(flag)),
      ).toBe(true);
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(environment).toContain('NODE_ENV=production');
      expect(environment.some((entry) => /^NODE_OPTIONS=.*(tsx|loader|import)/.test(entry))).toBe(
        false,
      );
    } finally {
      process.kill(-npm.pid!, 'SIGINT');
      await new Promise((resolve) => npm.once('exit', resolve));
      await dropTempDatabase(databaseUrl);
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight after SIGTERM, refuses new ones, then exits 0', async () => {
    server = await startServer();
    const body = 'name=a-slow-upload';
    const socket = connect(server.port, 'localhost');
    let response = '';
    socket.on('data', (chunk) => (response += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /success HTTP/1.1\r\nHost: localhost:${server.port}\r\nOrigin: ${server.origin}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n` +
        body.slice(0, 5),
    );
    // The request is in flight (its body half sent); no drain period in this test.
    server.process.kill('SIGTERM');

    // The listener closes: a new connection is refused while the old request runs.
    await until(
      async () => (await fetch(`${server!.origin}/healthz`).catch(() => 'refused')) === 'refused',
      'the listener to close',
    );
    expect(server.process.exitCode).toBeNull();

    socket.end(body.slice(5));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 \d{3} /);
    expect(await server.exited).toBe(0);
  });

  it('keeps serving through the drain period and loses no request under load', async () => {
    server = await startServer({ SHUTDOWN_DRAIN_MS: '2000' });
    const [student] = await createAccounts(server.databaseUrl, [
      { access: 'level-1', name: 'Drain Student' },
    ]);
    const targets: { path: string; headers: Record<string, string> }[] = [
      { path: '/', headers: { 'accept-encoding': 'br, gzip' } },
      { path: '/fed/javascript', headers: { cookie: student!.cookie } },
    ];
    const failures: string[] = [];
    let completed = 0;
    let completedAfterSignal = 0;
    let closesAfterSignal = 0;
    let signalled = false;
    // What a load balancer does: stop sending once readiness fails.
    let balancerStopped = false;
    const worker = async (index: number) => {
      for (let turn = index; !balancerStopped; turn += 1) {
        const target = targets[turn % targets.length]!;
        try {
          const response = await fetch(server!.origin + target.path, { headers: target.headers });
          const text = await response.text();
          if (response.status !== 200 || !text.includes('</html>')) {
            failures.push(`${target.path}: ${response.status}`);
          }
          completed += 1;
          if (signalled) {
            completedAfterSignal += 1;
            if (response.headers.get('connection') === 'close') closesAfterSignal += 1;
          }
        } catch (error) {
          failures.push(`${target.path}: ${(error as Error).cause ?? error}`);
        }
      }
    };
    const workers = Array.from({ length: 20 }, (_, index) => worker(index));
    await until(() => completed >= 100, '100 requests before the signal', 30_000);

    signalled = true;
    server.process.kill('SIGTERM');
    await until(
      async () => (await fetch(`${server!.origin}/readyz`)).status === 503,
      'readiness to fail',
    );
    // A balancer notices a moment later: requests that start in the drain are still served,
    // and tell their keep-alive clients to reconnect elsewhere.
    await until(() => closesAfterSignal >= 5, 'answers with Connection: close in the drain');
    balancerStopped = true;
    await Promise.all(workers);

    expect(failures).toEqual([]);
    expect(completedAfterSignal).toBeGreaterThan(0);
    // Responses that began after the signal tell keep-alive clients to reconnect elsewhere.
    expect(closesAfterSignal).toBeGreaterThan(0);
    expect(await server.exited).toBe(0);
  });
});
