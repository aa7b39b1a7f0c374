import { data } from 'react-router';
import { CERTIFICATE_MESSAGES } from '~/features/certificates/certificate-form';
import { credentialOfCertificate } from '~/features/credentials/credentials.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/certificate-credential';

/**
 * A certificate's signed credential (Open Badges 3.0, a VC-JWT) as a file: anyone with the
 * certificate's link may download it, as anyone may see its page. 404 for an unknown id
 * and for a certificate withdrawn by its holder.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const credential = await credentialOfCertificate(ctx.db, ctx.env.ORIGIN, params.id);
  if (!credential) throw data(CERTIFICATE_MESSAGES.notFound, { status: 404 });
  return new Response(credential.jwt, {
    headers: {
      'Content-Type': credential.mediaType,
      'Content-Disposition': `attachment; filename="${credential.filename}"`,
      // Signed with the key active now: a rotation changes the file, not its validity.
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
