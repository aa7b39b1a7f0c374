import { redirect } from 'react-router';
import { certificatePath } from '~/features/certificates/certificate-links';
import { updateCertificateListing } from '~/features/certificates/certificate-listing.server';
import { requireServices } from '~/lib/load-context';
import type { Route } from './+types/certificate-listing';

/** The student's choice to let search engines list their certificate: its holder only. */
export function action({ request, params, context }: Route.ActionArgs) {
  return updateCertificateListing(request, requireServices(context), params.id);
}

/** The choice is a POST; a stray GET goes to the certificate. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(certificatePath(params.id));
}
