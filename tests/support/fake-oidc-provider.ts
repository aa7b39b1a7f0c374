import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/** The claims the fake provider puts in an ID token. */
export interface FakeIdTokenClaims {
  iss: string;
  aud: string | string[];
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  nonce: string;
  iat: number;
  exp: number;
}

export type IdTokenOverrides = Partial<FakeIdTokenClaims> & { omit?: (keyof FakeIdTokenClaims)[] };

export interface AuthorizeRequest {
  state: string | null;
  nonce: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  redirectUri: string | null;
  clientId: string | null;
  /** The code sent back to redirect_uri (undefined when an error was sent instead). */
  code?: string;
}

export interface FakeOidcProvider {
  issuer: string;
  close: () => Promise<void>;
  /** The claims of the next ID token the token endpoint issues (merged over the defaults). */
  nextIdToken: (overrides: IdTokenOverrides) => void;
  /** The next /authorize answers `error=<error>` instead of a code. */
  nextAuthorizeError: (error: string) => void;
  /** The next /authorize sends this code (e.g. one already redeemed) instead of a fresh one. */
  nextAuthorizeCode: (code: string) => void;
  authorizeRequests: AuthorizeRequest[];
  /** How many token requests were answered, successfully or not. */
  tokenRequests: () => number;
}

interface IssuedCode {
  request: AuthorizeRequest;
  used: boolean;
}

export const DEFAULT_SUBJECT = 'fake-subject-1';

/** A tiny OpenID provider for tests: every authorization is granted at once. */
export async function startFakeOidcProvider(options: {
  clientId: string;
  clientSecret: string;
}): Promise<FakeOidcProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();
  const authorizeRequests: AuthorizeRequest[] = [];
  let pendingClaims: IdTokenOverrides | undefined;
  let pendingError: string | undefined;
  let pendingCode: string | undefined;
  let tokenRequests = 0;
  let issuer = '';

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  const authorize = (url: URL, res: ServerResponse) => {
    const params = url.searchParams;
    const request: AuthorizeRequest = {
      state: params.get('state'),
      nonce: params.get('nonce'),
      codeChallenge: params.get('code_challenge'),
      codeChallengeMethod: params.get('code_challenge_method'),
      redirectUri: params.get('redirect_uri'),
      clientId: params.get('client_id'),
    };
    authorizeRequests.push(request);
    if (!request.redirectUri) return json(res, 400, { error: 'invalid_request' });
    const target = new URL(request.redirectUri);
    if (pendingError) {
      target.searchParams.set('error', pendingError);
      pendingError = undefined;
    } else {
      const code = pendingCode ?? randomBytes(16).toString('base64url');
      pendingCode = undefined;
      request.code = code;
      if (!codes.has(code)) codes.set(code, { request, used: false });
      target.searchParams.set('code', code);
    }
    if (request.state !== null) target.searchParams.set('state', request.state);
    target.searchParams.set('iss', issuer);
    res.writeHead(302, { Location: target.href });
    res.end();
  };

  const clientAuthenticated = (header: string | undefined) => {
    const match = /^Basic (.+)$/i.exec(header ?? '');
    if (!match?.[1]) return false;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
    return (
      colon !== -1 &&
      decode(decoded.slice(0, colon)) === options.clientId &&
      decode(decoded.slice(colon + 1)) === options.clientSecret
    );
  };

  const idToken = async (request: AuthorizeRequest) => {
    const now = Math.floor(Date.now() / 1000);
    const { omit = [], ...overrides } = pendingClaims ?? {};
    pendingClaims = undefined;
    const claims: Record<string, unknown> = {
      iss: issuer,
      aud: options.clientId,
      sub: DEFAULT_SUBJECT,
      email: 'student@example.com',
      email_verified: true,
      name: 'Ada Student',
      nonce: request.nonce ?? undefined,
      iat: now,
      exp: now + 3600,
      ...overrides,
    };
    for (const name of omit) delete claims[name];
    return new SignJWT(claims as JWTPayload)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(privateKey);
  };

  const token = async (req: IncomingMessage, res: ServerResponse) => {
    tokenRequests++;
    if (!clientAuthenticated(req.headers.authorization)) {
      return json(res, 401, { error: 'invalid_client' });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    if (form.get('grant_type') !== 'authorization_code') {
      return json(res, 400, { error: 'unsupported_grant_type' });
    }
    const issued = codes.get(form.get('code') ?? '');
    if (!issued || issued.used) return json(res, 400, { error: 'invalid_grant' });
    issued.used = true;
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (
      issued.request.codeChallengeMethod !== 'S256' ||
      challenge !== issued.request.codeChallenge ||
      form.get('redirect_uri') !== issued.request.redirectUri
    ) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    json(res, 200, {
      access_token: randomBytes(24).toString('base64url'),
      token_type: 'Bearer',
      expires_in: 3600,
      id_token: await idToken(issued.request),
    });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const route = `${req.method} ${url.pathname}`;
    const handle = async () => {
      if (route === 'GET /.well-known/openid-configuration') {
        return json(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
          scopes_supported: ['openid', 'email', 'profile'],
        });
      }
      if (route === 'GET /jwks') return json(res, 200, { keys: [jwk] });
      if (route === 'GET /authorize') return authorize(url, res);
      if (route === 'POST /token') return token(req, res);
      json(res, 404, { error: 'not_found' });
    };
    handle().catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: 'server_error', detail: String(error) });
      else res.destroy();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  issuer = `http://localhost:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    authorizeRequests,
    tokenRequests: () => tokenRequests,
    nextIdToken: (overrides) => {
      pendingClaims = overrides;
    },
    nextAuthorizeError: (error) => {
      pendingError = error;
    },
    nextAuthorizeCode: (code) => {
      pendingCode = code;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
