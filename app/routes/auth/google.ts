import { redirect } from 'react-router';
import type { SignInMode } from '~/db/schema';
import { ATTEMPT_TTL_MS, beginSignIn } from '~/features/auth/sign-in.server';
import { safeReturnTo } from '~/features/auth/sign-in-messages';
import { serializeCookie } from '~/lib/cookies.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/google';
import { answerSignIn, attemptCookieName } from './sign-in-answer.server';

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

/** `/auth/google`: remembers a single-use attempt and sends the browser to the provider. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  if (!canComplete(request)) {
    return new Response('Sign-in starts from this site.', {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const params = new URL(request.url).searchParams;
  const mode: SignInMode = params.get('mode') === 'redirect' ? 'redirect' : 'popup';
  const returnTo = safeReturnTo(params.get('redirectTo'));
  const began = await beginSignIn(ctx, { mode, returnTo });
  if (began.ok) {
    const { secure } = ctx.sessionSettings;
    return redirect(began.providerUrl, {
      headers: {
        'Set-Cookie': serializeCookie(attemptCookieName(secure), began.attemptToken, {
          maxAgeSeconds: ATTEMPT_TTL_MS / 1000,
          secure,
        }),
        'Cache-Control': 'no-store',
      },
    });
  }
  if (began.reason === 'network_error') {
    return answerSignIn(ctx, mode, { ok: false, message: began.message, returnTo }, []);
  }
  // 429 for the popup; in redirect mode /login with the sentence, like any failed sign-in.
  const response = await answerSignIn(
    ctx,
    mode,
    { ok: false, message: began.message, returnTo: '/login' },
    [],
  );
  response.headers.set('Retry-After', String(began.retryAfterSeconds));
  if (mode === 'redirect') return response;
  return new Response(response.body, { status: 429, headers: response.headers });
}
