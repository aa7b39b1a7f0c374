import {
  BadgeCheck,
  Download,
  FileX2,
  ShieldCheck,
  ShieldX,
  XCircle,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { site } from '~/content/site';

/**
 * What `/certificates/{id}` says about its signed credential. The server computes it while
 * rendering the page (no request from the browser afterwards, so nothing moves once shown).
 */
export interface CredentialOnPage {
  /** The file's address on this site; null when the page offers none (a revoked certificate). */
  downloadPath: string | null;
  /**
   * The server checked the signature with the published keys, as a verifier would; null
   * when the certificate has no credential (its holder withdrew it).
   */
  signatureVerified: boolean | null;
  /** Revoked by the status list (or by the certificate itself: the page never says Valid then). */
  revoked: boolean;
  /** Absolute addresses, so a reader can copy them into their own tool. */
  keysUrl: string;
  statusListUrl: string;
}

/** The signed credential as a file: the browser saves it under the name the server gives. */
export function DownloadCredentialLink({
  path,
  children,
  className,
}: {
  path: string;
  children: ReactNode;
  className: string;
}) {
  return (
    <a href={path} download className={className}>
      <Download aria-hidden="true" className="h-4 w-4" />
      {children}
    </a>
  );
}

type Tone = 'good' | 'bad' | 'neutral';

const TONES: Record<Tone, { box: string; icon: string }> = {
  good: { box: 'bg-emerald-50 text-emerald-950 ring-emerald-700/30', icon: 'text-emerald-800' },
  bad: { box: 'bg-red-50 text-red-950 ring-red-700/30', icon: 'text-red-800' },
  neutral: { box: 'bg-slate-50 text-slate-900 ring-slate-400/50', icon: 'text-slate-700' },
};

/** One finding of the server's check: its word in bold (a test reads it), then why. */
function Check({
  tone,
  Icon,
  testId,
  title,
  children,
}: {
  tone: Tone;
  Icon: LucideIcon;
  testId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className={`flex items-start gap-3 rounded-xl p-4 ring-1 ${TONES[tone].box}`}>
      <Icon aria-hidden="true" className={`mt-0.5 h-6 w-6 shrink-0 ${TONES[tone].icon}`} />
      <div className="min-w-0">
        <p data-testid={testId} className="font-bold">
          {title}
        </p>
        <p className="mt-1 text-sm">{children}</p>
      </div>
    </li>
  );
}

/** What the signature check found, including that there was no credential to check. */
function signatureFinding(verified: boolean | null) {
  if (verified === null) {
    return {
      tone: 'neutral',
      Icon: FileX2,
      title: 'No credential',
      text: 'Its holder withdrew this certificate, so it has no signed credential any more.',
    } as const;
  }
  return verified
    ? ({
        tone: 'good',
        Icon: ShieldCheck,
        title: 'Signature verified',
        text: 'Checked when this page loaded, against the academy’s published keys, the way any verifier checks it.',
      } as const)
    : ({
        tone: 'bad',
        Icon: ShieldX,
        title: 'Signature not verified',
        text: `The signature did not match the published keys. Please tell us at ${site.email.display}.`,
      } as const);
}

/**
 * A published address, shown whole on its own line (it is what a verifier copies), broken
 * only where a narrow screen must.
 */
function AddressLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      className="mt-1 block w-fit max-w-full font-mono text-sm font-semibold wrap-anywhere text-brand-700 underline"
    >
      {href}
    </a>
  );
}

/**
 * The page's "How to verify": what this server found when it checked the credential, what
 * the credential holds, and the steps an employer takes without asking the academy.
 */
export function HowToVerify({ credential }: { credential: CredentialOnPage }) {
  const signature = signatureFinding(credential.signatureVerified);
  return (
    <section aria-labelledby="how-to-verify-heading" className="mt-10 print:hidden">
      <h2 id="how-to-verify-heading" className="text-lg font-bold text-ink">
        How to verify
      </h2>
      <ul aria-label="What this page checked" className="mt-3 grid gap-3 sm:grid-cols-2">
        <Check
          tone={signature.tone}
          Icon={signature.Icon}
          testId="credential-signature"
          title={signature.title}
        >
          {signature.text}
        </Check>
        <Check
          tone={credential.revoked ? 'bad' : 'good'}
          Icon={credential.revoked ? XCircle : BadgeCheck}
          testId="credential-status"
          title={credential.revoked ? 'Revoked' : 'Valid'}
        >
          {credential.revoked
            ? 'The academy’s status list marks this certificate as revoked.'
            : 'The academy’s status list does not mark this certificate as revoked.'}
        </Check>
      </ul>

      <div className="mt-6 grid gap-6 text-slate-800 lg:grid-cols-2">
        <div>
          <h3 className="font-bold text-ink">What is signed</h3>
          <p className="mt-2">
            The credential file is this certificate as an Open Badges 3.0 credential (a W3C
            Verifiable Credential), signed by {site.name}: the course, the date of issue, and its
            holder, named by the name printed on it and a salted hash of their e-mail address, never
            the address itself.
          </p>
        </div>
        <div>
          <h3 className="font-bold text-ink">What an employer does</h3>
          <ol className="mt-2 list-decimal space-y-2 pl-5">
            <li>
              {credential.downloadPath
                ? 'Get the credential file from its holder, or download it from this page.'
                : 'Get the credential file from its holder.'}
            </li>
            <li>
              Check its signature with any JWT or Verifiable Credentials tool against our public
              keys:
              <AddressLink href={credential.keysUrl} />
            </li>
            <li>
              Check that it is not revoked: it names its place in our status list:
              <AddressLink href={credential.statusListUrl} />
            </li>
            <li>
              Check that it is theirs: the e-mail address they give, hashed with the credential’s
              salt, must match its identity hash.
            </li>
          </ol>
        </div>
      </div>
    </section>
  );
}
