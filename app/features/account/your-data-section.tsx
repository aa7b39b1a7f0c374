import { Download, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '~/ui/button';
import { TitledPanel } from '~/ui/titled-panel';
import { EXPORTS_PER_HOUR } from './account-data';

/**
 * "Your data" on the account page: the download of everything the site holds about
 * the person, and the way to delete the account.
 */
export function YourDataSection() {
  return (
    <TitledPanel
      tone="white"
      headingId="your-data-heading"
      heading="Your data"
      headingClassName="text-xl font-bold text-ink"
      className="mt-6"
    >
      <p className="mt-2 text-slate-700">
        Download one file (JSON) with everything we hold about you: your profile, enrolments,
        payments and transfers, progress, quiz attempts, projects, certificates, live-class
        attendance, the e-mails we sent you and the history of your access. Up to {EXPORTS_PER_HOUR}{' '}
        times an hour.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <DownloadMyDataForm />
        <Link
          to="/account/delete"
          className={buttonClass('ghost', 'border border-red-700 text-red-800 hover:bg-red-50')}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete my account
        </Link>
      </div>
    </TitledPanel>
  );
}

/**
 * The Download my data button: a plain form post (not React Router's), so the browser saves
 * the file the answer carries and the page stays where it is.
 */
export function DownloadMyDataForm({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  return (
    <form method="post" action="/account/data">
      <button type="submit" className={buttonClass(variant, 'w-full sm:w-auto')}>
        <Download aria-hidden="true" className="h-4 w-4" />
        Download my data
      </button>
    </form>
  );
}
