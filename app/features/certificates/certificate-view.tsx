import { BadgeCheck, ExternalLink, Linkedin, Printer, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { site } from '~/content/site';
import {
  DownloadCredentialLink,
  HowToVerify,
  type CredentialOnPage,
} from '~/features/credentials/credential-view';
import { buttonClass } from '~/ui/button';
import type { PublicCertificate } from './certificates.server';

/**
 * One landscape page: the site's header, footer, skip link and toasts are left out, and
 * the certificate fills the printable area of A4 (277 × 190 mm inside 10 mm margins) and
 * of Letter (259 × 196 mm), whichever the printer uses.
 */
const PRINT_CSS = `
@page { size: landscape; margin: 10mm; }
@media print {
  body > header, body > footer, body > a[href="#main"], .Toastify { display: none !important; }
  html, body { background: #fff !important; }
  body { min-height: 0 !important; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;

/** Opens the print dialog once, when the page was opened as `?print=1`. */
function usePrintOnLoad() {
  const [searchParams] = useSearchParams();
  const print = searchParams.get('print') === '1';
  useEffect(() => {
    if (!print) return;
    const timer = window.setTimeout(() => window.print(), 300);
    return () => window.clearTimeout(timer);
  }, [print]);
}

function Status({ certificate }: { certificate: PublicCertificate }) {
  if (certificate.status === 'valid') {
    return (
      <p
        data-testid="certificate-status"
        className="inline-flex items-center gap-2 rounded-full bg-emerald-50 px-4 py-1.5 text-base font-bold text-emerald-900 ring-1 ring-emerald-700/30"
      >
        <BadgeCheck aria-hidden="true" className="h-5 w-5" />
        Valid
      </p>
    );
  }
  return (
    <p
      data-testid="certificate-status"
      // On a phone the date goes under the word, whole: a pill then becomes a rounded box.
      className="inline-flex flex-wrap items-center justify-center gap-x-2 gap-y-0.5 rounded-2xl bg-red-50 px-4 py-1.5 text-base font-bold text-red-900 ring-1 ring-red-700/30 sm:rounded-full"
    >
      <XCircle aria-hidden="true" className="h-5 w-5" />
      {certificate.withdrawn ? 'Withdrawn' : 'Revoked'}
      <span className="font-semibold whitespace-nowrap">
        on <time dateTime={certificate.revokedAt ?? undefined}>{certificate.revokedOn}</time>
      </span>
    </p>
  );
}

/** A link that leaves the site: a new tab, no opener, no referrer, said to screen readers. */
function ExternalButton({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass('secondary', 'w-full sm:w-auto')}
    >
      {children}
      <ExternalLink aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * `/certificates/{id}`: what anyone checking the certificate needs, how to print it, and its
 * signed credential.
 */
export function CertificateView({
  certificate,
  credential,
}: {
  certificate: PublicCertificate;
  credential: CredentialOnPage;
}) {
  usePrintOnLoad();
  const revoked = certificate.status === 'revoked';
  const facts = [
    ['Cohort', certificate.cohortName ?? '—'],
    [
      'Issued',
      <time key="issued" dateTime={certificate.issuedAt}>
        {certificate.issuedOn}
      </time>,
    ],
    [
      'Certificate ID',
      <span key="id" className="font-mono text-sm break-all">
        {certificate.id}
      </span>,
    ],
  ] as const;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12 print:max-w-none print:p-0">
      <style>{PRINT_CSS}</style>
      <article
        aria-labelledby="certificate-heading"
        data-testid="certificate"
        className="rounded-2xl bg-gradient-to-br from-brand-50 via-white to-brand-50 p-2 shadow-lg ring-1 ring-slate-200 sm:p-3 print:flex print:h-[186mm] print:rounded-none print:shadow-none print:ring-0"
      >
        <div className="flex flex-col items-center rounded-xl border-4 border-double border-brand-800 px-4 py-8 text-center sm:px-12 sm:py-12 print:flex-1 print:justify-center print:py-6">
          {revoked && (
            <p className="mb-6 w-full rounded-lg bg-red-50 px-4 py-3 font-semibold text-red-900 ring-1 ring-red-700/30">
              {certificate.withdrawn
                ? `This certificate was withdrawn by its holder on ${certificate.revokedOn} and is no longer valid.`
                : `This certificate was revoked on ${certificate.revokedOn} and is no longer valid.`}
            </p>
          )}
          <p className="flex flex-col items-center gap-2 text-sm font-bold tracking-[0.2em] text-brand-800 uppercase sm:flex-row print:flex-row">
            <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
            {site.name}
          </p>
          <h1
            id="certificate-heading"
            className="mt-4 font-serif text-3xl font-bold text-ink sm:text-5xl print:text-5xl"
          >
            Certificate of completion
          </h1>
          {certificate.name !== null && (
            <>
              <p className="mt-6 text-slate-700">This certifies that</p>
              <p
                data-testid="certificate-name"
                className="mt-2 font-serif text-3xl font-bold break-words text-brand-800 italic sm:text-5xl print:text-5xl"
              >
                {certificate.name}
              </p>
            </>
          )}
          <div aria-hidden="true" className="mt-4 h-1 w-24 rounded-full bg-accent-500" />
          <p className="mt-4 text-slate-700">
            {certificate.name === null ? 'of the' : 'has completed the'}
          </p>
          <p className="mt-1 text-xl font-bold text-ink sm:text-2xl">{certificate.courseName}</p>
          <dl className="mt-8 grid w-full max-w-3xl gap-4 text-center sm:grid-cols-3 print:grid-cols-3">
            {facts.map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-xs font-semibold tracking-wide text-slate-700 uppercase">
                  {label}
                </dt>
                <dd className="mt-1 font-semibold text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-8">
            <Status certificate={certificate} />
          </div>
          <p className="mt-6 w-full max-w-2xl text-sm text-slate-700">
            Check this certificate at{' '}
            <span className="font-semibold wrap-anywhere">{certificate.url}</span>
          </p>
        </div>
      </article>

      <section aria-labelledby="certificate-actions-heading" className="mt-8 print:hidden">
        <h2 id="certificate-actions-heading" className="text-lg font-bold text-ink">
          {revoked ? 'Print' : 'Print, download or share'}
        </h2>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {/* window.print needs JavaScript: without it the button is hidden, the hint shown. */}
          <button
            type="button"
            onClick={() => window.print()}
            className={buttonClass('primary', 'hidden w-full sm:w-auto [.js_&]:inline-flex')}
          >
            <Printer aria-hidden="true" className="h-4 w-4" />
            Print
          </button>
          <p className="text-sm text-slate-700 [.js_&]:hidden">
            To print, use your browser’s Print command (Ctrl+P or ⌘P).
          </p>
          {credential.downloadPath && (
            <DownloadCredentialLink
              path={credential.downloadPath}
              className={buttonClass('secondary', 'w-full sm:w-auto')}
            >
              Download credential
            </DownloadCredentialLink>
          )}
          {certificate.share && (
            <>
              <ExternalButton href={certificate.share.linkedInAddToProfile}>
                <Linkedin aria-hidden="true" className="h-4 w-4" />
                Add to LinkedIn profile
              </ExternalButton>
              <ExternalButton href={certificate.share.linkedInShare}>
                <Linkedin aria-hidden="true" className="h-4 w-4" />
                Share on LinkedIn
              </ExternalButton>
            </>
          )}
        </div>
        <p className="mt-4 text-sm text-slate-700">
          {site.name} issued this certificate. Anyone with this page’s address can check it; the
          page says Revoked if the academy withdraws it. Questions:{' '}
          <a href={site.email.href} className="font-semibold text-brand-700 underline">
            {site.email.display}
          </a>
          .
        </p>
      </section>

      <HowToVerify credential={credential} />
    </div>
  );
}
