import { Link } from 'react-router';
import { formatAttendanceRate } from './attendance';
import type { PersonAttendance } from './attendance.server';
import { formatClassTime } from './class-times';
import { TitledSection } from '~/ui/titled-section';
import { classPagePath } from './class-paths';

/**
 * A user's admin page, Live classes: their attendance rate over the classes that have ended
 * and the ones they missed, each linked to its class page.
 */
export function UserAttendanceSection({
  attendance,
  timeZone,
}: {
  attendance: PersonAttendance;
  timeZone: string;
}) {
  const { rate, missed } = attendance;
  return (
    <TitledSection headingId="live-classes-heading" heading="Live classes" className="mt-10">
      <p className="mt-1 text-sm text-slate-700" data-testid="user-attendance-rate">
        {rate
          ? `Attendance: ${formatAttendanceRate(rate)}.`
          : 'No live class of theirs has ended yet.'}
      </p>
      {missed.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold text-ink">Missed classes</h3>
          <ul className="mt-2 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {missed.map((session) => (
              <li
                key={session.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2.5 text-sm"
              >
                <Link
                  to={classPagePath(session.id)}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  {session.title}
                </Link>
                <time dateTime={session.starts_at} className="text-slate-800">
                  {formatClassTime(session.starts_at, timeZone)}
                </time>
              </li>
            ))}
          </ul>
        </>
      )}
    </TitledSection>
  );
}
