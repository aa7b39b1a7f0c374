import { adminEventStream } from '~/features/admin/live-events.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/events';

export function loader({ request, context }: Route.LoaderArgs) {
  return adminEventStream(request, requireServerContext(context));
}
