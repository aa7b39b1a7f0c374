import { data } from 'react-router';
import { JWK_JSON, publicDocumentHeaders } from '~/features/credentials/public-documents';
import { publishedKey } from '~/features/credentials/signing-keys.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/signing-key';

/**
 * One signing key, a JWK with no private part, at the address a credential's `kid` names
 * (decision 066). The key at an address never changes, so caches may keep it for a day.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const key = await publishedKey(ctx.db, ctx.env.ORIGIN, params.thumbprint);
  if (!key) throw data('No such key', { status: 404 });
  return Response.json(key, {
    headers: { ...publicDocumentHeaders(JWK_JSON), 'Cache-Control': 'public, max-age=86400' },
  });
}
