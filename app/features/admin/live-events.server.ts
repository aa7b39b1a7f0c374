import { isLiveCollection } from '~/lib/live-collections';
import type { ChangeListener } from '~/lib/event-stream.server';
import type { RequestContext } from '~/load-context';
import { signedInListener } from '~/features/auth/change-listener.server';

/**
 * Who listens on `/admin/events`, for open admin pages: an admin, who hears a small
 * `change` event (collection and id, never user data) whenever a record of a live
 * collection is created or changed. The stream itself is `changeEventStream`.
 */
export function adminListener(
  request: Request,
  context: RequestContext,
): Promise<ChangeListener | null> {
  return signedInListener(request, context, {
    mayListen: (access) => access === 'admin',
    hears: (event) => isLiveCollection(event.collection),
  });
}
