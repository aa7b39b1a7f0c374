import type { ChangeListener } from '~/lib/event-stream.server';
import type { RequestContext } from '~/load-context';
import { signedInListener } from '~/features/auth/change-listener.server';
import { canReview } from '~/features/projects/submissions.server';

/**
 * Who listens on `/events`, for a signed-in person's own pages: anyone signed in, who hears
 * a `change` event when their own record changes (an admin approved their transfer, changed
 * their access or cohort), so the page they have open shows it without a reload; and, for a
 * reviewer, when a student they may review sends or gets a review of a project (the Mentor
 * entry's count). Whether they may is asked of the database for each event, so a mentor
 * removed from a cohort stops hearing of its students at once. Nobody else's changes are
 * sent.
 */
export function ownListener(
  request: Request,
  context: RequestContext,
): Promise<ChangeListener | null> {
  const { db } = context;
  return signedInListener(request, context, {
    mayListen: () => true,
    hears: (event, viewer) => {
      if (event.collection === 'submissions') return canReview(db, viewer.id, event.id);
      return event.collection === 'users' && event.id === viewer.id;
    },
  });
}
