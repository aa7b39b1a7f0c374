import { data, redirect } from 'react-router';
import { z } from '~/lib/zod';
import { getViewer } from '~/features/auth/guards.server';
import { CERTIFICATE_MESSAGES } from '~/features/certificates/certificate-form';
import { certificatePath } from '~/features/certificates/certificate-links';
import { setCertificateListed } from '~/features/certificates/certificates.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { FORM_UNREADABLE } from '~/lib/form-fields';
import { parseForm } from '~/lib/form.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/certificate-listing';

const listingSchema = z.object({
  // A checkbox: its hidden "0" comes first, the box's "1" after it when it is ticked.
  listed: z
    .union([z.string(), z.array(z.string())])
    .transform((choice) => (Array.isArray(choice) ? choice.at(-1) : choice))
    .pipe(z.enum(['0', '1'])),
  // Anything but one of this site's pages below sends the student to the course home.
  returnTo: z.string().optional().catch(undefined),
});

/** Where the student may be sent back to: a course page or the certificate's own page. */
function safeReturnTo(value: string | undefined, id: string): string {
  if (value && /^\/fed\/[a-z0-9-]+$/.test(value)) return value;
  if (value === certificatePath(id)) return value;
  return '/fed/home';
}

/**
 * The student's "Let search engines list my certificate": only its holder may change it
 * (403 for anyone else, a visitor or an admin; 404 for an unknown id; 400 for a form that
 * says neither yes nor no). Returns to the page the form was on, with a message.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const viewer = await getViewer(ctx);
  if (!viewer) throw data(CERTIFICATE_MESSAGES.notOwner, { status: 403 });
  const form = await parseForm(request, listingSchema);
  if (!form.ok) throw data(FORM_UNREADABLE, { status: 400 });
  const listed = form.data.listed === '1';
  const outcome = await setCertificateListed(ctx.db, params.id, viewer.id, listed);
  if (outcome === 'not-found') throw data(CERTIFICATE_MESSAGES.notFound, { status: 404 });
  if (outcome === 'not-owner') throw data(CERTIFICATE_MESSAGES.notOwner, { status: 403 });
  if (outcome === 'revoked') throw data(CERTIFICATE_MESSAGES.listingRevoked, { status: 409 });
  ctx.log.info(
    { event: 'certificate-listing', certificateId: params.id, by: viewer.id, listed },
    'audit',
  );
  return redirectWithFlash(ctx, safeReturnTo(form.data.returnTo, params.id), {
    type: 'success',
    message: listed ? CERTIFICATE_MESSAGES.listed : CERTIFICATE_MESSAGES.unlisted,
  });
}

/** The choice is a POST; a stray GET goes to the certificate. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(certificatePath(params.id));
}
