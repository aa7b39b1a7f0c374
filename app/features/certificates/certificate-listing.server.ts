import { data } from 'react-router';
import { getViewer } from '~/features/auth/guards.server';
import { redirectWithFlash } from '~/lib/flash.server';
import type { RequestContext } from '~/lib/load-context';
import { FORM_UNREADABLE, readForm } from '~/lib/form.server';
import { CERTIFICATE_MESSAGES } from './certificate-form';
import { certificatePath } from './certificate-links';
import { setCertificateListed } from './certificates.server';

/** Where the student may be sent back to: a course page or the certificate's own page. */
function safeReturnTo(value: FormDataEntryValue | null, id: string): string {
  const fallback = '/fed/home';
  if (typeof value !== 'string') return fallback;
  if (/^\/fed\/[a-z0-9-]+$/.test(value)) return value;
  if (value === certificatePath(id)) return value;
  return fallback;
}

/**
 * The student's "Let search engines list my certificate": only its holder may change it
 * (403 for anyone else, a visitor or an admin; 404 for an unknown id; 400 for a form that
 * says neither yes nor no). Returns to the page the form was on, with a message.
 */
export async function updateCertificateListing(
  request: Request,
  context: RequestContext,
  id: string,
) {
  const viewer = await getViewer(context);
  if (!viewer) throw data(CERTIFICATE_MESSAGES.notOwner, { status: 403 });
  const form = await readForm(request);
  if (!form) throw data(FORM_UNREADABLE, { status: 400 });
  // A checkbox: its hidden "0" comes first, the box's "1" after it when it is ticked.
  const choice = form.getAll('listed').at(-1);
  if (choice !== '0' && choice !== '1') throw data(FORM_UNREADABLE, { status: 400 });
  const listed = choice === '1';
  const outcome = await setCertificateListed(context.services.database.db, id, viewer.id, listed);
  if (outcome === 'not-found') throw data(CERTIFICATE_MESSAGES.notFound, { status: 404 });
  if (outcome === 'not-owner') throw data(CERTIFICATE_MESSAGES.notOwner, { status: 403 });
  if (outcome === 'revoked') throw data(CERTIFICATE_MESSAGES.listingRevoked, { status: 409 });
  context.log.info(
    { event: 'certificate-listing', certificateId: id, by: viewer.id, listed },
    'audit',
  );
  return redirectWithFlash(context, safeReturnTo(form.get('returnTo'), id), {
    type: 'success',
    message: listed ? CERTIFICATE_MESSAGES.listed : CERTIFICATE_MESSAGES.unlisted,
  });
}
