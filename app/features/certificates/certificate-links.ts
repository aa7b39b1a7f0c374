import { site } from '~/content/site';
import type { Track } from '~/db/schema';
import { formatDayUtc } from '~/lib/format';

/** The course a certificate is for, as printed on it. */
export const TRACK_COURSE_NAMES: Record<Track, string> = {
  frontend: 'FrontEnd Developer Bootcamp',
  fullstack: 'FullStack Developer Bootcamp',
};

export function courseNameOf(track: string): string {
  return TRACK_COURSE_NAMES[track as Track] ?? TRACK_COURSE_NAMES.frontend;
}

/** The share image of every certificate page (public/media). */
export const CERTIFICATE_SHARE_IMAGE = '/media/certificate-share.png';

export function certificatePath(id: string): string {
  return `/certificates/${encodeURIComponent(id)}`;
}

/** The page that opens the print dialog once it has loaded. */
export function certificatePrintPath(id: string): string {
  return `${certificatePath(id)}?print=1`;
}

export function certificateListingPath(id: string): string {
  return `${certificatePath(id)}/listing`;
}

export interface LinkedInCertification {
  id: string;
  courseName: string;
  /** ISO timestamp of the issue. */
  issuedAt: string;
  /** The site's origin, for the certificate's absolute address. */
  origin: string;
}

/**
 * LinkedIn's "Add to profile" link for a certification: the form on LinkedIn opens filled
 * in with the course, the academy, the month of issue, the address and the id.
 */
export function linkedInAddToProfileUrl(certificate: LinkedInCertification): string {
  const issued = new Date(certificate.issuedAt);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.courseName,
    organizationName: site.name,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: `${certificate.origin}${certificatePath(certificate.id)}`,
    certId: certificate.id,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}

/** LinkedIn's share dialog for a page's address (the page's Open Graph tags make the card). */
export function linkedInShareUrl(pageUrl: string): string {
  return `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url: pageUrl }).toString()}`;
}

/** `22 November 2026`: how a certificate prints its dates (UTC, the same on server and client). */
export function formatCertificateDate(timestamp: string): string {
  return formatDayUtc(timestamp, 'long');
}
