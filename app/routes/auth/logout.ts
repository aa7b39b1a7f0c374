import { redirect } from 'react-router';
import { signOut } from '~/features/auth/sign-in.server';
import { SIGN_IN_MESSAGES } from '~/features/auth/sign-in-messages';
import { redirectWithFlash } from '~/lib/flash.server';
import { readForm } from '~/lib/form.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/logout';

/**
 * POST `/auth/logout`: the session row and cookie go, and /login says so. With
 * `scope=all` every session of the same person ends ("Sign out of all devices").
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const everywhere = (await readForm(request))?.get('scope') === 'all';
  const cookie = await signOut(ctx, request.headers.get('Cookie'), { everywhere });
  return redirectWithFlash(
    ctx,
    '/login',
    { type: 'success', message: SIGN_IN_MESSAGES.loggedOut },
    { headers: { 'Set-Cookie': cookie } },
  );
}

/** Logging out is a POST; a stray GET just goes to the login page. */
export function loader() {
  return redirect('/login');
}
