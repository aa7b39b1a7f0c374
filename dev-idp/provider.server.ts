/**
 * Local OpenID Connect provider that stands in for Google on laptops and in tests
 * (DESIGN.md §5). It is mounted inside the main Express app under the issuer's path:
 *
 *   const { handler } = createDevProvider({ issuer: 'http://localhost:3000/dev-idp', ... });
 *   app.use('/dev-idp', handler);
 *
 * The caller is responsible for refusing to start it unless the site's origin is a
 * loopback address. Everything is kept in memory and lost on restart. Load it with
 * `loadDevProvider()`, so that a server signing in with Google never loads oidc-provider.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as oidc from 'oidc-provider';
import { normalizeEmail, subjectForEmail } from './subject.ts';
import type {
  Adapter,
  AdapterPayload,
  Configuration,
  Interaction,
  KoaContextWithOIDC,
  Provider,
} from 'oidc-provider';

export interface DevProviderOptions {
  /** e.g. 'http://localhost:3000/dev-idp'; its path must be where the handler is mounted. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** e.g. ['http://localhost:3000/auth/google/callback'] */
  redirectUris: string[];
  /** Secrets used to sign the provider's cookies (at least one). */
  cookieKeys: string[];
  /** Trust X-Forwarded-* headers (only behind a trusted reverse proxy). Default false. */
  proxy?: boolean;
  /** Called with unexpected errors (the provider itself never logs). */
  onError?: (error: unknown) => void;
}

export interface DevProvider {
  /** Node request listener for Express: `app.use('/dev-idp', handler)`. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  provider: Provider;
}

/** Scopes granted automatically on sign-in (there is no consent screen). */
const GRANTED_SCOPE = 'openid email profile';
const MAX_FIELD_LENGTH = 200;
const MAX_BODY_BYTES = 8 * 1024;
// The WHATWG definition of a valid e-mail address (what <input type=email> accepts).
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** In-memory storage for one provider instance (the library's own one warns on every start). */
function createMemoryAdapter(): new (name: string) => Adapter {
  const entries = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const grantKeys = new Map<string, Set<string>>();
  const sessionUids = new Map<string, string>();
  let writes = 0;

  const alive = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const prune = () => {
    const now = Date.now();
    for (const [key, entry] of entries) {
      if (entry.expiresAt <= now) entries.delete(key);
    }
    for (const [uid, key] of sessionUids) {
      if (!entries.has(key)) sessionUids.delete(uid);
    }
    for (const [grantId, keys] of grantKeys) {
      for (const key of keys) if (!entries.has(key)) keys.delete(key);
      if (keys.size === 0) grantKeys.delete(grantId);
    }
  };

  return class MemoryAdapter implements Adapter {
    readonly #name: string;

    constructor(name: string) {
      this.#name = name;
    }

    #key(id: string) {
      return `${this.#name}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const key = this.#key(id);
      const seconds = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 14 * 24 * 3600;
      entries.set(key, {
        payload: structuredClone(payload),
        expiresAt: Date.now() + seconds * 1000,
      });
      if (this.#name === 'Session' && typeof payload.uid === 'string') {
        sessionUids.set(payload.uid, key);
      }
      if (typeof payload.grantId === 'string') {
        const keys = grantKeys.get(payload.grantId) ?? new Set<string>();
        keys.add(key);
        grantKeys.set(payload.grantId, keys);
      }
      if (++writes % 200 === 0) prune();
    }

    async find(id: string) {
      const entry = alive(this.#key(id));
      return entry ? structuredClone(entry.payload) : undefined;
    }

    async findByUid(uid: string) {
      const key = sessionUids.get(uid);
      const entry = key === undefined ? undefined : alive(key);
      return entry ? structuredClone(entry.payload) : undefined;
    }

    async findByUserCode(userCode: string) {
      for (const [key, entry] of entries) {
        if (key.startsWith(`${this.#name}:`) && entry.payload.userCode === userCode && alive(key)) {
          return structuredClone(entry.payload);
        }
      }
      return undefined;
    }

    async consume(id: string) {
      const entry = alive(this.#key(id));
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string) {
      entries.delete(this.#key(id));
    }

    async revokeByGrantId(grantId: string) {
      for (const key of grantKeys.get(grantId) ?? []) entries.delete(key);
      grantKeys.delete(grantId);
    }
  };
}

// ---------------------------------------------------------------------------
// HTML

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:16px;line-height:1.5;color:#1f2933;background:#f4f5f7}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;padding:24px 16px}
main{width:100%;max-width:420px;background:#fff;border:1px solid #d9dde3;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.badge{display:inline-block;margin:0 0 12px;padding:2px 10px;border-radius:999px;background:#fff4d6;color:#6b4a00;font-size:.8125rem;font-weight:600;border:1px solid #e9c46a}
h1{margin:0 0 8px;font-size:1.375rem;line-height:1.3}
p{margin:0 0 16px}
.note{color:#4a5563;font-size:.9375rem}
.error{padding:10px 12px;border-radius:8px;background:#fdecec;border:1px solid #e5a3a3;color:#8a1c1c;font-weight:500}
label{display:block;font-weight:600;margin:0 0 4px}
input{display:block;width:100%;margin:0 0 16px;padding:10px 12px;font:inherit;color:inherit;background:#fff;border:1px solid #8b95a1;border-radius:8px}
input[aria-invalid="true"]{border-color:#b42318}
.actions{display:flex;gap:12px;margin-top:8px}
button{flex:1;padding:10px 16px;font:inherit;font-weight:600;border-radius:8px;cursor:pointer;border:1px solid transparent}
.primary{background:#1a56db;color:#fff}
.primary:hover{background:#1646b8}
.secondary{background:#fff;color:#1f2933;border-color:#8b95a1}
.secondary:hover{background:#f0f2f5}
input:focus-visible,button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
code{font-size:.875rem}
@media (prefers-reduced-motion:no-preference){button{transition:background-color .15s}}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const BADGE = '<p class="badge">Local development provider</p>';

interface FormState {
  email: string;
  name: string;
  error?: string;
  invalidField?: 'email' | 'name';
}

function loginPage(actionBase: string, state: FormState): string {
  const errorId = 'form-error';
  const fieldAttrs = (field: 'email' | 'name') =>
    state.error && state.invalidField === field
      ? ` aria-invalid="true" aria-describedby="${errorId}"`
      : '';
  const error = state.error
    ? `<p class="error" role="alert" id="${errorId}">${escapeHtml(state.error)}</p>`
    : '';
  return page(
    'Local development sign-in',
    `${BADGE}
<h1>Local development sign-in</h1>
<p class="note">This page stands in for Google on this machine. Enter any e-mail address and name to sign in as that person. It must never be used in production.</p>
${error}
<form method="post" action="${escapeHtml(`${actionBase}/login`)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" required maxlength="${MAX_FIELD_LENGTH}" autocomplete="email" spellcheck="false" value="${escapeHtml(state.email)}"${fieldAttrs('email')}${state.invalidField === 'name' ? '' : ' autofocus'}>
<label for="name">Display name</label>
<input id="name" name="name" type="text" required maxlength="${MAX_FIELD_LENGTH}" autocomplete="name" value="${escapeHtml(state.name)}"${fieldAttrs('name')}${state.invalidField === 'name' ? ' autofocus' : ''}>
<div class="actions">
<button type="submit" class="primary">Sign in</button>
<button type="submit" class="secondary" formaction="${escapeHtml(`${actionBase}/cancel`)}" formnovalidate>Cancel</button>
</div>
</form>`,
  );
}

function messagePage(title: string, message: string): string {
  return page(
    title,
    `${BADGE}
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p class="note">Close this window and start the sign-in again.</p>`,
  );
}

// ---------------------------------------------------------------------------
// Request helpers

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/x-www-form-urlencoded') {
    return Promise.reject(
      new HttpError(415, 'Expected an application/x-www-form-urlencoded form.'),
    );
  }
  // If an upstream body parser already consumed the stream, use what it parsed.
  const parsed = (req as IncomingMessage & { body?: unknown }).body;
  if (!req.readable && parsed && typeof parsed === 'object') {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string') params.append(key, value);
    }
    return Promise.resolve(params);
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    req.resume();
    return Promise.reject(new HttpError(413, 'The form is too large.'));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        done = true;
        chunks.length = 0;
        req.resume();
        reject(new HttpError(413, 'The form is too large.'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    });
    req.on('error', (error) => {
      if (done) return;
      done = true;
      reject(error);
    });
  });
}

function validate(form: URLSearchParams): { email: string; name: string } | FormState {
  const rawEmail = form.get('email') ?? '';
  const rawName = form.get('name') ?? '';
  const email = normalizeEmail(rawEmail);
  const name = rawName.trim();
  const state = {
    email: rawEmail.slice(0, MAX_FIELD_LENGTH * 2),
    name: rawName.slice(0, MAX_FIELD_LENGTH * 2),
  };
  // The form comes back as it was typed, with the one message beside the field it is about.
  const refused = (error: string, invalidField: 'email' | 'name'): FormState => ({
    ...state,
    error,
    invalidField,
  });
  if (!email) return refused('Enter an email address.', 'email');
  if (email.length > MAX_FIELD_LENGTH) {
    return refused(`The email address must be at most ${MAX_FIELD_LENGTH} characters.`, 'email');
  }
  if (!EMAIL_PATTERN.test(email)) {
    return refused('Enter a valid email address, like name@example.com.', 'email');
  }
  if (!name) return refused('Enter a display name.', 'name');
  if (name.length > MAX_FIELD_LENGTH) {
    return refused(`The display name must be at most ${MAX_FIELD_LENGTH} characters.`, 'name');
  }
  if (CONTROL_CHARACTERS.test(name)) {
    return refused('The display name contains characters that are not allowed.', 'name');
  }
  return { email, name };
}

// ---------------------------------------------------------------------------

export function createDevProvider(options: DevProviderOptions): DevProvider {
  const issuerUrl = new URL(options.issuer);
  if (issuerUrl.search || issuerUrl.hash)
    throw new TypeError('issuer must not have a query or fragment');
  if (options.cookieKeys.length === 0)
    throw new TypeError('cookieKeys must contain at least one secret');
  if (options.redirectUris.length === 0)
    throw new TypeError('redirectUris must contain at least one URI');
  // Path the handler is mounted at ('' when the issuer is an origin).
  const mountPath = issuerUrl.pathname.replace(/\/+$/, '');
  const formActionSources = [
    "'self'",
    ...new Set(options.redirectUris.map((uri) => new URL(uri).origin)),
  ].join(' ');
  const contentSecurityPolicy = `default-src 'none'; style-src 'unsafe-inline'; form-action ${formActionSources}; base-uri 'none'; frame-ancestors 'none'`;

  const accounts = new Map<string, { email: string; name: string }>();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomUUID(),
    alg: 'RS256',
    use: 'sig',
  };

  const policy = oidc.interactionPolicy.base();
  // Always show the sign-in form (like an account chooser) instead of silently reusing
  // the previous sign-in, so a developer can switch users from the same browser.
  policy
    .get('login')
    ?.checks.push(
      new oidc.interactionPolicy.Check(
        'dev_always_sign_in',
        'End-User authentication is required',
        (ctx) =>
          ctx.oidc.result?.login
            ? oidc.interactionPolicy.Check.NO_NEED_TO_PROMPT
            : oidc.interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const sendHtml = (res: ServerResponse, status: number, html: string) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', contentSecurityPolicy);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Length', Buffer.byteLength(html));
    res.end(html);
  };

  const configuration: Configuration = {
    adapter: createMemoryAdapter(),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [...options.redirectUris],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: {
      keys: [...options.cookieKeys],
      // Distinct names so they never collide with the site's cookies on localhost.
      names: {
        session: 'dev_idp_session',
        interaction: 'dev_idp_interaction',
        resume: 'dev_idp_resume',
      },
      long: { httpOnly: true, sameSite: 'lax', path: mountPath || '/' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    scopes: ['openid'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction: Interaction) =>
        `${mountPath}/interaction/${interaction.uid}`,
      policy,
    },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: account.email, email_verified: true, name: account.name }),
      };
    },
    renderError: (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.set('Content-Security-Policy', contentSecurityPolicy);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = messagePage(
        'Sign-in failed',
        out.error_description ? `${out.error}: ${out.error_description}` : out.error,
      );
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      BackchannelAuthenticationRequest: 600,
      ClientCredentials: 600,
      DeviceCode: 600,
      Grant: 3600,
      IdToken: 600,
      Interaction: 900,
      PreAuthorizedCode: 600,
      RefreshToken: 3600,
      Session: 3600,
    },
  };

  const provider = new oidc.Provider(options.issuer, configuration);
  provider.proxy = options.proxy ?? false;
  const report = (error: unknown) => {
    try {
      options.onError?.(error);
    } catch {
      // The reporter must not break request handling.
    }
  };
  // Listening for 'error' also stops Koa from printing errors to the console. It is Koa's
  // event (the provider is a Koa app), which the provider's type map does not list.
  (provider as unknown as EventEmitter).on('error', (error: unknown) => report(error));
  provider.on('server_error', (_ctx: unknown, error: unknown) => report(error));
  const callback = provider.callback();

  /** Loads the interaction named in the URL; it must match the interaction cookie. */
  const loadInteraction = async (req: IncomingMessage, res: ServerResponse, uid: string) => {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(req, res);
    } catch (error) {
      if (error instanceof oidc.errors.SessionNotFound) {
        throw new HttpError(400, 'This sign-in request has expired or was already used.');
      }
      throw error;
    }
    if (interaction.uid !== uid) {
      throw new HttpError(400, 'This sign-in request does not match the one in progress.');
    }
    return interaction;
  };

  const grantAll = async (interaction: Interaction, accountId: string) => {
    const clientId = interaction.params.client_id;
    if (typeof clientId !== 'string') throw new Error('interaction without client_id');
    const grant = new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(GRANTED_SCOPE);
    return grant.save();
  };

  const showForm = async (req: IncomingMessage, res: ServerResponse, uid: string) => {
    const interaction = await loadInteraction(req, res, uid);
    const actionBase = `${mountPath}/interaction/${encodeURIComponent(uid)}`;
    if (interaction.prompt.name !== 'login') {
      // Only reachable when a signed-in session lacks a grant: grant it without asking.
      const accountId = interaction.session?.accountId;
      if (!accountId) throw new HttpError(400, 'This sign-in request cannot be completed.');
      const grantId = await grantAll(interaction, accountId);
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return;
    }
    const hint = interaction.params.login_hint;
    const email = typeof hint === 'string' && hint.length <= MAX_FIELD_LENGTH ? hint : '';
    sendHtml(res, 200, loginPage(actionBase, { email, name: '' }));
  };

  const signIn = async (req: IncomingMessage, res: ServerResponse, uid: string) => {
    const interaction = await loadInteraction(req, res, uid);
    const form = await readForm(req);
    const input = validate(form);
    if ('error' in input) {
      sendHtml(res, 400, loginPage(`${mountPath}/interaction/${encodeURIComponent(uid)}`, input));
      return;
    }
    const accountId = subjectForEmail(input.email);
    accounts.set(accountId, { email: input.email, name: input.name });

    // Drop any earlier sign-in in this browser so signing in as someone else does not
    // end on oidc-provider's logout confirmation page.
    if (interaction.session?.uid) {
      const session = await provider.Session.findByUid(interaction.session.uid);
      await session?.destroy();
      delete interaction.session;
      await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
    }

    const grantId = await grantAll(interaction, accountId);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId, remember: false }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };

  const cancel = async (req: IncomingMessage, res: ServerResponse, uid: string) => {
    await loadInteraction(req, res, uid);
    await readForm(req).catch((error: unknown) => {
      // The form content does not matter for a cancel, but the size cap still does.
      if (error instanceof HttpError && error.status === 413) throw error;
    });
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
      { mergeWithLastSubmission: false },
    );
  };

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const match = /^\/interaction\/([A-Za-z0-9_-]{1,64})(?:\/(login|cancel))?\/?$/.exec(path);
    if (!match) return false;
    const uid = match[1] ?? '';
    const action = match[2];
    res.setHeader('Cache-Control', 'no-store');
    if (!action) {
      if (req.method !== 'GET' && req.method !== 'HEAD')
        throw new HttpError(405, 'Method not allowed.');
      await showForm(req, res, uid);
    } else {
      if (req.method !== 'POST') throw new HttpError(405, 'Method not allowed.');
      await (action === 'login' ? signIn(req, res, uid) : cancel(req, res, uid));
    }
    return true;
  };

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    // Any COOP on the pages of the sign-in popup cuts it off from its opener (DESIGN.md §5).
    res.removeHeader('Cross-Origin-Opener-Policy');
    route(req, res)
      .then((handled) => (handled ? undefined : callback(req, res)))
      .catch((error: unknown) => {
        if (res.headersSent) {
          report(error);
          res.destroy();
          return;
        }
        if (error instanceof HttpError) {
          if (error.status === 405)
            res.setHeader(
              'Allow',
              req.url?.match(/\/(login|cancel)\/?(\?|$)/) ? 'POST' : 'GET, HEAD',
            );
          if (error.status === 413 || error.status === 415) res.setHeader('Connection', 'close');
          sendHtml(res, error.status, messagePage('Sign-in failed', error.message));
          return;
        }
        report(error);
        res.statusCode = 500;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end('The local development sign-in provider failed.');
      });
  };

  return { handler, provider };
}
