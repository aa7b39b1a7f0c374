import { ownListener } from '~/features/account/own-events.server';
import { changeEventStream } from '~/lib/event-stream.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/events';

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const listener = await ownListener(request, ctx);
  return changeEventStream(request, ctx.changeEvents, listener);
}
