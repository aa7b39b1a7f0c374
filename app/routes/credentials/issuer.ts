import { issuerProfile } from '~/features/credentials/open-badge';
import { JSON_LD, publicDocumentHeaders } from '~/features/credentials/public-documents';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/issuer';

/** The academy as the issuer every credential names (`issuer.id`): an Open Badges Profile. */
export function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  return Response.json(issuerProfile(ctx.env.ORIGIN), {
    headers: publicDocumentHeaders(JSON_LD),
  });
}
