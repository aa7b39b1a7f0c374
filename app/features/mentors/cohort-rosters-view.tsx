import { FRONTEND_PROJECT_COUNT } from '~/content/projects';
import { formatAttendanceRate } from '~/features/live-classes/attendance';
import { NUMBERED_STEPS } from '~/features/progress/progress';
import { DataTable, dataCells, dataRowClass } from '~/ui/list/data-table';
import { DateTime } from '~/ui/list/list-cells';
import type { CohortRoster, RosterStudent } from './mentor-area.server';
import { StudentLink } from './student-link';
import { TitledSection } from '~/ui/titled-section';
import { PageTitle } from '~/ui/page-title';

/** "3 of 8 steps" and "1 of 7 approved", as My cohorts and a student's page both say them. */
export const stepsDone = (student: RosterStudent) =>
  `${student.stepsDone} of ${NUMBERED_STEPS.length} steps`;
export const projectsApproved = (student: RosterStudent) =>
  `${student.projectsApproved} of ${FRONTEND_PROJECT_COUNT} approved`;

export function LastSignIn({ at }: { at: string | null }) {
  return at ? <DateTime value={at} /> : <span>No open session</span>;
}

const ROSTER_COLUMNS = ['Student', 'Progress', 'Projects', 'Attendance', 'Last sign-in'] as const;

function Roster({ cohort }: { cohort: CohortRoster }) {
  const headingId = `cohort-${cohort.id}`;
  return (
    <TitledSection
      headingId={headingId}
      className="mt-8"
      heading={
        <>
          {cohort.name}
          {cohort.archived && (
            <span className="ml-2 text-sm font-normal text-slate-700">(archived)</span>
          )}
        </>
      }
    >
      {cohort.students.length === 0 ? (
        <p className="mt-2 text-slate-700">No students in this cohort yet.</p>
      ) : (
        <DataTable
          columns={ROSTER_COLUMNS}
          label={`Students of ${cohort.name}`}
          minWidthClass="sm:min-w-[40rem]"
        >
          {cohort.students.map((student) => (
            <tr key={student.id} className={dataRowClass()}>
              {dataCells(
                ROSTER_COLUMNS,
                [
                  <StudentLink key="student" id={student.id} name={student.name} />,
                  stepsDone(student),
                  projectsApproved(student),
                  student.attendance ? (
                    formatAttendanceRate(student.attendance)
                  ) : (
                    <span key="attendance">
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">No class has ended yet</span>
                    </span>
                  ),
                  <LastSignIn key="last" at={student.lastSignInAt} />,
                ],
                (column) => (column >= 1 && column <= 3 ? 'whitespace-nowrap' : ''),
              )}
            </tr>
          ))}
        </DataTable>
      )}
    </TitledSection>
  );
}

/** My cohorts: each cohort the reviewer mentors (every cohort for an admin), its students. */
export function CohortRostersView({ cohorts }: { cohorts: CohortRoster[] }) {
  return (
    <div>
      <PageTitle>My cohorts</PageTitle>
      <p className="mt-2 text-slate-700">
        Attendance counts the live classes of the cohort that have ended: joined through the site or
        marked present by hand.
      </p>
      {cohorts.length === 0 ? (
        <p className="mt-8 text-slate-700">You mentor no cohort.</p>
      ) : (
        cohorts.map((cohort) => <Roster key={cohort.id} cohort={cohort} />)
      )}
    </div>
  );
}
