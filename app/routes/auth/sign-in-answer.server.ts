import type { SignInMode } from '~/db/schema';
import { signInErrorText } from '~/features/auth/error-codes';
import type { SignInResult } from '~/features/auth/sign-in-messages';
import type { RequestContext } from '~/load-context';
import { popupResultPage } from './popup-result-page.server';

/**
 * The HTTP both halves of sign-in share, `/auth/google` and its callback (decision 077):
 * the attempt's cookie and the answer to an outcome.
 */

/** The cookie that carries an attempt's secret from `/auth/google` to its callback. */
export function attemptCookieName(secure: boolean): string {
  return secure ? '__Host-sign_in' : 'sign_in';
}

/**
 * The answer to a sign-in's outcome, never cached nor referred: in redirect mode a 302 (to
 * `returnTo`, or to /login with the sentence) with the toast's flash cookie; in the popup,
 * the page that posts the outcome to its opener, 200 or 400.
 */
export async function answerSignIn(
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
