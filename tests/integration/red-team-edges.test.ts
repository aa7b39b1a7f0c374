/**
 * Edge requests through the compiled server (issue 23): multipart bodies cut short or
 * dropped mid-file, malformed percent-encoding, writes to pages without an action, 404s at
 * file-like paths and a receipt's data request. None of them may end the process or answer
 * a 500; on SQLite, and on PostgreSQL in its pass.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES } from '~/features/transfers/transfer-form';
import { openDatabase } from '~/db/database.server';
import { createAccounts, type Account } from '../support/accounts';
import { until, type RunningServer } from '../support/server-process';
import { startServerWithAdmin } from '../support/server-with-admin';

let server: RunningServer;
let admin: Account;
let student: Account;
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  // Request lines are logged at info: a dropped request is seen by its `completed: false`.
  ({ server, admin, stop } = await startServerWithAdmin({ LOG_LEVEL: 'info' }));
  const [created] = await createAccounts(server.databaseUrl, [
    { access: 'none', name: 'Sam Student' },
  ]);
  student = created!;
});
afterAll(() => stop?.());

const BOUNDARY = 'zzz';
const PART_HEADERS =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="receipt"; filename="a.png"\r\n` +
  'Content-Type: image/png\r\n\r\n';

async function alive() {
  expect(server.process.exitCode).toBeNull();
  expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
}

const postMultipart = (path: string, account: Account, body: Buffer) =>
  fetch(`${server.origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Origin: server.origin,
      Cookie: account.cookie,
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    body: new Uint8Array(body),
  });

/**
 * Sends the headers and part of the body, then drops the connection. The request carries
 * its own id, so its log line is found by that id and by nothing another test sent.
 */
function dropMidFile(path: string, account: Account, requestId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost:${server.port}\r\nOrigin: ${server.origin}\r\n` +
          `Cookie: ${account.cookie}\r\nX-Request-Id: ${requestId}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
          'Content-Length: 100000\r\n\r\n',
      );
      socket.write(PART_HEADERS + '\x89PNG\r\n\x1a\n' + 'x'.repeat(2000), () => {
        socket.destroy();
        resolve();
      });
    });
    socket.on('error', reject);
  });
}

const UPLOADS: [string, () => Account][] = [
  ['/enroll', () => student],
  ['/enroll.data', () => student],
  ['/admin/invitations', () => admin],
  ['/admin/invitations.data', () => admin],
];

describe('a multipart body cut short or dropped', () => {
  it.each(UPLOADS)('%s: answers 400 to a truncated body and keeps running', async (path, who) => {
    const inFile = await postMultipart(
      path,
      who(),
      Buffer.from(PART_HEADERS + '\x89PNG', 'latin1'),
    );
    expect(inFile.status).toBe(400);
    await alive();
    const inHeaders = await postMultipart(
      path,
      who(),
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; na`),
    );
    expect(inHeaders.status).toBe(400);
    await alive();
  });

  it.each(UPLOADS)('%s: survives a client that disconnects mid-file', async (path, who) => {
    const requestId = `dropped-${randomUUID()}`;
    await dropMidFile(path, who(), requestId);
    // The server logs the request once the connection has closed, marked as not completed.
    // The wait is twice `until`'s default: with the CPU busy, the line came seconds late.
    await until(
      () => linesWith(requestId).length > 0,
      `the dropped request to ${path} to be logged`,
      20_000,
    );
    const lines = linesWith(requestId);
    expect(lines).toEqual([expect.stringContaining('"completed":false')]);
    expect(lines[0]).toContain(`"path":"${path}"`);
    await alive();
  });
});

/** The lines the server logged with one request id. */
const linesWith = (requestId: string | null) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes(`"requestId":"${requestId}"`));

/** The lines the server logged for one response. */
const linesFor = (response: Response) => linesWith(response.headers.get('x-request-id'));

describe('requests that are the client’s mistake answer 4xx, not 500', () => {
  it.each([
    '/fed/%FF%FE',
    '/fed/%FF%FE.data',
    '/admin/user-details/%E0%A4%A',
    '/assets/%c0%ae%c0%ae/package.json',
  ])('%s: malformed percent-encoding is a 400 with one log line', async (path) => {
    const response = await fetch(`${server.origin}${path}`, { headers: { Cookie: admin.cookie } });
    expect(response.status).toBe(400);
    // The request's own line, and no error with a stack trace.
    await until(() => linesFor(response).length > 0, 'the request line');
    const lines = linesFor(response);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"status":400');
    expect(lines[0]).not.toContain('URIError');
  });

  // (/admin/transfers has an action since: an admin's choice of transfer e-mails; and
  // /admin/payments since issue 32: the Overdue view's extension and waiver.)
  it.each(['/admin/home', '/admin/home.data'])(
    '%s: an admin’s POST to a page without an action is a 405 with Allow',
    async (path) => {
      const response = await fetch(`${server.origin}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          Origin: server.origin,
          Cookie: admin.cookie,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'intent=anything',
      });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      if (!path.endsWith('.data')) {
        expect(await response.text()).toContain('This request cannot be answered here');
      }
      await until(() => linesFor(response).length > 0, 'the request line');
      expect(linesFor(response).join('\n')).not.toContain('"level":50');
    },
  );
});

describe('headers follow what the response is, not its path', () => {
  const DOCUMENT_HEADERS = [
    'content-security-policy',
    'x-frame-options',
    'cross-origin-opener-policy',
    'referrer-policy',
  ];

  it.each(['/admin/x.js', '/nope.png', '/fed/missing.css'])(
    '%s: a 404 page at a file-like path carries the document headers',
    async (path) => {
      const response = await fetch(`${server.origin}${path}`, {
        headers: { Cookie: admin.cookie },
      });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      for (const name of DOCUMENT_HEADERS) expect(response.headers.get(name), name).toBeTruthy();
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    },
  );

  it('a missing asset is a plain 404; a built one carries no document headers', async () => {
    const missing = await fetch(`${server.origin}/assets/nope-123.js`, {
      headers: { Cookie: admin.cookie },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await missing.text()).not.toContain('<');

    const html = await (await fetch(`${server.origin}/login`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    const built = await fetch(`${server.origin}${asset}`);
    expect(built.status).toBe(200);
    expect(built.headers.get('x-content-type-options')).toBe('nosniff');
    for (const name of DOCUMENT_HEADERS) expect(built.headers.get(name), name).toBeNull();
  });
});

describe('an upload past the form’s limit', () => {
  it('is read to its end and answered with the field’s message', async () => {
    const form = new FormData();
    form.set('plan', 'fed-upfront');
    form.set('receipt', new Blob([Buffer.alloc(6 * 1024 * 1024)]), 'photo.png');
    const response = await fetch(`${server.origin}/enroll`, {
      method: 'POST',
      headers: { Origin: server.origin, Cookie: student.cookie },
      body: form,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain(TRANSFER_MESSAGES.receiptTooLarge);
    await alive();
  });
});

describe('a receipt is served only as the file', () => {
  it('its data request answers 404 to its student and to an admin, with none of its bytes', async () => {
    const png = readFileSync(new URL('../fixtures/receipts/receipt.png', import.meta.url));
    const form = new FormData();
    for (const [name, value] of Object.entries({
      plan: 'fed-upfront',
      amount: '600000',
      transferDate: new Date().toISOString().slice(0, 10),
      reference: 'Ada Obi',
    })) {
      form.set(name, value);
    }
    form.set('receipt', new Blob([png], { type: 'image/png' }), 'receipt.png');
    const [owner] = await createAccounts(server.databaseUrl, [{ access: 'none', name: 'Rita' }]);
    const submitted = await fetch(`${server.origin}/enroll`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: server.origin, Cookie: owner!.cookie },
      body: form,
    });
    expect(submitted.status).toBe(302);
    const transferId = new URL(submitted.headers.get('location')!, server.origin).searchParams.get(
      'transfer',
    );
    const database = openDatabase(server.databaseUrl);
    const { receipt_id: receiptId } = await database.db
      .selectFrom('bank_transfers')
      .select('receipt_id')
      .where('id', '=', transferId!)
      .executeTakeFirstOrThrow();
    await database.close();

    const file = await fetch(`${server.origin}/receipts/${receiptId}`, {
      headers: { Cookie: owner!.cookie },
    });
    expect(file.status).toBe(200);
    for (const account of [owner!, admin]) {
      for (const suffix of ['.data', '.data?_routes=routes%2Freceipt']) {
        const data = await fetch(`${server.origin}/receipts/${receiptId}${suffix}`, {
          headers: { Cookie: account.cookie },
        });
        expect(data.status, suffix).toBe(404);
        const body = Buffer.from(await data.arrayBuffer());
        expect(body.includes(png.subarray(1, 4)), suffix).toBe(false);
      }
    }
    // A page's data is still served, also where a layout's index only redirects (the
    // header's link to /fed navigates through /fed.data).
    for (const path of ['/fed.data', '/fed/home.data']) {
      const page = await fetch(`${server.origin}${path}`, {
        redirect: 'manual',
        headers: { Cookie: owner!.cookie },
      });
      expect(page.status, path).not.toBe(404);
      expect(page.headers.get('content-type'), path).toMatch(/^text\/x-script/);
    }
  });
});
