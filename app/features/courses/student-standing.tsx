import { CalendarDays, LockOpen } from 'lucide-react';
import { Link } from 'react-router';
import { formatCohortStart } from '~/features/cohorts/cohort-dates';
import { EnrolmentPanel } from '~/features/enrolment/enrolment-panel';
import type { EnrolmentStanding } from '~/features/enrolment/enrolment-standing';
import { buttonClass } from '~/ui/button';

/**
 * Where a signed-in person stands, on the course home: without access, the way to unlock
 * the protected steps, or, for someone who bought a plan and is paused, why and the way to
 * pay (decision 068); with access, their cohort (or that one will be given before it starts)
 * and the plan they pay.
 */
export type StudentStanding =
  | { kind: 'locked'; enrolment: EnrolmentStanding | null }
  | {
      kind: 'student';
      cohort: { name: string; startDate: string | null; schedule: string } | null;
      enrolment: EnrolmentStanding | null;
    };

export function StudentStandingPanel({ standing }: { standing: StudentStanding }) {
  if (standing.kind === 'locked' && standing.enrolment) {
    return <EnrolmentPanel standing={standing.enrolment} />;
  }
  if (standing.kind === 'locked') {
    return (
      <section
        aria-labelledby="unlock-heading"
        className="mt-8 rounded-2xl border border-brand-200 bg-brand-50 p-6"
      >
        <h2 id="unlock-heading" className="flex items-center gap-2 text-xl font-bold text-ink">
          <LockOpen aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Enroll to unlock the protected steps
        </h2>
        <p className="mt-2 text-slate-700">
          The steps marked with a lock open once you are enrolled: pay for a plan by card, or send a
          bank transfer in Nigeria and we unlock them when it is approved.
        </p>
        <Link to="/enroll" className={buttonClass('primary', 'mt-4')}>
          See the plans
        </Link>
      </section>
    );
  }
  const { cohort, enrolment } = standing;
  return (
    <>
      <section aria-labelledby="cohort-heading" className="mt-8 rounded-2xl bg-teal-50 p-6">
        <h2 id="cohort-heading" className="flex items-center gap-2 text-xl font-bold text-ink">
          <CalendarDays aria-hidden="true" className="h-5 w-5 text-teal-800" />
          Your cohort
        </h2>
        {cohort ? (
          <>
            <p className="mt-2 text-lg font-semibold text-ink">{cohort.name}</p>
            {cohort.startDate && (
              <p className="text-slate-700">Starts {formatCohortStart(cohort.startDate)}</p>
            )}
            {cohort.schedule && <p className="text-slate-700">{cohort.schedule}</p>}
          </>
        ) : (
          <p className="mt-2 text-slate-700">You will be placed in a cohort before it starts.</p>
        )}
      </section>
      {enrolment && <EnrolmentPanel standing={enrolment} />}
    </>
  );
}
