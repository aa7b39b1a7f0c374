import { CalendarPlus, PlayCircle, Video } from 'lucide-react';
import { plural } from '~/lib/format';
import { Link } from 'react-router';
import { buttonClass } from '~/ui/button';
import type { ReactNode } from 'react';
import { ClassStartsIn, ClassTime, JoinOpens, useJoinOpen } from './class-time';
import type { StudentClass } from './student-classes.server';
import { TitledSection } from '~/ui/titled-section';

/** What a student with access but no cohort reads where their classes would be. */
export const PLACEMENT_SENTENCE =
  'You will be placed in a cohort; your live classes appear here then.';

/**
 * Join (the join page, never the meeting link: a plain link, so the browser follows the
 * page's redirect itself) once its window is open, and until then when it opens, as text
 * (decision 072); "Add to Google Calendar" (a new tab).
 */
function ClassActions({ session, academyZone }: { session: StudentClass; academyZone: string }) {
  const open = useJoinOpen(session.startsAt, session.joinOpen);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      {open ? (
        <a href={`/live/${session.id}/join`} className={buttonClass('primary')}>
          <Video aria-hidden="true" className="h-4 w-4" />
          Join<span className="sr-only"> {session.title}</span>
        </a>
      ) : (
        <span className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-slate-50 px-5 py-2.5 text-sm font-semibold text-slate-700">
          <Video aria-hidden="true" className="h-4 w-4" />
          <span>
            <span className="sr-only">Join {session.title}: </span>
            <JoinOpens startsAt={session.startsAt} academyZone={academyZone} />
          </span>
        </span>
      )}
      <a
        href={session.googleCalendarUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-2 rounded text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        <CalendarPlus aria-hidden="true" className="h-4 w-4" />
        Add to Google Calendar<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}

/** A past class's recording, or that it is on its way. */
function ClassRecording({ session }: { session: StudentClass }) {
  if (!session.recordingUrl) {
    return <p className="mt-2 text-sm text-slate-700">Recording coming soon</p>;
  }
  return (
    <a
      href={session.recordingUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="mt-2 inline-flex items-center gap-2 rounded text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      <PlayCircle aria-hidden="true" className="h-4 w-4" />
      Watch the recording<span className="sr-only"> of {session.title} (opens in a new tab)</span>
    </a>
  );
}

/** One class in a list: title, time and length, where it stands, and what to do with it. */
export function ClassItem({
  session,
  academyZone,
}: {
  session: StudentClass;
  academyZone: string;
}) {
  return (
    <li
      className={`rounded-xl border p-4 ${session.cancelled ? 'border-slate-200 bg-slate-50' : 'border-slate-200 bg-white'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-bold text-ink">
          {session.cancelled ? <s>{session.title}</s> : session.title}
        </h3>
        {session.cancelled ? (
          <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
            Cancelled
          </span>
        ) : (
          !session.ended && (
            <span className="rounded-full bg-teal-50 px-2.5 py-0.5 text-xs font-semibold text-teal-900">
              <ClassStartsIn session={session} serverText={session.startsIn} />
            </span>
          )
        )}
      </div>
      <p className="mt-1 text-sm text-slate-700">
        <ClassTime startsAt={session.startsAt} academyZone={academyZone} /> ·{' '}
        <span className="whitespace-nowrap">{plural(session.durationMinutes, 'minute')}</span>
      </p>
      {session.description && (
        <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{session.description}</p>
      )}
      {!session.cancelled &&
        (session.ended ? (
          <ClassRecording session={session} />
        ) : (
          <ClassActions session={session} academyZone={academyZone} />
        ))}
    </li>
  );
}

/** A titled list of classes, or what to say when it is empty, and what follows it. */
export function ClassList({
  id,
  label,
  classes,
  academyZone,
  empty,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  label: string;
  classes: StudentClass[];
  academyZone: string;
  empty: string;
  children?: ReactNode;
}) {
  return (
    <TitledSection headingId={id} heading={label} className="mt-8">
      {classes.length === 0 ? (
        <p className="mt-2 text-slate-700">{empty}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {classes.map((session) => (
            <ClassItem key={session.id} session={session} academyZone={academyZone} />
          ))}
        </ul>
      )}
      {children}
    </TitledSection>
  );
}

/** The course home's "Upcoming live classes": the next three, or why there are none. */
export function UpcomingLiveClasses({
  classes,
  academyZone,
}: {
  /** Null while the student is in no cohort. */
  classes: StudentClass[] | null;
  academyZone: string;
}) {
  return (
    <ClassList
      id="upcoming-classes-heading"
      label="Upcoming live classes"
      classes={classes ?? []}
      academyZone={academyZone}
      empty={classes === null ? PLACEMENT_SENTENCE : 'No live classes are scheduled yet.'}
    >
      {classes !== null && (
        <p className="mt-3">
          <Link to="/fed/schedule" className="font-semibold text-brand-700 underline">
            See the whole schedule
          </Link>
        </p>
      )}
    </ClassList>
  );
}

/** The conclusion's graduation lecture once it is a class of the cohort: when, and Join. */
export function GraduationLecture({
  session,
  academyZone,
}: {
  session: StudentClass;
  academyZone: string;
}) {
  return (
    <div className="mt-3 rounded-xl border border-brand-200 bg-brand-50 p-4">
      <p className="text-slate-800">
        {session.ended
          ? 'Your cohort’s graduation lecture took place on '
          : 'Your cohort’s graduation lecture is on '}
        <strong>
          <ClassTime startsAt={session.startsAt} academyZone={academyZone} />
        </strong>
        .
      </p>
      {session.ended ? (
        <ClassRecording session={session} />
      ) : (
        <ClassActions session={session} academyZone={academyZone} />
      )}
    </div>
  );
}
