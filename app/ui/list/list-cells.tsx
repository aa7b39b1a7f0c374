import { Link } from 'react-router';
import { formatDateTimeUtc } from '~/lib/format';

/** The day above the time on a wide screen, one line on a phone. */
export function DateTime({ value }: { value: string }) {
  const [day, time] = formatDateTimeUtc(value).split(', ');
  return (
    <time dateTime={value} className="sm:flex sm:flex-col sm:whitespace-nowrap">
      <span>{day}</span> <span className="text-slate-600">{time}</span>
    </time>
  );
}

/** A person's name (to their details page) above their e-mail. */
export function PersonCell({ person }: { person: { id: string; name: string; email: string } }) {
  return (
    <span className="flex min-w-0 flex-col">
      <Link
        to={`/admin/user-details/${encodeURIComponent(person.id)}`}
        className="font-semibold text-brand-700 hover:underline"
      >
        {person.name}
      </Link>
      {/* On one line on a wide screen (the column takes its width), broken anywhere on a phone. */}
      <span className="max-sm:break-all sm:whitespace-nowrap">{person.email}</span>
    </span>
  );
}

/** Tone of a status badge: its colours. */
export const BADGE_TONES = {
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
  warning: 'bg-amber-50 text-amber-900 ring-amber-300',
  muted: 'bg-violet-50 text-violet-800 ring-violet-200',
  bad: 'bg-red-50 text-red-800 ring-red-200',
} as const;

export type BadgeTone = keyof typeof BADGE_TONES;

/** How one status of a list reads: its words and the badge's colour. */
export interface StatusLook {
  label: string;
  tone: BadgeTone;
}

export function StatusBadge({ tone, children }: { tone: BadgeTone; children: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${BADGE_TONES[tone]}`}
    >
      {children}
    </span>
  );
}
