import { afterEach, describe, expect, it } from 'vitest';
import { createAccounts } from '../support/accounts';
import { startServer, until, type RunningServer } from '../support/server-process';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

interface LogLine {
  level: number;
  msg: string;
  method?: string;
  path?: string;
  status?: number;
  completed?: boolean;
  requestId?: string;
}

/** Every line the server printed, each of which must be one JSON object. */
function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);
}

describe('the request log', () => {
  it('is one JSON line per request, full paths, no errors for what is expected', async () => {
    server = await startServer({ LOG_LEVEL: 'info' });
    const { origin } = server;
    const [admin] = await createAccounts(server.databaseUrl, [
      { access: 'admin', name: 'Log Admin' },
    ]);
    const form = { origin, 'content-type': 'application/x-www-form-urlencoded' };
    expect(
      (await fetch(`${origin}/success`, { method: 'POST', headers: form, body: 'a=b' })).status,
    ).toBe(405);
    // /enroll takes the transfer form now: a visitor's post is refused, not an error.
    expect(
      (await fetch(`${origin}/enroll`, { method: 'POST', headers: form, body: 'a=b' })).status,
    ).toBe(401);
    expect((await fetch(`${origin}/admin/home`, { method: 'PUT', headers: form })).status).toBe(
      405,
    );
    expect((await fetch(`${origin}/no-such-page`)).status).toBe(404);
    const discovery = await fetch(`${origin}/dev-idp/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    const html = await (await fetch(`${origin}/login`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect((await fetch(`${origin}${asset}`)).status).toBe(200);

    // An event stream the client closes still gets its line, marked as not completed.
    const controller = new AbortController();
    const stream = await fetch(`${origin}/admin/events?collection=users`, {
      headers: { cookie: admin!.cookie },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    controller.abort();

    await until(
      () => logLines(server!.output()).some((line) => line.path === '/admin/events'),
      'the event stream’s log line',
    );
    const lines = logLines(server.output());
    const requests = lines.filter((line) => line.msg === 'request');
    const pathsLogged = requests.map((line) => line.path);
    expect(pathsLogged).toEqual(
      expect.arrayContaining([
        '/success',
        '/enroll',
        '/admin/home',
        '/no-such-page',
        '/dev-idp/.well-known/openid-configuration',
        asset,
      ]),
    );
    expect(requests.find((line) => line.path === '/admin/events')?.completed).toBe(false);
    expect(requests.every((line) => typeof line.requestId === 'string')).toBe(true);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
