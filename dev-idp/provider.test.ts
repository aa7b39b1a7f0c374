import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import express from 'express';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadDevProvider } from './load-provider.ts';

import { subjectForEmail } from './subject.ts';

const { createDevProvider } = await loadDevProvider();

const CLIENT_ID = 'site';
const CLIENT_SECRET = 'dev-client-secret-for-tests';

/** A small cookie jar that honours cookie paths, like a browser on one host. */
class CookieJar {
  readonly #cookies = new Map<string, { name: string; value: string; path: string }>();

  store(response: Response, requestUrl: URL) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = requestUrl.pathname.replace(/\/[^/]*$/, '') || '/';
      let expired = false;
      for (const attribute of attributes) {
        const [key = '', attrValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attrValue;
        if (key.toLowerCase() === 'expires' && Date.parse(attrValue) <= Date.now()) expired = true;
        if (key.toLowerCase() === 'max-age' && Number(attrValue) <= 0) expired = true;
      }
      const key = `${name};${path}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, path });
    }
  }

  header(url: URL): string {
    return [...this.#cookies.values()]
      .filter(
        ({ path }) =>
          url.pathname === path || url.pathname.startsWith(path.endsWith('/') ? path : `${path}/`),
      )
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
  }

  paths(prefix: string): string[] {
    return [...this.#cookies.values()]
      .filter(({ name }) => name.startsWith(prefix))
      .map(({ path }) => path);
  }
}

let server: Server;
let origin: string;
let issuer: string;
let redirectUri: string;
let config: client.Configuration;

async function request(jar: CookieJar, url: string | URL, init: RequestInit = {}) {
  const target = new URL(url);
  const cookie = jar.header(target);
  const headers = new Headers(init.headers);
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(target, { ...init, headers, redirect: 'manual' });
  jar.store(response, target);
  return response;
}

/** Follows redirects (as GETs) until a page is returned or the client's redirect URI is reached. */
async function follow(jar: CookieJar, response: Response, from: URL) {
  let current = response;
  let url = from;
  for (let hops = 0; hops < 10; hops++) {
    const location = current.headers.get('location');
    if (current.status < 300 || current.status >= 400 || !location)
      return { response: current, url };
    url = new URL(location, url);
    if (url.href.startsWith(redirectUri)) return { response: current, url };
    current = await request(jar, url);
  }
  throw new Error('too many redirects');
}

async function startSignIn(jar: CookieJar) {
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const state = client.randomState();
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    nonce,
    state,
  });
  const { response, url } = await follow(
    jar,
    await request(jar, authorizationUrl),
    authorizationUrl,
  );
  expect(response.status).toBe(200);
  expect(url.pathname).toMatch(/^\/dev-idp\/interaction\/[\w-]+$/);
  return { interactionUrl: url, html: await response.text(), response, codeVerifier, nonce, state };
}

function postForm(jar: CookieJar, url: URL, fields: Record<string, string>) {
  return request(jar, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

async function signIn(jar: CookieJar, email: string, name: string) {
  const flow = await startSignIn(jar);
  const loginUrl = new URL(`${flow.interactionUrl.pathname}/login`, flow.interactionUrl);
  const { url } = await follow(jar, await postForm(jar, loginUrl, { email, name }), loginUrl);
  expect(url.href.startsWith(redirectUri)).toBe(true);
  expect(url.searchParams.get('code')).toBeTruthy();
  const tokens = await client.authorizationCodeGrant(config, url, {
    pkceCodeVerifier: flow.codeVerifier,
    expectedNonce: flow.nonce,
    expectedState: flow.state,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token claims');
  return { claims, tokens, flow };
}

beforeAll(async () => {
  const app = express();
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  origin = `http://localhost:${port}`;
  issuer = `${origin}/dev-idp`;
  redirectUri = `${origin}/auth/google/callback`;
  // Mounted once the port (and so the issuer) is known; Express accepts late middleware.
  const { handler } = createDevProvider({
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [redirectUri],
    cookieKeys: ['test-cookie-key-1', 'test-cookie-key-0'],
  });
  app.use('/dev-idp', handler);
  config = await client.discovery(
    new URL(issuer),
    CLIENT_ID,
    { redirect_uris: [redirectUri], response_types: ['code'] },
    client.ClientSecretBasic(CLIENT_SECRET),
    { execute: [client.allowInsecureRequests] },
  );
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('subjectForEmail', () => {
  it('is deterministic and ignores case and surrounding whitespace', () => {
    const sub = subjectForEmail('Ada@Example.com');
    expect(sub).toMatch(/^dev-[0-9a-f]{24}$/);
    expect(subjectForEmail('  ada@example.com ')).toBe(sub);
    expect(subjectForEmail('grace@example.com')).not.toBe(sub);
  });
});

describe('local development provider', () => {
  it('serves discovery under the mount path', () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(issuer);
    expect(metadata.authorization_endpoint).toBe(`${issuer}/auth`);
    expect(metadata.token_endpoint).toBe(`${issuer}/token`);
    expect(metadata.jwks_uri).toBe(`${issuer}/jwks`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.id_token_signing_alg_values_supported).toContain('RS256');
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    );
  });

  it('renders a labelled, self-contained login page with its own CSP', async () => {
    const jar = new CookieJar();
    const { html, response } = await startSignIn(jar);
    for (const text of [
      'Email',
      'Display name',
      'Sign in',
      'Cancel',
      'Local development sign-in',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/must never be used in production/);
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="name">Display name</label>');
    expect(html).toMatch(/<input id="email" name="email" type="email" required/);
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)/);
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${origin}; base-uri 'none'; frame-ancestors 'none'`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
    // Every provider cookie stays under the mount path.
    for (const path of jar.paths('dev_idp_')) expect(path.startsWith('/dev-idp')).toBe(true);
  });

  it('signs in with an authorization code, PKCE and a nonce', async () => {
    const { claims, tokens } = await signIn(new CookieJar(), 'ada@example.com', 'Ada Lovelace');
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(claims.iss).toBe(issuer);
    expect(claims.aud).toBe(CLIENT_ID);
    expect(claims.sub).toBe(subjectForEmail('ada@example.com'));
    expect(claims.email).toBe('ada@example.com');
    expect(claims.email_verified).toBe(true);
    expect(claims.name).toBe('Ada Lovelace');
  });

  it('gives the same e-mail the same subject, and the latest display name wins', async () => {
    const jar = new CookieJar();
    const first = await signIn(jar, 'grace@example.com', 'Grace');
    const second = await signIn(jar, '  Grace@Example.COM ', 'Grace Hopper');
    expect(second.claims.sub).toBe(first.claims.sub);
    expect(second.claims.sub).toBe(subjectForEmail('grace@example.com'));
    expect(second.claims.email).toBe('grace@example.com');
    expect(second.claims.name).toBe('Grace Hopper');
    const userinfo = await client.fetchUserInfo(
      config,
      second.tokens.access_token,
      second.claims.sub,
    );
    expect(userinfo.name).toBe('Grace Hopper');
  });

  it('lets the same browser sign in as someone else', async () => {
    const jar = new CookieJar();
    const first = await signIn(jar, 'one@example.com', 'One');
    const second = await signIn(jar, 'two@example.com', 'Two');
    expect(first.claims.sub).toBe(subjectForEmail('one@example.com'));
    expect(second.claims.sub).toBe(subjectForEmail('two@example.com'));
    expect(second.claims.name).toBe('Two');
  });

  it('returns access_denied to the redirect URI on Cancel', async () => {
    const jar = new CookieJar();
    const flow = await startSignIn(jar);
    const cancelUrl = new URL(`${flow.interactionUrl.pathname}/cancel`, flow.interactionUrl);
    const { url } = await follow(
      jar,
      await postForm(jar, cancelUrl, { email: '', name: '' }),
      cancelUrl,
    );
    expect(url.href.startsWith(redirectUri)).toBe(true);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('error_description')).toBe('The user cancelled the sign-in');
    expect(url.searchParams.get('state')).toBe(flow.state);
    expect(url.searchParams.get('code')).toBeNull();
  });

  it('refuses an authorization request without a PKCE challenge', async () => {
    const jar = new CookieJar();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      nonce: client.randomNonce(),
      state: 'no-pkce',
    });
    const response = await request(jar, authorizationUrl);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '', authorizationUrl);
    expect(location.href.startsWith(redirectUri)).toBe(true);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('code')).toBeNull();
    expect(jar.paths('dev_idp_interaction')).toEqual([]);
  });

  it('re-renders the form with 400 on bad input, then still accepts a good one', async () => {
    const jar = new CookieJar();
    const flow = await startSignIn(jar);
    const loginUrl = new URL(`${flow.interactionUrl.pathname}/login`, flow.interactionUrl);
    const cases: [Record<string, string>, RegExp][] = [
      [{ email: 'not-an-email', name: 'Someone' }, /valid email address/],
      [{ name: 'Someone' }, /Enter an email address/],
      [{ email: 'someone@example.com', name: '   ' }, /Enter a display name/],
      [{ email: `${'a'.repeat(195)}@example.com`, name: 'Someone' }, /at most 200 characters/],
      [{ email: 'someone@example.com', name: 'x'.repeat(201) }, /at most 200 characters/],
    ];
    for (const [fields, message] of cases) {
      const response = await postForm(jar, loginUrl, fields);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toMatch(message);
      expect(html).toContain('role="alert"');
      expect(html).toContain('Display name');
      expect(response.headers.get('content-security-policy')).toContain("form-action 'self'");
    }
    const { url } = await follow(
      jar,
      await postForm(jar, loginUrl, { email: 'someone@example.com', name: 'Someone' }),
      loginUrl,
    );
    expect(url.searchParams.get('code')).toBeTruthy();
    expect(url.searchParams.get('state')).toBe(flow.state);
  });

  it('escapes what it echoes back', async () => {
    const jar = new CookieJar();
    const flow = await startSignIn(jar);
    const loginUrl = new URL(`${flow.interactionUrl.pathname}/login`, flow.interactionUrl);
    const response = await postForm(jar, loginUrl, { email: '"><script>x</script>', name: 'A' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('rejects form bodies over 8 KB with 413', async () => {
    const jar = new CookieJar();
    const flow = await startSignIn(jar);
    const loginUrl = new URL(`${flow.interactionUrl.pathname}/login`, flow.interactionUrl);
    const response = await postForm(jar, loginUrl, {
      email: 'a@example.com',
      name: 'n',
      pad: 'x'.repeat(9000),
    });
    expect(response.status).toBe(413);
  });

  it('refuses interaction requests without the interaction cookie', async () => {
    const jar = new CookieJar();
    const flow = await startSignIn(jar);
    const response = await postForm(new CookieJar(), new URL(`${flow.interactionUrl.href}/login`), {
      email: 'mallory@example.com',
      name: 'Mallory',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/expired or was already used/);
  });
});
