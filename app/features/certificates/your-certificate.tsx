import { Award, ExternalLink, Linkedin, Printer, XCircle } from 'lucide-react';
import { Form, Link, useLocation } from 'react-router';
import { site } from '~/content/site';
import { credentialPath } from '~/features/credentials/credential-links';
import { DownloadCredentialLink } from '~/features/credentials/credential-view';
import { useRootData } from '~/root-data';
import { buttonClass } from '~/ui/button';
import {
  certificateListingPath,
  certificatePath,
  certificatePrintPath,
  formatCertificateDate,
  linkedInAddToProfileUrl,
} from './certificate-links';
import type { StudentCertificate } from './student-certificate.server';
import { OnOffCheckbox } from '~/ui/on-off-checkbox';

/**
 * The student's certificate on /fed/home and the conclusion step: view, print, download its
 * signed credential, add to LinkedIn, and whether search engines may list it. Nothing when
 * none was issued.
 */
export function YourCertificate({ certificate }: { certificate: StudentCertificate | null }) {
  const { origin } = useRootData();
  const { pathname } = useLocation();
  if (!certificate) return null;

  return (
    <section
      aria-labelledby="your-certificate-heading"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2
        id="your-certificate-heading"
        className="flex items-center gap-2 text-xl font-bold text-ink"
      >
        {certificate.revokedAt ? (
          <XCircle aria-hidden="true" className="h-6 w-6 text-red-700" />
        ) : (
          <Award aria-hidden="true" className="h-6 w-6 text-brand-700" />
        )}
        Your certificate
      </h2>
      {certificate.revokedAt ? (
        <div className="mt-3 space-y-2 text-slate-800">
          <p>
            Your certificate of completion of the {certificate.courseName} was revoked on{' '}
            <time dateTime={certificate.revokedAt}>
              {formatCertificateDate(certificate.revokedAt)}
            </time>
            .
          </p>
          {certificate.revokedReason && <p>{`Reason: ${certificate.revokedReason}`}</p>}
          <p>
            If you think this is a mistake, write to{' '}
            <a href={site.email.href} className="font-semibold text-brand-700 underline">
              {site.email.display}
            </a>
            .
          </p>
        </div>
      ) : (
        <>
          <p className="mt-3 text-slate-800">
            Congratulations, {certificate.name}! Your certificate of completion of the{' '}
            {certificate.courseName}
            {certificate.cohortName ? ` (${certificate.cohortName})` : ''} was issued on{' '}
            <time dateTime={certificate.issuedAt}>
              {formatCertificateDate(certificate.issuedAt)}
            </time>
            . Anyone with its link can check that it is valid.
          </p>
          <p className="mt-2 text-slate-800">
            Its credential is the same certificate as a file signed by {site.name} (Open Badges
            3.0): keep it in a digital wallet or send it to an employer, who can check it without
            asking us.
          </p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link to={certificatePath(certificate.id)} className={buttonClass('primary')}>
              View your certificate
            </Link>
            <a href={certificatePrintPath(certificate.id)} className={buttonClass('secondary')}>
              <Printer aria-hidden="true" className="h-4 w-4" />
              Print your certificate
            </a>
            <DownloadCredentialLink
              path={credentialPath(certificate.id)}
              className={buttonClass('secondary')}
            >
              Download your credential
            </DownloadCredentialLink>
            <a
              href={linkedInAddToProfileUrl({
                id: certificate.id,
                courseName: certificate.courseName,
                issuedAt: certificate.issuedAt,
                origin,
              })}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary')}
            >
              <Linkedin aria-hidden="true" className="h-4 w-4" />
              Add to LinkedIn profile
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
          <Form
            method="post"
            action={certificateListingPath(certificate.id)}
            // A plain POST and a full page back: the answer is a redirect with a message.
            reloadDocument
            className="mt-6 rounded-xl bg-slate-50 p-4"
          >
            <input type="hidden" name="returnTo" value={pathname} />
            <div className="flex items-start gap-3">
              <OnOffCheckbox
                id="certificate-listed"
                name="listed"
                defaultChecked={certificate.listed}
                aria-describedby="certificate-listed-hint"
                className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
              />
              <div>
                <label htmlFor="certificate-listed" className="font-semibold text-ink">
                  Let search engines list my certificate
                </label>
                <p id="certificate-listed-hint" className="text-sm text-slate-700">
                  Off by default: your certificate can always be checked by its link, but search
                  engines leave it out of their results unless you tick this.
                </p>
              </div>
            </div>
            <button type="submit" className={buttonClass('secondary', 'mt-3')}>
              Save my choice
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
