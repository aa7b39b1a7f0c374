import { adminListener } from '~/features/admin/live-events.server';
import { changeEventStream } from '~/lib/event-stream.server';
import { requireServices } from '~/load-context';
import type { Route } from './+types/events';

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = requireServices(context);
  const listener = await adminListener(request, services);
  return changeEventStream(request, services.services.changeEvents, listener);
}
