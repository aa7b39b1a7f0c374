import { ExternalLink } from 'lucide-react';
import type { SubmissionStatus } from '~/db/schema';
import { formatDateTimeUtc } from '~/lib/format';
import { StatusBadge, type StatusLook } from '~/ui/list/list-cells';
import type { SubmissionRecord } from './submissions.server';

export const SUBMISSION_STATUS: Record<SubmissionStatus, StatusLook> = {
  waiting: { label: 'Waiting for review', tone: 'warning' },
  approved: { label: 'Approved', tone: 'good' },
  'changes-requested': { label: 'Changes requested', tone: 'bad' },
};

/** A student's link, opened in a new tab without giving that page a handle on ours. */
export function SubmittedLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex max-w-full items-center gap-1 font-semibold break-all text-brand-700 underline"
    >
      {children}
      <ExternalLink aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** A student's or a reviewer's words: plain text, its line breaks kept, never HTML. */
export function PlainText({ text, className = '' }: { text: string; className?: string }) {
  return <p className={`whitespace-pre-line break-words ${className}`}>{text}</p>;
}

/** One revision: its links, note and status, and its review once there is one. */
/** A date and time inside a sentence, on one line (the list cells stack theirs). */
function InlineDateTime({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTimeUtc(value)}</time>;
}

export function RevisionCard({
  record,
  withTitle = false,
  ownWork = false,
}: {
  record: SubmissionRecord;
  /** Name the project too (a list of every project's revisions). */
  withTitle?: boolean;
  /** Shown to the student who sent it: their note is theirs, not "from the student". */
  ownWork?: boolean;
}) {
  const status = SUBMISSION_STATUS[record.status];
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="flex flex-wrap items-center gap-2 font-bold text-ink">
        {withTitle
          ? `${record.projectTitle}, revision ${record.revision}`
          : `Revision ${record.revision}`}
        <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Sent <InlineDateTime value={record.submittedAt} />
      </p>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        <li>
          Repository:{' '}
          <SubmittedLink href={record.repositoryUrl}>{record.repositoryUrl}</SubmittedLink>
        </li>
        {record.liveUrl && (
          <li>
            Live site: <SubmittedLink href={record.liveUrl}>{record.liveUrl}</SubmittedLink>
          </li>
        )}
      </ul>
      {record.note && (
        <div className="mt-2 text-sm">
          <p className="font-semibold text-ink">
            {ownWork ? 'Your note to the mentor' : 'Note from the student'}
          </p>
          <PlainText text={record.note} className="text-slate-800" />
        </div>
      )}
      {record.review && (
        <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
          <p className="font-semibold text-ink">
            {SUBMISSION_STATUS[record.review.verdict].label} by {record.review.reviewerName},{' '}
            <InlineDateTime value={record.review.reviewedAt} />
          </p>
          {record.review.feedback ? (
            <PlainText text={record.review.feedback} className="mt-1 text-slate-800" />
          ) : (
            <p className="mt-1 text-slate-700">No feedback written.</p>
          )}
        </div>
      )}
    </article>
  );
}
