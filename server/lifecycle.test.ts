import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServer, startServer, type RunningServer } from '../tests/support/server-process';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

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

  it('answers /healthz and /readyz when the database answers', async () => {
    server = await startServer();
    expect(await (await fetch(`${server.origin}/healthz`)).json()).toEqual({ status: 'alive' });
    expect(await (await fetch(`${server.origin}/readyz`)).json()).toEqual({ status: 'ready' });
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
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.process.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));

    // The listener is closed: a new connection is refused while the old request runs.
    await expect(fetch(`${server.origin}/healthz`)).rejects.toThrow();
    expect(server.process.exitCode).toBeNull();

    socket.end(body.slice(5));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 \d{3} /);
    expect(await server.exited).toBe(0);
  });
});
