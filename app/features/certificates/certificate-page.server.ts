import { data } from 'react-router';
import type { Certificate } from '~/db/schema';
import type { RequestContext } from '~/lib/load-context';
import {
  certificatePath,
  courseNameOf,
  formatCertificateDate,
  linkedInAddToProfileUrl,
  linkedInShareUrl,
} from './certificate-links';
import { findCertificate } from './certificates.server';

/** What `/certificates/{id}` shows anyone: never the note, the reason or who issued it. */
export interface PublicCertificate {
  id: string;
  name: string;
  courseName: string;
  cohortName: string | null;
  issuedAt: string;
  issuedOn: string;
  status: 'valid' | 'revoked';
  revokedAt: string | null;
  revokedOn: string | null;
  /** Search engines may index the page (the student chose so, and it is valid). */
  indexable: boolean;
  /** The page's absolute address. */
  url: string;
  /** Share links; null once revoked (a revoked certificate is not promoted). */
  share: { linkedInAddToProfile: string; linkedInShare: string } | null;
}

export function publicCertificate(certificate: Certificate, origin: string): PublicCertificate {
  const courseName = courseNameOf(certificate.track);
  const valid = certificate.revoked_at === null;
  const url = `${origin}${certificatePath(certificate.id)}`;
  return {
    id: certificate.id,
    name: certificate.name,
    courseName,
    cohortName: certificate.cohort_name,
    issuedAt: certificate.issued_at,
    issuedOn: formatCertificateDate(certificate.issued_at),
    status: valid ? 'valid' : 'revoked',
    revokedAt: certificate.revoked_at,
    revokedOn: certificate.revoked_at ? formatCertificateDate(certificate.revoked_at) : null,
    indexable: valid && certificate.listed === 1,
    url,
    share: valid
      ? {
          linkedInAddToProfile: linkedInAddToProfileUrl({
            id: certificate.id,
            courseName,
            issuedAt: certificate.issued_at,
            origin,
          }),
          linkedInShare: linkedInShareUrl(url),
        }
      : null,
  };
}

/** The public page's data, or the not-found page for an id that names no certificate. */
export async function loadCertificatePage(
  context: RequestContext,
  id: string,
): Promise<PublicCertificate> {
  const certificate = await findCertificate(context.services.database.db, id);
  if (!certificate) throw data(null, { status: 404 });
  return publicCertificate(certificate, context.services.env.ORIGIN);
}
