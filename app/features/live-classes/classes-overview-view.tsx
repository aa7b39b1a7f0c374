import { Link } from 'react-router';
import { DataTable, EmptyList, dataCells, dataRowClass } from '~/ui/list/data-table';
import type { CohortClassesOverview } from './staff-classes.server';
import { formatClassTime } from './class-times';
import { PageTitle } from '~/ui/page-title';
import { cohortClassesPath } from './class-paths';

const COLUMNS = ['Cohort', 'Next class', 'Upcoming', 'Past', 'Cancelled'] as const;

/** `/mentor/classes`: the cohorts whose live classes the viewer runs, each with its next one. */
export function ClassesOverviewView({
  cohorts,
  timeZone,
}: {
  cohorts: CohortClassesOverview[];
  timeZone: string;
}) {
  return (
    <div className="max-w-4xl">
      <PageTitle>Live classes</PageTitle>
      <p className="mt-2 text-slate-700">
        Open a cohort to add its classes, change or cancel one, add a recording and take attendance.
        Times are in the academy’s time zone, {timeZone}.
      </p>
      {cohorts.length === 0 ? (
        <EmptyList>You run the classes of no cohort.</EmptyList>
      ) : (
        <DataTable
          columns={COLUMNS}
          label="Cohorts and their classes"
          minWidthClass="sm:min-w-[40rem]"
        >
          {cohorts.map((cohort) => (
            <tr key={cohort.id} className={dataRowClass()}>
              {dataCells(COLUMNS, [
                <span key="cohort">
                  <Link
                    to={cohortClassesPath(cohort.id)}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {cohort.name}
                  </Link>
                  {cohort.archived && <span className="ml-2 text-slate-700">(archived)</span>}
                </span>,
                cohort.next ? (
                  <span key="next" className="flex flex-col">
                    <span className="font-semibold text-ink">{cohort.next.title}</span>
                    <time dateTime={cohort.next.starts_at}>
                      {formatClassTime(cohort.next.starts_at, timeZone)}
                    </time>
                  </span>
                ) : (
                  'None planned'
                ),
                String(cohort.upcoming),
                String(cohort.past),
                String(cohort.cancelled),
              ])}
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
