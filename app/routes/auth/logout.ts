import { redirect } from 'react-router';
import { signOut } from '~/features/auth/sign-in.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/logout';

export function action({ request, context }: Route.ActionArgs) {
  return signOut(request, requireServerContext(context));
}

/** Logging out is a POST; a stray GET just goes to the login page. */
export function loader() {
  return redirect('/login');
}
