import { publicDocumentHeaders } from '~/features/credentials/public-documents';
import { signedStatusList } from '~/features/credentials/status-list.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/status-list';

/**
 * The revocation list of every certificate, signed (a BitstringStatusListCredential as a
 * VC-JWT). The same bytes on every instance for the same data, so caches may share it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const list = await signedStatusList(ctx.db, ctx.env.ORIGIN);
  return new Response(list, { headers: publicDocumentHeaders('application/vc+jwt') });
}
