import { Lock, Mail, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { site } from '~/content/site';
import { buttonClass } from '~/ui/button';
import type { EnrolmentStanding } from '~/features/enrolment/enrolment-standing';
import { OverdueNotice } from '~/features/enrolment/enrolment-panel';

/** SPEC §6, word for word. */
export const PERMISSION_DENIED_MESSAGES = {
  student:
    'Permission Denied. This content of this page can only be view by a FrontEnd Dev student.',
  admin: 'Permission Denied. This content of this page can only be view by an Admin.',
  // Not in SPEC (its areas are the two above): the mentor area (decision 042), in their words.
  mentor: 'Permission Denied. This content of this page can only be view by a Mentor.',
  // The FullStack area, in SPEC's style.
  fullstack:
    'Permission Denied. This content of this page can only be view by a FullStack Dev student.',
  // A visitor's request for "my data" (a download, answered as text).
  account: 'Permission Denied. Your data is only for you: sign in to download it.',
} as const;

export type PermissionDeniedArea = keyof typeof PERMISSION_DENIED_MESSAGES;

/** Shown with HTTP 403; `signInAction` is offered to visitors (the sign-in button). */
export function PermissionDenied({
  area,
  signInAction,
  paused,
}: {
  area: PermissionDeniedArea;
  signInAction?: ReactNode;
  /** The standing of a student whose unpaid installment paused their access (decision 075). */
  paused?: EnrolmentStanding;
}) {
  // A signed-in reader of a FullStack step is led to the upgrade card (decision 069).
  const upgrade = area === 'fullstack' && !signInAction;
  return (
    <section
      aria-labelledby="permission-denied-heading"
      className="mx-auto flex max-w-xl flex-col items-center px-6 py-16 text-center"
    >
      <Lock aria-hidden="true" className="h-12 w-12 text-brand-600" />
      <h1 id="permission-denied-heading" className="mt-4 text-2xl font-bold text-ink">
        Permission Denied
      </h1>
      <p className="mt-4 text-lg text-slate-700">{PERMISSION_DENIED_MESSAGES[area]}</p>
      {paused?.overdue && (
        // The course home's notice, word for word: why the course is closed and the way to pay.
        <div className="w-full text-left">
          <OverdueNotice standing={paused} overdue={paused.overdue} />
        </div>
      )}
      <p className="mt-6 text-slate-700">Think this is a mistake? Contact us:</p>
      <ul className="mt-3 flex flex-col gap-3 sm:flex-row">
        <li>
          <a href={site.email.href} className={buttonClass('secondary')}>
            <Mail aria-hidden="true" className="h-4 w-4" />
            {site.email.display}
          </a>
        </li>
        <li>
          <a
            href={site.directMessage.href}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('secondary')}
          >
            <MessageCircle aria-hidden="true" className="h-4 w-4" />
            {site.directMessage.label}
          </a>
        </li>
      </ul>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {signInAction}
        {(area === 'student' || area === 'fullstack') && !paused && (
          // Access comes with enrolment: the way forward, not only a way out.
          <Link
            to={upgrade ? '/enroll#upgrade' : '/enroll'}
            className={buttonClass(signInAction ? 'secondary' : 'primary')}
          >
            {upgrade ? 'Upgrade to FullStack' : 'Enroll Now'}
          </Link>
        )}
        <Link to="/" className={buttonClass('ghost', 'border border-slate-300')}>
          Back To Home
        </Link>
      </div>
    </section>
  );
}
