import { data, isRouteErrorResponse, useRouteError } from 'react-router';
import { site } from '~/content/site';
import { CERTIFICATE_SHARE_IMAGE } from '~/features/certificates/certificate-links';
import { findCertificate, publicCertificate } from '~/features/certificates/certificates.server';
import { CertificateView } from '~/features/certificates/certificate-view';
import { requireServices } from '~/load-context';
import { rootDataFromMatches } from '~/root-data';
import { pageMeta } from '~/lib/seo';
import { NotFound } from '~/features/marketing/not-found';
import type { Route } from './+types/certificate';

/** A certificate anyone can check by its link: no sign-in. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const found = await findCertificate(services.database.db, params.id);
  if (!found) throw data(null, { status: 404 });
  const certificate = publicCertificate(found, services.env.ORIGIN);
  // Search engines index the page only when its student chose so (and it is valid).
  const headers: Record<string, string> = certificate.indexable
    ? {}
    : { 'X-Robots-Tag': 'noindex' };
  return data({ certificate }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const robots = loaderHeaders.get('X-Robots-Tag');
  if (robots) headers.set('X-Robots-Tag', robots);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) {
    return [
      { title: `Certificate not found | ${site.shortName}` },
      { name: 'robots', content: 'noindex' },
    ];
  }
  const { certificate } = loaderData;
  const origin = rootDataFromMatches(matches)?.origin ?? '';
  const revoked = certificate.status === 'revoked';
  const holder = certificate.name ?? 'its holder';
  const description = certificate.withdrawn
    ? `This certificate of completion of the ${certificate.courseName}, issued by ${site.name}, was withdrawn by its holder on ${certificate.revokedOn}.`
    : revoked
      ? `This certificate of completion of the ${certificate.courseName}, issued by ${site.name} to ${holder}, was revoked on ${certificate.revokedOn}.`
      : `${holder} completed the ${certificate.courseName} at ${site.name}${certificate.cohortName ? ` (${certificate.cohortName})` : ''}, issued ${certificate.issuedOn}. Check that it is valid.`;
  const image = `${origin}${CERTIFICATE_SHARE_IMAGE}`;
  return pageMeta({
    title: `${certificate.name ? `${certificate.name}: ` : ''}Certificate of completion | ${site.shortName}`,
    description,
    path: `/certificates/${encodeURIComponent(certificate.id)}`,
    origin,
    siteName: site.name,
    noindex: !certificate.indexable,
  }).map((tag) =>
    'property' in tag && tag.property === 'og:image'
      ? { ...tag, content: image }
      : 'name' in tag && tag.name === 'twitter:image'
        ? { ...tag, content: image }
        : tag,
  );
};

export default function CertificatePage({ loaderData }: Route.ComponentProps) {
  return <CertificateView certificate={loaderData.certificate} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFound message="No certificate has this address. Check the link you were given, or ask its holder for it." />
    );
  }
  throw error;
}
