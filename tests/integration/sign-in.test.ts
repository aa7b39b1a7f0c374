import { createHash, randomBytes } from 'node:crypto';
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeOidcProvider,
  type FakeOidcProvider,
  type IdTokenOverrides,
} from '../support/fake-oidc-provider';
import {
  flashIn,
  startServer,
  tempDatabaseUrl,
  until,
  type RunningServer,
} from '../support/server-process';
import { startSilentServer } from '../support/smtp-sink';
import { postgresTestUrl, sqlQuery } from '../support/sql-client';

const CLIENT_ID = 'bootcamp-test-client';
const CLIENT_SECRET = randomBytes(24).toString('base64url');
const ADMIN_EMAIL = 'boss@example.com';

let fake: FakeOidcProvider;
let app: RunningServer;
let databaseUrl: string;

beforeAll(async () => {
  fake = await startFakeOidcProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  databaseUrl = await tempDatabaseUrl();
  app = await startServer(appEnv({ SIGN_IN_RATE_LIMIT: '1000', DATABASE_URL: databaseUrl }));
});

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

const flashOf = (browser: Browser) => flashIn(`flash=${browser.cookies.get('flash') ?? ''}`);

function appEnv(extra: Record<string, string>): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_ISSUER: fake.issuer,
    ADMIN_EMAILS: ADMIN_EMAIL,
    ...extra,
  };
}

/** A browser on one origin: it keeps cookies (deleting those cleared with Max-Age=0). */
class Browser {
  readonly cookies = new Map<string, string>();

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.set('Cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const header of response.headers.getSetCookie()) {
      const [, name = '', value = ''] = /^([^=]+)=([^;]*)/.exec(header) ?? [];
      if (/;\s*Max-Age=0\b/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

interface SignInResult {
  type: 'sign-in-result';
  ok: boolean;
  message: string;
  returnTo: string;
}

function popupResult(html: string): SignInResult {
  const match = /const result = (\{.*?\});\n/.exec(html);
  if (!match?.[1]) throw new Error(`no sign-in result in the page: ${html.slice(0, 300)}`);
  return JSON.parse(match[1]) as SignInResult;
}

/** GET /auth/google, then the provider's /authorize: returns the callback URL it sends back. */
async function beginSignIn(browser: Browser, server = app): Promise<URL> {
  const begin = await browser.fetch(`${server.origin}/auth/google?mode=popup&redirectTo=/enroll`);
  expect(begin.status).toBe(302);
  expect(browser.cookies.has('sign_in')).toBe(true);
  const authorize = await fetch(begin.headers.get('location') ?? '', { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get('location') ?? '');
  expect(callback.origin + callback.pathname).toBe(`${server.origin}/auth/google/callback`);
  return callback;
}

async function finishSignIn(browser: Browser, callback: URL | string) {
  const response = await browser.fetch(callback);
  const html = await response.text();
  return { response, html, result: popupResult(html) };
}

/** A whole popup sign-in; the ID token carries `claims` over the fake provider's defaults. */
async function signIn(browser: Browser, claims: IdTokenOverrides = {}) {
  fake.nextIdToken(claims);
  return finishSignIn(browser, await beginSignIn(browser));
}

let subjects = 0;
const newSubject = () => `subject-${++subjects}-${randomBytes(4).toString('hex')}`;

/** Signs a new person in and returns their browser and raw session id. */
async function signedInBrowser(claims: IdTokenOverrides = {}) {
  const browser = new Browser();
  const { result } = await signIn(browser, { sub: newSubject(), ...claims });
  expect(result).toMatchObject({ ok: true, message: 'Account created successfully' });
  const session = browser.cookies.get('session');
  if (!session) throw new Error('no session cookie after sign-in');
  return { browser, session };
}

/** The first row of a query on the app's database (SQLite or PostgreSQL), if any. */
async function row<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
  return (await sqlQuery<T>(databaseUrl, sql, params))[0];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** `count(*)` of a query: PostgreSQL returns it as a string. */
const countOf = async (url: string, sql: string, ...params: unknown[]) =>
  Number((await sqlQuery<{ n: number | string }>(url, sql, params))[0]?.n ?? 0);
const count = (table: string) => countOf(databaseUrl, `select count(*) as n from ${table}`);
const counts = async () => ({ users: await count('users'), sessions: await count('sessions') });
const sessionRow = (token: string) =>
  row<{ user_id: string }>('select * from sessions where id_hash = ?', sha256(token));
const user = (id: string) =>
  row<{ name: string; access: string }>('select * from users where id = ?', id);

/** GET /enroll with only this session cookie: is the person signed in, and is the cookie cleared? */
async function visitWithSession(cookieValue: string) {
  const response = await fetch(`${app.origin}/enroll`, {
    headers: { Cookie: `session=${cookieValue}` },
  });
  const html = await response.text();
  expect(response.status).toBe(200);
  return {
    signedIn: html.includes('Logout'),
    visitor: html.includes('>Login<') && !html.includes('Logout'),
    html: html.replace(/<!-- -->/g, ''),
    cleared: response.headers
      .getSetCookie()
      .some((cookie) => /^session=;/.test(cookie) && /Max-Age=0\b/.test(cookie)),
  };
}

async function expectRefused(
  run: () => Promise<{ response: Response; result: SignInResult }>,
  message: string,
) {
  const before = await counts();
  const { response, result } = await run();
  expect(response.status).toBe(400);
  expect(result).toMatchObject({ type: 'sign-in-result', ok: false, message });
  expect(response.headers.getSetCookie().some((c) => /^session=[^;]/.test(c))).toBe(false);
  expect(await counts()).toEqual(before);
}

describe('sign-in with an OpenID provider', () => {
  it('creates the account and a hashed, HttpOnly SameSite=Lax session; then logs the same person in', async () => {
    const before = await counts();
    const browser = new Browser();
    const sub = newSubject();
    const first = await signIn(browser, { sub, name: 'Grace Hopper' });
    expect(first.response.status).toBe(200);
    expect(first.result).toEqual({
      type: 'sign-in-result',
      ok: true,
      message: 'Account created successfully',
      returnTo: '/enroll',
    });
    const setCookie = first.response.headers.getSetCookie().find((c) => c.startsWith('session='));
    expect(setCookie).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/;\s*HttpOnly\b/i);
    expect(setCookie).toMatch(/;\s*SameSite=Lax\b/i);
    const sessionId = browser.cookies.get('session') ?? '';
    expect(await sessionRow(sessionId)).toMatchObject({ user_id: sub });
    expect(await row('select * from sessions where id_hash = ?', sessionId)).toBeUndefined();
    expect(await counts()).toEqual({ users: before.users + 1, sessions: before.sessions + 1 });
    expect(await user(sub)).toMatchObject({ name: 'Grace Hopper', access: 'none' });

    const page = await visitWithSession(sessionId);
    expect(page.signedIn).toBe(true);
    expect(page.html).toContain('Hi, Grace Hopper');

    const second = await signIn(new Browser(), { sub, name: 'Grace Hopper' });
    expect(second.result).toMatchObject({ ok: true, message: 'Login successfully' });
    expect(await countOf(databaseUrl, 'select count(*) as n from users where id = ?', sub)).toBe(1);
  });

  it('sends state, nonce and an S256 PKCE challenge to the provider', async () => {
    await signedInBrowser();
    const request = fake.authorizeRequests.at(-1);
    expect(request).toMatchObject({ clientId: CLIENT_ID, codeChallengeMethod: 'S256' });
    expect(request?.state).toMatch(/^[\w-]{20,}$/);
    expect(request?.nonce).toMatch(/^[\w-]{20,}$/);
    expect(request?.codeChallenge).toMatch(/^[\w-]{43}$/);
    expect(request?.redirectUri).toBe(`${app.origin}/auth/google/callback`);
  });

  it('uses an attempt once: replaying the callback is refused', async () => {
    const browser = new Browser();
    fake.nextIdToken({ sub: newSubject() });
    const callback = await beginSignIn(browser);
    const attemptCookie = browser.cookies.get('sign_in') ?? '';
    expect((await finishSignIn(browser, callback)).result.ok).toBe(true);
    browser.cookies.set('sign_in', attemptCookie);
    await expectRefused(() => finishSignIn(browser, callback), 'invalid-action-code');
  });

  it('refuses a callback with a modified state, or without the sign_in cookie', async () => {
    const browser = new Browser();
    const callback = await beginSignIn(browser);
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const tokenCalls = fake.tokenRequests();
    await expectRefused(() => finishSignIn(browser, callback), 'invalid-action-code');

    const other = await beginSignIn(new Browser());
    await expectRefused(() => finishSignIn(new Browser(), other), 'invalid-action-code');
    expect(fake.tokenRequests()).toBe(tokenCalls);
  });

  it('refuses a code the provider has already redeemed (invalid_grant)', async () => {
    await signedInBrowser();
    const oldCode = fake.authorizeRequests.at(-1)?.code ?? '';
    expect(oldCode).not.toBe('');
    const browser = new Browser();
    fake.nextAuthorizeCode(oldCode);
    const callback = await beginSignIn(browser);
    expect(callback.searchParams.get('code')).toBe(oldCode);
    await expectRefused(() => finishSignIn(browser, callback), 'invalid-action-code');
  });

  it('refuses an error from the provider', async () => {
    fake.nextAuthorizeError('access_denied');
    await expectRefused(() => signIn(new Browser()), 'user-cancelled');
  });

  it('refuses an ID token with a wrong nonce or for another audience', async () => {
    const mismatch = 'oauth-jwt-claim-comparison-failed';
    await expectRefused(() => signIn(new Browser(), { nonce: 'not-the-nonce' }), mismatch);
    await expectRefused(() => signIn(new Browser(), { aud: 'another-client' }), mismatch);
  });

  it('refuses an ID token without sub (or with an empty one) and records no one', async () => {
    const before = await counts();
    const missing = await signIn(new Browser(), { omit: ['sub'] });
    expect(missing.response.status).toBe(400);
    expect(missing.result.ok).toBe(false);
    expect(await counts()).toEqual(before);
    await expectRefused(() => signIn(new Browser(), { sub: '' }), 'User data not available.');
  });

  it('answers "User data not available." to an ID token without sub', async () => {
    await expectRefused(() => signIn(new Browser(), { omit: ['sub'] }), 'User data not available.');
  });

  it('makes a verified ADMIN_EMAILS address admin, but not an unverified one', async () => {
    const verified = newSubject();
    const unverified = newSubject();
    await signIn(new Browser(), { sub: verified, email: ADMIN_EMAIL.toUpperCase() });
    await signIn(new Browser(), { sub: unverified, email: ADMIN_EMAIL, email_verified: false });
    expect((await user(verified))?.access).toBe('admin');
    expect((await user(unverified))?.access).toBe('none');
  });
});

describe('ADMIN_EMAILS and the audit trail', () => {
  it('audits each promotion with its cause, and the admin form refuses to lower a listed address', async () => {
    const listed = newSubject();
    await signIn(new Browser(), { sub: listed, email: ADMIN_EMAIL });
    const { browser: other } = await signedInBrowser({ email: ADMIN_EMAIL });
    const changes = () =>
      sqlQuery<{ changed_by_name: string; access_before: string; access_after: string }>(
        databaseUrl,
        'select * from user_changes where user_id = ?',
        [listed],
      );
    expect(await changes()).toEqual([
      expect.objectContaining({
        changed_by_name: 'ADMIN_EMAILS',
        access_before: 'none',
        access_after: 'admin',
      }),
    ]);
    const response = await other.fetch(`${app.origin}/admin/user-details/${listed}.data`, {
      method: 'POST',
      headers: { Origin: app.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ access: 'none', cohort: 'none' }).toString(),
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain('listed in ADMIN_EMAILS');
    expect((await user(listed))?.access).toBe('admin');
    expect(await changes()).toHaveLength(1);
  });
});

describe('sessions', () => {
  it('treats a forged or malformed cookie as a visitor and clears it', async () => {
    for (const value of [randomBytes(32).toString('base64url'), 'not-a-session-id']) {
      const page = await visitWithSession(value);
      expect(page).toMatchObject({ signedIn: false, visitor: true, cleared: true });
    }
  });

  it('treats an expired session as a visitor, clears the cookie and deletes the row', async () => {
    const { session } = await signedInBrowser();
    expect((await visitWithSession(session)).signedIn).toBe(true);
    await sqlQuery(databaseUrl, 'update sessions set expires_at = ? where id_hash = ?', [
      new Date(Date.now() - 1000).toISOString(),
      sha256(session),
    ]);
    expect(await visitWithSession(session)).toMatchObject({ visitor: true, cleared: true });
    expect(await sessionRow(session)).toBeUndefined();
  });

  it('treats a deleted session as a visitor and clears the cookie', async () => {
    const { session } = await signedInBrowser();
    await sqlQuery(databaseUrl, 'delete from sessions where id_hash = ?', [sha256(session)]);
    expect(await visitWithSession(session)).toMatchObject({ visitor: true, cleared: true });
  });

  it('rotates the session when a signed-in browser signs in again', async () => {
    const sub = newSubject();
    const { browser, session: first } = await signedInBrowser({ sub });
    const again = await signIn(browser, { sub });
    expect(again.result).toMatchObject({ ok: true, message: 'Login successfully' });
    const second = browser.cookies.get('session') ?? '';
    expect(second).not.toBe(first);
    expect(await sessionRow(first)).toBeUndefined();
    expect(await sessionRow(second)).toMatchObject({ user_id: sub });
    expect((await visitWithSession(first)).visitor).toBe(true);
    expect((await visitWithSession(second)).signedIn).toBe(true);
  });

  it('logs out with a same-origin POST and refuses cross-site or origin-less ones', async () => {
    const { browser, session } = await signedInBrowser();
    const logout = (headers: Record<string, string>) =>
      browser.fetch(`${app.origin}/auth/logout`, { method: 'POST', headers });

    expect((await logout({ Origin: 'https://evil.example' })).status).toBe(403);
    expect((await logout({})).status).toBe(403);
    expect((await visitWithSession(session)).signedIn).toBe(true);

    const response = await logout({ Origin: app.origin });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login');
    expect(response.headers.getSetCookie().some((c) => /^session=;.*Max-Age=0/.test(c))).toBe(true);
    expect(await sessionRow(session)).toBeUndefined();
    expect((await visitWithSession(session)).visitor).toBe(true);
  });
});

describe("an admin's event stream", () => {
  /** What the stream sends until it ends. */
  async function rest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
    const decoder = new TextDecoder();
    let text = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += decoder.decode(chunk.value);
    }
    return text;
  }

  it('ends with the session it was opened with, on every instance', async () => {
    const url = await tempDatabaseUrl();
    const first = await startServer(appEnv({ DATABASE_URL: url }));
    // Another instance hears of it through PostgreSQL; on SQLite there is only one.
    const second = postgresTestUrl() ? await startServer(appEnv({ DATABASE_URL: url })) : first;
    try {
      const openStream = async (browser: Browser) => {
        const response = await browser.fetch(`${second.origin}/admin/events`);
        expect(response.status).toBe(200);
        const reader = response.body!.getReader();
        expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: ready');
        return reader;
      };
      const logOut = (browser: Browser, scope: string) =>
        browser.fetch(`${first.origin}/auth/logout`, {
          method: 'POST',
          headers: { Origin: first.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ scope }).toString(),
        });
      const sub = newSubject();
      const [laptop, phone] = [new Browser(), new Browser()];
      for (const browser of [laptop, phone]) {
        fake.nextIdToken({ sub, email: ADMIN_EMAIL });
        await finishSignIn(browser, await beginSignIn(browser, first));
      }
      // Logout ends this browser's stream; then "Sign out of all devices" ends the other's.
      // Either ends at once: before a heartbeat (15 s), which would re-check the session.
      const [onLaptop, onPhone] = [await openStream(laptop), await openStream(phone)];
      expect((await logOut(laptop, 'this')).status).toBe(302);
      expect(await rest(onLaptop)).not.toContain('heartbeat');
      const again = await openStream(phone);
      expect((await logOut(phone, 'all')).status).toBe(302);
      expect(await rest(again)).not.toContain('heartbeat');
      expect(await rest(onPhone)).not.toContain('heartbeat');
    } finally {
      if (second !== first) {
        second.process.kill('SIGTERM');
        await second.exited;
      }
      await first.stop();
    }
  });
});

describe('the callback page', () => {
  it('has no COOP, sends no referrer and posts to the exact origin', async () => {
    const { response, html } = await signIn(new Browser(), { sub: newSubject() });
    expect(response.headers.has('cross-origin-opener-policy')).toBe(false);
    expect(html).toContain(`const origin = ${JSON.stringify(app.origin)};`);
    expect(html).toContain('window.opener.postMessage(result, origin)');
  });

  it('in redirect mode sends the browser back to a return path a header cannot carry as is', async () => {
    const browser = new Browser();
    const begin = await browser.fetch(
      `${app.origin}/auth/google?mode=redirect&redirectTo=/%E3%80%82evil`,
    );
    expect(begin.status).toBe(302);
    const authorize = await fetch(begin.headers.get('location') ?? '', { redirect: 'manual' });
    fake.nextIdToken({ sub: newSubject() });
    const callback = await browser.fetch(authorize.headers.get('location') ?? '');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/%E3%80%82evil');
    expect(browser.cookies.has('session')).toBe(true);
  });

  it('never sends anyone to another host through a return path with dot segments', async () => {
    const sneaky = [
      '/.//evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
      '/a/..//evil.example',
    ];
    const browser = new Browser();
    const begin = await browser.fetch(
      `${app.origin}/auth/google?mode=redirect&redirectTo=${encodeURIComponent(sneaky[0] ?? '')}`,
    );
    const authorize = await fetch(begin.headers.get('location') ?? '', { redirect: 'manual' });
    fake.nextIdToken({ sub: newSubject() });
    const callback = await browser.fetch(authorize.headers.get('location') ?? '');
    expect(callback.headers.get('location')).toBe('/fed/home');
    for (const redirectTo of sneaky) {
      const query = `redirectTo=${encodeURIComponent(redirectTo)}`;
      const login = await browser.fetch(`${app.origin}/login?${query}`);
      expect(login.headers.get('location')).toBe('/fed/home');
      const data = await browser.fetch(`${app.origin}/login.data?${query}`);
      expect(await data.text()).not.toContain('evil.example');
    }
  });

  it('sends exactly one Referrer-Policy: no-referrer', async () => {
    const { response } = await signIn(new Browser(), { sub: newSubject() });
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('rate limit', () => {
  it('counts sign-in attempts, not callbacks, and answers 429 with Retry-After past the limit', async () => {
    const limitedUrl = await tempDatabaseUrl();
    const limited = await startServer(
      appEnv({ SIGN_IN_RATE_LIMIT: '3', DATABASE_URL: limitedUrl }),
    );
    try {
      // Three people's whole sign-ins (attempt and callback each) fit a limit of three.
      for (let i = 0; i < 3; i++) {
        const person = new Browser();
        fake.nextIdToken({ sub: newSubject() });
        const { result } = await finishSignIn(person, await beginSignIn(person, limited));
        expect(result.ok).toBe(true);
      }
      const browser = new Browser();
      const refused = await browser.fetch(`${limited.origin}/auth/google?mode=popup`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(popupResult(await refused.text())).toMatchObject({
        ok: false,
        message: 'too-many-requests',
      });
      expect(browser.cookies.has('sign_in')).toBe(false);
      expect(await countOf(limitedUrl, 'select count(*) as n from sign_in_attempts')).toBe(0);
      expect(await countOf(limitedUrl, 'select count(*) as n from sessions')).toBe(3);
    } finally {
      await limited.stop();
    }
  });

  it("is not spent by another site's images, and in redirect mode says why in a sentence", async () => {
    const limitedUrl = await tempDatabaseUrl();
    const limited = await startServer(
      appEnv({ SIGN_IN_RATE_LIMIT: '1', DATABASE_URL: limitedUrl }),
    );
    try {
      // `<img src="/auth/google">` on another site: such a request can never complete.
      const image = {
        'Sec-Fetch-Site': 'cross-site',
        'Sec-Fetch-Mode': 'no-cors',
        'Sec-Fetch-Dest': 'image',
      };
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${limited.origin}/auth/google`, {
          headers: image,
          redirect: 'manual',
        });
        expect(response.status).toBe(403);
      }
      expect(await countOf(limitedUrl, 'select count(*) as n from sign_in_attempts')).toBe(0);
      // A link from another site opens the sign-in as a page: that one can complete, and
      // counts. (fetch always sends `Sec-Fetch-Mode: cors`, so node:http asks.)
      const link = await new Promise<number | undefined>((resolve, reject) => {
        get(
          `${limited.origin}/auth/google?mode=redirect`,
          { headers: { ...image, 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' } },
          (response) => resolve(response.resume().statusCode),
        ).on('error', reject);
      });
      expect(link).toBe(302);
      const browser = new Browser();
      const refused = await browser.fetch(`${limited.origin}/auth/google?mode=redirect`);
      expect(refused.status).toBe(302);
      expect(refused.headers.get('location')).toBe('/login');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await flashOf(browser)).toEqual({
        type: 'error',
        message:
          'Too many sign-in attempts from your network. Wait a few minutes and try again. (too-many-requests)',
      });
    } finally {
      await limited.stop();
    }
  });

  it('lets a class of 100 behind one address start signing in with the default limit', async () => {
    const classUrl = await tempDatabaseUrl();
    const server = await startServer(appEnv({ DATABASE_URL: classUrl }));
    try {
      const statuses = await Promise.all(
        Array.from({ length: 100 }, async () => {
          const response = await fetch(`${server.origin}/auth/google?mode=popup`, {
            redirect: 'manual',
          });
          return response.status;
        }),
      );
      expect(statuses.filter((status) => status !== 302)).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});

describe('the local stand-ins', () => {
  /** A GET with any Host header (fetch would send the URL's own), as a rebound DNS name does. */
  const getWithHost = (url: string, host: string) =>
    new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      get(url, { headers: { Host: host } }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode, body }));
      }).on('error', reject);
    });

  it('answer only the Host of ORIGIN (DNS rebinding)', async () => {
    const local = await startServer({ DATABASE_URL: await tempDatabaseUrl() });
    try {
      const own = new URL(local.origin).host;
      for (const path of ['/dev-mail', '/dev-idp/.well-known/openid-configuration', '/']) {
        const rebound = await getWithHost(`${local.origin}${path}`, 'rebind.evil.example');
        expect(rebound.status, path).toBe(421);
        expect(rebound.body).not.toContain('rebind.evil.example');
        expect((await getWithHost(`${local.origin}${path}`, own)).status, path).toBe(200);
      }
      const discovery = await getWithHost(
        `${local.origin}/dev-idp/.well-known/openid-configuration`,
        own.toUpperCase(),
      );
      expect(JSON.parse(discovery.body)).toMatchObject({ issuer: `${local.origin}/dev-idp` });
    } finally {
      await local.stop();
    }
  });
});

describe('the welcome e-mail', () => {
  it('is queued with a new account, once, and a sign-in never waits for the SMTP server', async () => {
    const hanging = await startSilentServer();
    const mailUrl = await tempDatabaseUrl();
    const server = await startServer(
      appEnv({ DATABASE_URL: mailUrl, SMTP_URL: hanging.url, MAIL_FROM: 'hello@example.com' }),
    );
    const outbox = (email: string) =>
      sqlQuery<{ status: string; idempotency_key: string }>(
        mailUrl,
        'select status, idempotency_key from email_outbox where recipient = ?',
        [email],
      );
    try {
      const first = new Browser();
      const sub = newSubject();
      fake.nextIdToken({ sub, email: 'wanda@example.com', name: 'Wanda Welcome' });
      expect((await finishSignIn(first, await beginSignIn(first, server))).result.ok).toBe(true);
      // The worker is now stuck talking to a server that never answers (for up to 30 s)…
      await until(() => hanging.connections() > 0, 'the worker to start sending');
      expect(await outbox('wanda@example.com')).toEqual([
        { status: 'sending', idempotency_key: `welcome:${sub}` },
      ]);
      // …and sign-ins go on as usual: another new person, and Wanda again.
      const second = new Browser();
      fake.nextIdToken({ sub: newSubject(), email: 'xavier@example.com' });
      expect((await finishSignIn(second, await beginSignIn(second, server))).result).toMatchObject({
        ok: true,
        message: 'Account created successfully',
      });
      fake.nextIdToken({ sub, email: 'wanda@example.com', name: 'Wanda Welcome' });
      expect((await finishSignIn(first, await beginSignIn(first, server))).result).toMatchObject({
        ok: true,
        message: 'Login successfully',
      });
      expect(await outbox('wanda@example.com')).toHaveLength(1);
      expect(await outbox('xavier@example.com')).toHaveLength(1);
      expect(await outbox('wanda@example.com')).toEqual([
        { status: 'sending', idempotency_key: `welcome:${sub}` },
      ]);
    } finally {
      // The stuck send then fails at once, so the server stops without waiting for it.
      await hanging.close();
      await server.stop();
    }
  });
});
