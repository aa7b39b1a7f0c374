import { Link } from 'react-router';
import type { LiveSession } from '~/db/schema';
import { BackLink } from '~/ui/back-link';
import { DataTable, EmptyList, dataCells, dataRowClass } from '~/ui/list/data-table';
import { StatusBadge } from '~/ui/list/list-cells';
import type { FormErrors } from '~/ui/form';
import { ClassForm } from './class-form';
import { classEnd, formatClassTime, startsIn } from './class-times';
import { TitledSection } from '~/ui/titled-section';
import { useFormKeyOfThisPage } from '~/lib/action-data';
import { PageTitle } from '~/ui/page-title';
import { classPagePath } from './class-paths';

const COLUMNS = ['Class', 'When', 'Length', 'Status'] as const;

/** A class as the staff's lists show it: no join link (it is on the class's own page). */
type ListedClass = Pick<
  LiveSession,
  'id' | 'title' | 'starts_at' | 'duration_minutes' | 'status' | 'recording_url'
>;

function ClassStatus({ session, now }: { session: ListedClass; now: Date }) {
  if (session.status === 'cancelled') return <StatusBadge tone="bad">Cancelled</StatusBadge>;
  if (classEnd(session) <= now) {
    return (
      <StatusBadge tone={session.recording_url ? 'good' : 'neutral'}>
        {session.recording_url ? 'Ended, recording added' : 'Ended'}
      </StatusBadge>
    );
  }
  const live = Date.parse(session.starts_at) <= now.getTime();
  return <StatusBadge tone={live ? 'warning' : 'muted'}>{startsIn(session, now)}</StatusBadge>;
}

/** A list of classes, each linked to its page, the times in the academy's zone. */
function ClassTable({
  sessions,
  label,
  timeZone,
  now,
}: {
  sessions: ListedClass[];
  label: string;
  timeZone: string;
  now: Date;
}) {
  return (
    <DataTable columns={COLUMNS} label={label} minWidthClass="sm:min-w-[36rem]">
      {sessions.map((session) => (
        <tr key={session.id} className={dataRowClass()} data-testid="class-row">
          {dataCells(
            COLUMNS,
            [
              <Link
                key="title"
                to={classPagePath(session.id)}
                className={`font-semibold text-brand-700 hover:underline ${
                  session.status === 'cancelled' ? 'line-through' : ''
                }`}
              >
                {session.title}
              </Link>,
              <time key="when" dateTime={session.starts_at}>
                {formatClassTime(session.starts_at, timeZone)}
              </time>,
              `${session.duration_minutes} min`,
              <ClassStatus key="status" session={session} now={now} />,
            ],
            (column) => (column === 1 || column === 2 ? 'whitespace-nowrap' : ''),
          )}
        </tr>
      ))}
    </DataTable>
  );
}

/** `/mentor/classes/:cohortId`: the cohort's classes, upcoming first, and Add a live class. */
export function CohortClassesView({
  cohort,
  upcoming,
  past,
  timeZone,
  now,
  errors,
}: {
  cohort: { id: string; name: string };
  upcoming: ListedClass[];
  past: ListedClass[];
  timeZone: string;
  /** The loader's clock, so the server's and the browser's render agree. */
  now: string;
  errors?: FormErrors<string>;
}) {
  const at = new Date(now);
  // The add form starts empty again once its classes were added.
  const formKey = useFormKeyOfThisPage(errors !== undefined);
  /** The upcoming or the past classes, named for the cohort, in the academy's zone. */
  const table = (sessions: ListedClass[], which: 'Upcoming' | 'Past') => (
    <ClassTable
      sessions={sessions}
      label={`${which} classes of ${cohort.name}`}
      timeZone={timeZone}
      now={at}
    />
  );
  return (
    <div className="max-w-4xl">
      <BackLink to="/mentor/classes">All live classes</BackLink>
      <PageTitle className="mt-4">Live classes of {cohort.name}</PageTitle>
      <TitledSection headingId="upcoming-heading" heading="Upcoming" className="mt-8">
        {upcoming.length === 0 ? (
          <EmptyList>No upcoming class. Add one below.</EmptyList>
        ) : (
          table(upcoming, 'Upcoming')
        )}
      </TitledSection>
      {past.length > 0 && (
        <TitledSection headingId="past-heading" heading="Past" className="mt-8">
          {table(past, 'Past')}
        </TitledSection>
      )}
      <ClassForm
        mode="add"
        timeZone={timeZone}
        values={{
          title: '',
          description: '',
          date: '',
          time: '',
          durationMinutes: '60',
          joinUrl: '',
          step: '',
        }}
        errors={errors}
        formKey={`add-${formKey}`}
      />
    </div>
  );
}
