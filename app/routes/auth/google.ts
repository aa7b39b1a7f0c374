import { beginSignIn } from '~/features/auth/sign-in.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/google';

export function loader({ request, context }: Route.LoaderArgs) {
  return beginSignIn(request, requireServerContext(context));
}
