import { publicDocumentHeaders } from '~/features/credentials/public-documents';
import { publishedKeySet } from '~/features/credentials/signing-keys.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/keys-json';

/** The public keys of every key that ever signed a credential (a JWKS): never a private part. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const keySet = await publishedKeySet(ctx.db, ctx.env.ORIGIN);
  return Response.json(keySet, { headers: publicDocumentHeaders('application/json') });
}
