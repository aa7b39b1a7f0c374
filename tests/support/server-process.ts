import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFlashCookie, type Flash } from '../../app/lib/flash.server';
import { createTestSchema, dropTestSchema, postgresTestUrl } from './sql-client';

export interface RunningServer {
  origin: string;
  port: number;
  databaseUrl: string;
  process: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop: () => Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A database for one server: a new SQLite file, or with `TEST_DATABASE_URL` a URL naming a
 * new schema on that server. `startServer` drops such a schema once the server has exited;
 * for one it was not given, call `dropTempDatabase`.
 */
export async function tempDatabaseUrl(): Promise<string> {
  if (postgresTestUrl()) return createTestSchema();
  return join(mkdtempSync(join(tmpdir(), 'bootcamp-test-')), 'test.sqlite');
}

/** Drops the PostgreSQL schema of a `tempDatabaseUrl()` URL (a SQLite file is left as it is). */
export async function dropTempDatabase(url: string): Promise<void> {
  await dropTestSchema(url);
}

/** Every test server's flash-cookie key, so a test can read the toast a redirect carries. */
export const TEST_COOKIE_SECRET = 'test-servers-flash-cookie-secret-of-some-length';

/**
 * Google sign-in's settings for a server whose test signs nobody in: discovery happens at the
 * first sign-in, so the values only have to be valid.
 */
export const GOOGLE_ENV = {
  GOOGLE_CLIENT_ID: 'client-id',
  GOOGLE_CLIENT_SECRET: 'client-secret',
  OIDC_ISSUER: 'https://issuer.invalid',
};

/**
 * A server on a public origin with Google sign-in and SMTP, for tests of what it says and
 * does at start-up: nothing is signed in or sent, so the values only have to be valid.
 */
export const PUBLIC_ORIGIN_ENV = {
  ...GOOGLE_ENV,
  SMTP_URL: 'smtp://127.0.0.1:1',
  MAIL_FROM: 'hello@example.com',
  ORIGIN: 'https://academy.example',
};

/** The toast in a response's `Set-Cookie` header, checked as the server's root loader does. */
export function flashIn(setCookie: string | null): Promise<Flash | null> {
  return createFlashCookie({ secure: false, secrets: [TEST_COOKIE_SECRET] }).read(
    setCookie?.split(';')[0] ?? null,
  );
}

/**
 * Starts the production server as `npm run serve` does (the compiled bundle under plain
 * node with NODE_ENV=production; it needs `react-router build` first) as a child process.
 * No drain period after SIGTERM unless a test asks for one.
 */
export function spawnServer(env: Record<string, string>): {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['build/server/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
      COOKIE_SECRET: TEST_COOKIE_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { process: child, output: () => output, exited };
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const databaseUrl = env.DATABASE_URL ?? (await tempDatabaseUrl());
  const started = spawnServer({
    PORT: String(port),
    ...env,
    DATABASE_URL: databaseUrl,
  });
  const stop = async () => {
    if (started.process.exitCode === null) started.process.kill('SIGTERM');
    const code = await started.exited;
    await dropTempDatabase(databaseUrl);
    return code;
  };
  const answers = async () => (await fetch(`${origin}/readyz`).catch(() => null))?.ok === true;
  const exited = () => started.process.exitCode !== null;
  // Waits until it answers or has exited; a timeout is reported below with the output.
  await until(async () => exited() || (await answers()), 'the server', 30_000).catch(() => {});
  if (exited() || !(await answers())) {
    const code = started.process.exitCode;
    await stop();
    throw new Error(`server did not start (exit ${code}): ${started.output()}`);
  }
  return { ...started, origin, port, databaseUrl, stop };
}

/** Polls `check` every 25 ms until it holds, or throws after `timeoutMs`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
