import { data } from 'react-router';
import { achievementDocument, isTrack } from '~/features/credentials/open-badge';
import { JSON_LD, publicDocumentHeaders } from '~/features/credentials/public-documents';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/achievement';

/** What a track's certificate attests (the credentials' `achievement.id`); 404 for another. */
export function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  if (!isTrack(params.track)) throw data('No such achievement', { status: 404 });
  return Response.json(achievementDocument(ctx.env.ORIGIN, params.track), {
    headers: publicDocumentHeaders(JSON_LD),
  });
}
