import { randomBytes } from 'node:crypto';
import { nowTimestamp, type SignInMode } from '~/db/schema';
import type { RequestContext } from '~/load-context';
import { consumeRateLimit } from '~/lib/rate-limit.server';
import { toClientErrorCode } from './error-codes';
import { onSignIn } from './on-sign-in.server';
import { endSession, hashToken, startSession } from './session.server';
import { SIGN_IN_MESSAGES } from './sign-in-messages';
import { recordSignIn } from './user-records.server';

/** How long an attempt (and its cookie) lasts. */
export const ATTEMPT_TTL_MS = 10 * 60 * 1000;
export const RATE_LIMIT_WINDOW_MS = 10 * 60 * 1000;

/**
 * Sign-in attempts (`/auth/google`) per client address per 10 minutes: each one writes an
 * attempt row and sends the browser to the provider, which is what a flood would abuse.
 * Only attempts that can complete reach it (the route refuses the others first), so another
 * site cannot spend it for everyone behind a visitor's address.
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

/**
 * A sign-in that did not happen. `message` is what the browser is told: a client error code
 * (`error-codes.ts`) or one of SPEC's sentences.
 */
export interface SignInRefusal {
  ok: false;
  reason: string;
  message: string;
}

export type BeganSignIn =
  /** The provider's authorization address, and the attempt's secret for the browser's cookie. */
  | { ok: true; providerUrl: string; attemptToken: string }
  | (SignInRefusal & { reason: 'rate_limited'; retryAfterSeconds: number })
  | (SignInRefusal & { reason: 'network_error' });

/** `/auth/google`: remembers a single-use attempt and names the provider's address. */
export async function beginSignIn(
  context: RequestContext,
  attempt: { mode: SignInMode; returnTo: string },
): Promise<BeganSignIn> {
  const retryAfterSeconds = await rateLimited(context, 'begin');
  if (retryAfterSeconds !== null) {
    const reason = 'rate_limited';
    return { ok: false, reason, message: toClientErrorCode(reason), retryAfterSeconds };
  }
  const { db } = context;
  let authorization;
  try {
    authorization = await context.oidc.createAuthorizationRequest();
  } catch (error) {
    context.log.error({ err: error }, 'identity provider discovery failed');
    const reason = 'network_error';
    return { ok: false, reason, message: toClientErrorCode(reason) };
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
      mode: attempt.mode,
      return_to: attempt.returnTo,
      expires_at: nowTimestamp(new Date(now.getTime() + ATTEMPT_TTL_MS)),
    })
    .execute();
  return { ok: true, providerUrl: authorization.url.href, attemptToken: token };
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
 * How the attempt ended, and how it asked to be answered (its mode, where to go next);
 * an unknown attempt answers as a popup going to the course home.
 */
export type CompletedSignIn = { mode: SignInMode; returnTo: string } & (
  { ok: true; message: string; sessionCookie: string } | SignInRefusal
);

/**
 * `/auth/google/callback`: consumes the attempt (whatever the outcome), exchanges the code,
 * records the user and starts a fresh session. `onSignIn` runs in the transaction that
 * records the sign-in (the welcome e-mail of a new account, an invitation's claim).
 */
export async function completeSignIn(
  context: RequestContext,
  callback: {
    url: URL;
    /** The attempt cookie's secret, if the browser sent one. */
    attemptToken: string | undefined;
    cookieHeader: string | null;
    userAgent: string | null;
  },
): Promise<CompletedSignIn> {
  // Not counted against the limit: a callback only completes an attempt that a counted
  // `/auth/google` made (single use), so counting both halved what a classroom could do.
  const { db } = context;
  const { url, attemptToken } = callback;
  const attempt = attemptToken
    ? await db
        .deleteFrom('sign_in_attempts')
        .where('id_hash', '=', hashToken(attemptToken))
        .returningAll()
        .executeTakeFirst()
    : undefined;
  const mode = attempt?.mode ?? 'popup';
  const returnTo = attempt?.return_to ?? '/fed/home';
  const fail = (reason: string, message = toClientErrorCode(reason)): CompletedSignIn => {
    context.log.warn(
      { event: 'sign-in-failed', reason, client: context.clientAddress },
      'security',
    );
    return { mode, returnTo, ok: false, reason, message };
  };

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
  const sessionCookie = await startSession(
    db,
    user.id,
    callback.cookieHeader,
    context.sessionSettings,
    { userAgent: callback.userAgent },
  );
  context.log.info({ event: 'sign-in', userId: user.id, created }, 'security');
  context.changeEvents.publish({ collection: 'users', id: user.id });
  const message = created ? SIGN_IN_MESSAGES.accountCreated : SIGN_IN_MESSAGES.loggedIn;
  return { mode, returnTo, ok: true, message, sessionCookie };
}

/**
 * Logging out: the session row goes (with `everywhere`, every session of the same person:
 * "Sign out of all devices"). Returns the cookie that clears the browser's.
 */
export async function signOut(
  context: RequestContext,
  cookieHeader: string | null,
  { everywhere }: { everywhere: boolean },
): Promise<string> {
  const { cookie, userId } = await endSession(context.db, cookieHeader, context.sessionSettings, {
    everywhere,
  });
  context.log.info({ event: everywhere ? 'logout-everywhere' : 'logout' }, 'security');
  // Open event streams of this person, on every instance, re-check their session now.
  if (userId) context.changeEvents.publish({ collection: 'sessions', id: userId });
  return cookie;
}
