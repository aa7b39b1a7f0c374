import type { Kysely } from 'kysely';
import { NO_COHORT, type Database, type LiveSession, type User } from '~/db/schema';
import { findCohortOf } from '~/features/cohorts/cohorts.server';
import { classDescription, feedCalendar, joinPageUrl } from './calendar.server';
import { findFeedOwner } from './calendar-feeds.server';
import { classEnd, joinWindow, startsIn } from './class-times';
import { classesOfCohort, mayJoinClass, nextClassesOf } from './live-sessions.server';

/**
 * What a student's pages show of a class (the schedule, the course home, the conclusion).
 * Never its meeting link: that leaves the server only as the join page's redirect.
 */
export interface StudentClass {
  id: string;
  title: string;
  description: string;
  startsAt: string;
  durationMinutes: number;
  cancelled: boolean;
  /** Over: the schedule lists it among the past classes, with its recording. */
  ended: boolean;
  recordingUrl: string | null;
  /** Whether Join is a link now (the join window is open); the browser keeps it current. */
  joinOpen: boolean;
  /** "Starts in 2 hours", "Live now": the server's answer, refreshed by the browser. */
  startsIn: string;
  /** "Add to Google Calendar": a new event that names the join page. */
  googleCalendarUrl: string;
}

/** `2026-12-01T17:00:00.000Z` → `20261201T170000Z`, Google Calendar's `dates` format. */
function googleDate(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function googleCalendarUrl(session: LiveSession, joinPage: string): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: session.title,
    dates: `${googleDate(new Date(session.starts_at))}/${googleDate(classEnd(session))}`,
    details: classDescription(session, joinPage),
    location: joinPage,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

export function studentClassOf(
  session: LiveSession,
  { origin, now }: { origin: string; now: Date },
): StudentClass {
  return {
    id: session.id,
    title: session.title,
    description: session.description,
    startsAt: session.starts_at,
    durationMinutes: session.duration_minutes,
    cancelled: session.status === 'cancelled',
    ended: classEnd(session) <= now,
    recordingUrl: session.recording_url,
    joinOpen: joinWindow(session, now) === 'open',
    startsIn: startsIn(session, now),
    googleCalendarUrl: googleCalendarUrl(session, joinPageUrl(session.id, origin)),
  };
}

/** A person's own cohort (`users.cohort`), or undefined while they are in none. */
export async function ownCohortOf(
  db: Kysely<Database>,
  user: Pick<User, 'cohort'>,
): Promise<{ id: string; name: string } | undefined> {
  if (user.cohort === NO_COHORT) return undefined;
  const cohort = await findCohortOf(db, user.cohort);
  return cohort && { id: user.cohort, name: cohort.name };
}

/** Every class of the cohort for its schedule page: upcoming first, then the past ones. */
export async function scheduleOfCohort(
  db: Kysely<Database>,
  cohortId: string,
  context: { origin: string; now: Date },
): Promise<{ upcoming: StudentClass[]; past: StudentClass[] }> {
  const { upcoming, past } = await classesOfCohort(db, cohortId, context.now);
  return {
    upcoming: upcoming.map((session) => studentClassOf(session, context)),
    past: past.map((session) => studentClassOf(session, context)),
  };
}

/** The course home's "Upcoming live classes": the next three that are not cancelled. */
export async function upcomingClassesOf(
  db: Kysely<Database>,
  cohortId: string,
  context: { origin: string; now: Date },
): Promise<StudentClass[]> {
  const sessions = await nextClassesOf(db, cohortId, context.now);
  return sessions.map((session) => studentClassOf(session, context));
}

/**
 * The graduation lecture of the conclusion step: the cohort's next class linked to the step
 * `conclusion` that is not cancelled, or else the last one held.
 */
export async function graduationClassOf(
  db: Kysely<Database>,
  cohortId: string,
  context: { origin: string; now: Date },
): Promise<StudentClass | undefined> {
  const { upcoming, past } = await classesOfCohort(db, cohortId, context.now);
  const lecture = (session: LiveSession) =>
    session.step === 'conclusion' && session.status === 'scheduled';
  const session = upcoming.find(lecture) ?? past.find(lecture);
  return session && studentClassOf(session, context);
}

/**
 * The `.ics` of the feed `token`: every class of its owner's cohort. Undefined for a token
 * that is unknown or reset, and for an owner who may no longer join that cohort's classes
 * (no course access, or moved out of every cohort): their old address then answers 404.
 */
export async function feedOf(
  db: Kysely<Database>,
  token: string,
  origin: string,
): Promise<string | undefined> {
  const owner = await findFeedOwner(db, token);
  if (!owner) return undefined;
  const cohort = await ownCohortOf(db, owner);
  if (!cohort || !(await mayJoinClass(db, owner, { cohort_id: cohort.id }))) return undefined;
  const { upcoming, past } = await classesOfCohort(db, cohort.id);
  return feedCalendar([...upcoming, ...past], { origin, cohortName: cohort.name });
}
