import { completeSignIn } from '~/features/auth/sign-in.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/google-callback';

export function loader({ request, context }: Route.LoaderArgs) {
  return completeSignIn(request, requireServerContext(context));
}
