import ical, {
  type ICalCalendar,
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import type { LiveSession } from '~/db/schema';
import { classEnd } from './class-times';

/**
 * iCalendar files (RFC 5545) of live classes, made by ical-generator (decision 045): the
 * invitation or cancellation attached to an e-mail (RFC 5546's REQUEST and CANCEL) and a
 * student's subscribed feed. Times are UTC (`Z`), which every calendar reads without a
 * VTIMEZONE. The event's URL is the class's join page: the meeting link itself never
 * leaves the server except through that page's redirect.
 */

export type CalendarClass = Pick<
  LiveSession,
  | 'id'
  | 'title'
  | 'description'
  | 'starts_at'
  | 'duration_minutes'
  | 'status'
  | 'sequence'
  | 'updated_at'
>;

/** The event's UID: stable for the class's life, so every update replaces the same event. */
export function classUid(sessionId: string, origin: string): string {
  return `live-class-${sessionId}@${new URL(origin).hostname}`;
}

export function joinPageUrl(sessionId: string, origin: string): string {
  return `${origin}/live/${sessionId}/join`;
}

const PRODUCT_ID = { company: 'Frontier Dev Academy', product: 'Live classes', language: 'EN' };

/** What a calendar shows under the class: its description, then its join page. */
export function classDescription(session: Pick<CalendarClass, 'description'>, joinPage: string) {
  return [session.description.trim(), `Join the class: ${joinPage}`].filter(Boolean).join('\n\n');
}

/**
 * The calendar as a file: ical-generator ends the last line without the CRLF that RFC 5545's
 * grammar puts after every content line, `END:VCALENDAR` included (decision 066).
 */
function icsText(calendar: ICalCalendar): string {
  return `${calendar.toString()}\r\n`;
}

function eventOf(session: CalendarClass, origin: string, cohortName: string) {
  const joinPage = joinPageUrl(session.id, origin);
  const description = classDescription(session, joinPage);
  return {
    id: classUid(session.id, origin),
    sequence: session.sequence,
    stamp: new Date(session.updated_at),
    start: new Date(session.starts_at),
    end: classEnd(session),
    summary: `${session.title} (${cohortName})`,
    description,
    location: joinPage,
    url: joinPage,
    status: session.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  };
}

export interface InvitationParties {
  /** The academy, as the sender of the e-mail (RFC 5546 wants an ORGANIZER). */
  organizer: { name: string; email: string };
  /** The student it is sent to. */
  attendee: { name: string; email: string };
}

/**
 * The `.ics` of an invitation (`REQUEST`: a new or changed class) or a cancellation
 * (`CANCEL`), for one student.
 */
export function invitationCalendar(
  session: CalendarClass,
  {
    origin,
    cohortName,
    organizer,
    attendee,
  }: InvitationParties & {
    origin: string;
    cohortName: string;
  },
): string {
  const method =
    session.status === 'cancelled' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({ prodId: PRODUCT_ID, method });
  calendar.createEvent({
    ...eventOf(session, origin, cohortName),
    organizer,
    attendees: [
      {
        ...attendee,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
        rsvp: false,
      },
    ],
  });
  return icsText(calendar);
}

/**
 * The classes to come of the cohort a student just joined, as one file (`PUBLISH`, decision
 * 071): one event per class under the UID its later updates and cancellations carry, the
 * academy as ORGANIZER and, as RFC 5546 wants of PUBLISH, no ATTENDEE. RFC 5546 allows several
 * UIDs in one object for PUBLISH only; a REQUEST may carry one UID's events.
 */
export function cohortCalendar(
  sessions: readonly CalendarClass[],
  {
    origin,
    cohortName,
    organizer,
  }: Pick<InvitationParties, 'organizer'> & { origin: string; cohortName: string },
): string {
  const calendar = ical({ prodId: PRODUCT_ID, method: ICalCalendarMethod.PUBLISH });
  for (const session of sessions) {
    calendar.createEvent({ ...eventOf(session, origin, cohortName), organizer });
  }
  return icsText(calendar);
}

/**
 * A student's feed: every class of their cohort, cancelled ones marked CANCELLED so a
 * subscribed calendar removes them. No attendee is named: a feed names no other student.
 */
export function feedCalendar(
  sessions: readonly CalendarClass[],
  { origin, cohortName }: { origin: string; cohortName: string },
): string {
  const calendar = ical({
    prodId: PRODUCT_ID,
    name: `${cohortName} live classes`,
    // Calendars that honour it look for changes hourly.
    ttl: 60 * 60,
  });
  for (const session of sessions) calendar.createEvent(eventOf(session, origin, cohortName));
  return icsText(calendar);
}
