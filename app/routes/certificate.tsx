import { data, isRouteErrorResponse, useRouteError } from 'react-router';
import { site } from '~/content/site';
import {
  CERTIFICATE_SHARE_IMAGE,
  certificatePath,
} from '~/features/certificates/certificate-links';
import { findCertificate, publicCertificate } from '~/features/certificates/certificates.server';
import { CertificateView } from '~/features/certificates/certificate-view';
import {
  credentialPath,
  ISSUER_KEYS_PATH,
  STATUS_LIST_PATH,
} from '~/features/credentials/credential-links';
import { checkCertificateCredential } from '~/features/credentials/credentials.server';
import type { CredentialOnPage } from '~/features/credentials/credential-view';
import { requireServerContext } from '~/load-context';
import { rootDataFromMatches } from '~/root-data';
import { pageMeta, privatePageMeta } from '~/lib/seo';
import { NotFound } from '~/features/marketing/not-found';
import type { Route } from './+types/certificate';

/**
 * A certificate anyone can check by its link: no sign-in. Its credential is checked here, by
 * the code a verifier would run, so the page says what the signature and the status list say.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const { db } = ctx;
  const origin = ctx.env.ORIGIN;
  const found = await findCertificate(db, params.id);
  if (!found) throw data(null, { status: 404 });
  const check = await checkCertificateCredential(db, origin, found);
  const certificate = publicCertificate(found, origin);
  const valid = certificate.status === 'valid';
  const credential: CredentialOnPage = {
    // A revoked certificate is not promoted: its file stays at its address for whoever has
    // the link, but the page no longer offers it.
    downloadPath: check.signatureVerified !== null && valid ? credentialPath(found.id) : null,
    // A certificate its holder withdrew has no credential left to check (decision 051).
    signatureVerified: check.signatureVerified,
    revoked: check.revoked || !valid,
    keysUrl: `${origin}${ISSUER_KEYS_PATH}`,
    statusListUrl: `${origin}${STATUS_LIST_PATH}`,
  };
  // Search engines index the page only when its student chose so (and it is valid).
  const headers: Record<string, string> = certificate.indexable
    ? {}
    : { 'X-Robots-Tag': 'noindex' };
  return data({ certificate, credential }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const robots = loaderHeaders.get('X-Robots-Tag');
  if (robots) headers.set('X-Robots-Tag', robots);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) {
    return privatePageMeta(`Certificate not found | ${site.shortName}`);
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
    path: certificatePath(certificate.id),
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
  return (
    <CertificateView certificate={loaderData.certificate} credential={loaderData.credential} />
  );
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
