import { completeSignIn } from '~/features/auth/sign-in.server';
import { clearCookie, readCookie } from '~/lib/cookies.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/google-callback';
import { answerSignIn, attemptCookieName } from './sign-in-answer.server';

/**
 * `/auth/google/callback`: the attempt's cookie is cleared whatever the outcome (the attempt
 * is single use); a new session's cookie comes with a success.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const { secure } = ctx.sessionSettings;
  const cookieHeader = request.headers.get('Cookie');
  const completed = await completeSignIn(ctx, {
    url: new URL(request.url),
    attemptToken: readCookie(cookieHeader, attemptCookieName(secure)),
    cookieHeader,
    userAgent: request.headers.get('user-agent'),
  });
  const cookies = [clearCookie(attemptCookieName(secure), { secure })];
  if (completed.ok) cookies.push(completed.sessionCookie);
  const { mode, ok, message, returnTo } = completed;
  return answerSignIn(ctx, mode, { ok, message, returnTo }, cookies);
}
