import { randomBytes } from 'node:crypto';
import { redirect } from 'react-router';
import { nowTimestamp, type SignInMode } from '~/db/schema';
import { clearCookie, readCookie, serializeCookie } from '~/lib/cookies.server';
import type { RequestContext } from '~/load-context';
import { consumeRateLimit } from '~/lib/rate-limit.server';
import { readForm } from '~/lib/form.server';
import { signInErrorText, toClientErrorCode } from './error-codes';
import { onSignIn } from './on-sign-in.server';
import { popupResultPage } from './popup-result-page.server';
import { endSession, hashToken, startSession } from './session.server';
import { SIGN_IN_MESSAGES, safeReturnTo, type SignInResult } from './sign-in-messages';
import { recordSignIn } from './user-records.server';

const ATTEMPT_TTL_MS = 10 * 60 * 1000;
export const RATE_LIMIT_WINDOW_MS = 10 * 60 * 1000;

function attemptCookieName(secure: boolean): string {
  return secure ? '__Host-sign_in' : 'sign_in';
}

function isSecure(context: RequestContext): boolean {
  return context.sessionSettings.secure;
}

/**
 * Whether this request could ever come back as a sign-in: a page on another site can make
 * a browser fetch `/auth/google` (`<img>`, `<iframe>`, prefetch), but the attempt cookie
 * (SameSite=Lax) is not kept from such a response, so it cannot complete. Only a request
 * from this site, or a top-level navigation (a link), can; browsers without Fetch
 * Metadata are given the benefit of the doubt.
 */
function canComplete(request: Request): boolean {
  const site = request.headers.get('Sec-Fetch-Site');
  if (site === null || site === 'same-origin' || site === 'none') return true;
  return (
    request.headers.get('Sec-Fetch-Mode') === 'navigate' &&
    request.headers.get('Sec-Fetch-Dest') === 'document'
  );
}

/**
 * Sign-in attempts (`/auth/google`) per client address per 10 minutes: each one writes an
 * attempt row and sends the browser to the provider, which is what a flood would abuse.
 * Only attempts that can complete reach it, so another site cannot spend it for everyone
 * behind a visitor's address.
 */
async function rateLimited(context: RequestContext, route: string): Promise<number | null> {
  const { allowed, retryAfterSeconds } = await consumeRateLimit(
    context.db,
    `sign-in:${context.clientAddress}`,
    context.env.SIGN_IN_RATE_LIMIT,
    RATE_LIMIT_WINDOW_MS,
  );
  if (allowed) return null;
  context.log.warn({ event: 'rate-limited', route, client: context.clientAddress }, 'security');
  return retryAfterSeconds;
}

/** 429 for the popup; in redirect mode /login with the sentence, like any failed sign-in. */
async function tooManyRequests(
  mode: SignInMode,
  retryAfterSeconds: number,
  context: RequestContext,
): Promise<Response> {
  const outcome = { ok: false, message: toClientErrorCode('rate_limited'), returnTo: '/login' };
  const response = await respond(context, mode, outcome, []);
  response.headers.set('Retry-After', String(retryAfterSeconds));
  if (mode === 'redirect') return response;
  return new Response(response.body, { status: 429, headers: response.headers });
}

/** `/auth/google`: remembers a single-use attempt and sends the browser to the provider. */
export async function beginSignIn(request: Request, context: RequestContext): Promise<Response> {
  if (!canComplete(request)) {
    return new Response('Sign-in starts from this site.', {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const params = new URL(request.url).searchParams;
  const mode: SignInMode = params.get('mode') === 'redirect' ? 'redirect' : 'popup';
  const retryAfter = await rateLimited(context, 'begin');
  if (retryAfter !== null) return tooManyRequests(mode, retryAfter, context);

  const returnTo = safeReturnTo(params.get('redirectTo'));
  const { db } = context;
  let authorization;
  try {
    authorization = await context.oidc.createAuthorizationRequest();
  } catch (error) {
    context.log.error({ err: error }, 'identity provider discovery failed');
    return respond(
      context,
      mode,
      { ok: false, message: toClientErrorCode('network_error'), returnTo },
      [],
    );
  }
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.deleteFrom('sign_in_attempts').where('expires_at', '<', nowTimestamp(now)).execute();
  await db
    .insertInto('sign_in_attempts')
    .values({
      id_hash: hashToken(token),
      state: authorization.state,
      nonce: authorization.nonce,
      code_verifier: authorization.codeVerifier,
      mode,
      return_to: returnTo,
      expires_at: nowTimestamp(new Date(now.getTime() + ATTEMPT_TTL_MS)),
    })
    .execute();
  return redirect(authorization.url.href, {
    headers: {
      'Set-Cookie': serializeCookie(attemptCookieName(isSecure(context)), token, {
        maxAgeSeconds: ATTEMPT_TTL_MS / 1000,
        secure: isSecure(context),
      }),
      'Cache-Control': 'no-store',
    },
  });
}

/** openid-client wraps oauth4webapi's error; the missing claim is named in a `cause`. */
function isMissingSubject(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if (/"sub" \(subject\) claim missing/.test(cause.message)) return true;
    cause = cause.cause;
  }
  return false;
}

function providerErrorCode(error: unknown): string {
  if (error instanceof Error) {
    const withCode = error as Error & { error?: unknown; code?: unknown };
    if (typeof withCode.error === 'string') return withCode.error;
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
    if (error instanceof TypeError) return 'network_error';
    if (typeof withCode.code === 'string') return withCode.code;
  }
  return 'internal_error';
}

/**
 * `/auth/google/callback`: consumes the attempt (whatever the outcome), exchanges the code,
 * records the user and starts a fresh session. `onSignIn` runs in the transaction that
 * records the sign-in (the welcome e-mail of a new account, an invitation's claim).
 */
export async function completeSignIn(request: Request, context: RequestContext): Promise<Response> {
  // Not counted against the limit: a callback only completes an attempt that a counted
  // `/auth/google` made (single use), so counting both halved what a classroom could do.
  const secure = isSecure(context);
  const { db } = context;
  const cookieHeader = request.headers.get('Cookie');
  const token = readCookie(cookieHeader, attemptCookieName(secure));
  const attempt = token
    ? await db
        .deleteFrom('sign_in_attempts')
        .where('id_hash', '=', hashToken(token))
        .returningAll()
        .executeTakeFirst()
    : undefined;
  const cookies = [clearCookie(attemptCookieName(secure), { secure })];
  const mode = attempt?.mode ?? 'popup';
  const returnTo = attempt?.return_to ?? '/fed/home';
  const fail = (reason: string, message = toClientErrorCode(reason)) => {
    context.log.warn(
      { event: 'sign-in-failed', reason, client: context.clientAddress },
      'security',
    );
    return respond(context, mode, { ok: false, message, returnTo }, cookies);
  };

  const url = new URL(request.url);
  if (!attempt || attempt.expires_at < nowTimestamp()) return fail('invalid_state');
  const providerError = url.searchParams.get('error');
  if (providerError) return fail(providerError);
  if (url.searchParams.get('state') !== attempt.state) return fail('invalid_state');

  let claims;
  try {
    claims = await context.oidc.exchangeCode(url, {
      state: attempt.state,
      nonce: attempt.nonce,
      codeVerifier: attempt.code_verifier,
    });
  } catch (error) {
    if (isMissingSubject(error)) return fail('missing_subject', SIGN_IN_MESSAGES.noUserData);
    return fail(providerErrorCode(error));
  }
  if (!claims.sub) return fail('missing_subject', SIGN_IN_MESSAGES.noUserData);

  const { user, created } = await recordSignIn(
    db,
    { ...claims, sub: claims.sub },
    context.env.ADMIN_EMAILS,
    onSignIn,
  );
  // Whatever onSignIn queued is committed now: send it without waiting for the next poll.
  context.mail.wakeWorker();
  cookies.push(
    await startSession(db, user.id, cookieHeader, context.sessionSettings, {
      userAgent: request.headers.get('user-agent'),
    }),
  );
  context.log.info({ event: 'sign-in', userId: user.id, created }, 'security');
  context.changeEvents.publish({ collection: 'users', id: user.id });
  const message = created ? SIGN_IN_MESSAGES.accountCreated : SIGN_IN_MESSAGES.loggedIn;
  return respond(context, mode, { ok: true, message, returnTo }, cookies);
}

async function respond(
  context: RequestContext,
  mode: SignInMode,
  outcome: Omit<SignInResult, 'type'>,
  cookies: string[],
): Promise<Response> {
  const result: SignInResult = { type: 'sign-in-result', ...outcome };
  const headers = new Headers({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  if (mode === 'redirect') {
    headers.append(
      'Set-Cookie',
      await context.flash.serialize(
        result.ok
          ? { type: 'success', message: result.message }
          : { type: 'error', message: signInErrorText(result.message) },
      ),
    );
    headers.set('Location', result.ok ? result.returnTo : '/login');
    return new Response(null, { status: 302, headers });
  }
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(popupResultPage(result, context.env.ORIGIN, context.cspNonce), {
    status: result.ok ? 200 : 400,
    headers,
  });
}

/**
 * POST `/auth/logout`: the session row and cookie go, and /login says so. With
 * `scope=all` every session of the same person ends ("Sign out of all devices").
 */
export async function signOut(request: Request, context: RequestContext): Promise<Response> {
  const { sessionSettings } = context;
  const everywhere = (await readForm(request))?.get('scope') === 'all';
  const { cookie, userId } = await endSession(
    context.db,
    request.headers.get('Cookie'),
    sessionSettings,
    { everywhere },
  );
  context.log.info({ event: everywhere ? 'logout-everywhere' : 'logout' }, 'security');
  // Open admin event streams of this person, on every instance, re-check their session now.
  if (userId) context.changeEvents.publish({ collection: 'sessions', id: userId });
  const headers = new Headers({ Location: '/login' });
  headers.append('Set-Cookie', cookie);
  headers.append(
    'Set-Cookie',
    await context.flash.serialize({
      type: 'success',
      message: SIGN_IN_MESSAGES.loggedOut,
    }),
  );
  return new Response(null, { status: 302, headers });
}
