import { z } from '~/lib/zod';
import { invitationCalendar, joinPageUrl } from '~/features/live-classes/calendar.server';
import {
  formatClassTime,
  JOIN_OPENS_MINUTES_BEFORE,
  wallTimeIn,
} from '~/features/live-classes/class-times';
import type { Mailbox } from '~/lib/mail-address';
import type { CalendarPart } from '../mail-transport.server';
import {
  ActionButton,
  BulletList,
  EmailLayout,
  Paragraph,
  QuotedText,
  TextLink,
  useSiteUrl,
} from './email-layout';

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A class as it was when the message was queued: the e-mail and its `.ics` say the same
 * whenever the worker sends them, and a later change sends its own message.
 */
export const liveClassPayload = z.object({
  name: z.string().min(1).max(200),
  cohortName: z.string().min(1).max(200),
  /** ACADEMY_TIME_ZONE when it was queued: the e-mail's times are in it, named. */
  timeZone: z.string().min(1).refine(isTimeZone),
  session: z.object({
    id: z.string().min(1).max(100),
    title: z.string().min(1).max(200),
    description: z.string().max(2000),
    starts_at: z.iso.datetime(),
    duration_minutes: z.number().int().min(1).max(480),
    status: z.enum(['scheduled', 'cancelled']),
    sequence: z.number().int().min(0),
    updated_at: z.iso.datetime(),
  }),
});

export type LiveClassPayload = z.infer<typeof liveClassPayload>;

/**
 * A new class. `joined-cohort` (a class already on the schedule of the cohort the student
 * just joined) is only in messages queued before "Your cohort" listed them (decision 071).
 */
export const invitationPayload = liveClassPayload.extend({
  occasion: z.enum(['new-class', 'joined-cohort']),
});

export const REMINDER_LEADS = ['24h', '1h'] as const;
export type ReminderLead = (typeof REMINDER_LEADS)[number];

export const reminderPayload = liveClassPayload.extend({
  lead: z.enum(REMINDER_LEADS),
  /** users.email_token: the key of the one-click unsubscribe link. */
  unsubscribeToken: z.string().min(20).max(100),
  /** When it was queued: its day is worded from then (absent in reminders queued before). */
  remindedAt: z.iso.datetime().optional(),
});

export type ReminderPayload = z.infer<typeof reminderPayload>;

const dayNameFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/**
 * The class's day as seen from when the reminder was queued, both in the academy's zone:
 * `today`, `tomorrow`, or else (a 23-hour day of a clock change, or no time to see from)
 * `Tuesday 1 December`.
 */
export function reminderDay({ session, timeZone, remindedAt }: ReminderPayload): string {
  const classDay = wallTimeIn(session.starts_at, timeZone).date;
  if (remindedAt) {
    const today = wallTimeIn(remindedAt, timeZone).date;
    if (classDay === today) return 'today';
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 24 * 60 * 60 * 1000);
    if (classDay === tomorrow.toISOString().slice(0, 10)) return 'tomorrow';
  }
  return dayNameFormat.format(new Date(`${classDay}T00:00:00Z`)).replace(',', '');
}

/** `in 1 hour`, or the day: `today`, `tomorrow`, `on Tuesday 1 December`. */
function reminderWhen(payload: ReminderPayload): string {
  if (payload.lead === '1h') return 'in 1 hour';
  const day = reminderDay(payload);
  return day === 'today' || day === 'tomorrow' ? day : `on ${day}`;
}

const timeOf = ({ session, timeZone }: LiveClassPayload) =>
  formatClassTime(session.starts_at, timeZone);

export const invitationSubject = (payload: LiveClassPayload) =>
  `Live class: ${payload.session.title}, ${timeOf(payload)}`;
export const updateSubject = (payload: LiveClassPayload) =>
  `Changed: ${payload.session.title}, now ${timeOf(payload)}`;
export const cancellationSubject = (payload: LiveClassPayload) =>
  `Cancelled: ${payload.session.title}, ${timeOf(payload)}`;
export function reminderSubject(payload: ReminderPayload): string {
  const when = payload.lead === '1h' ? 'in 1 hour' : reminderDay(payload);
  return `${when[0]!.toUpperCase()}${when.slice(1)}: ${payload.session.title}, ${timeOf(payload)}`;
}

export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;

/**
 * The `.ics` the message carries: the invitation (`REQUEST`), or the cancellation
 * (`CANCEL`) of a cancelled class, naming the academy as ORGANIZER and this student as the
 * only ATTENDEE.
 */
export function classCalendarPart(
  { session, cohortName }: LiveClassPayload,
  { origin, from, to }: { origin: string; from: Mailbox; to: Mailbox },
): CalendarPart {
  const cancelled = session.status === 'cancelled';
  return {
    method: cancelled ? 'CANCEL' : 'REQUEST',
    filename: cancelled ? 'cancellation.ics' : 'invitation.ics',
    content: invitationCalendar(session, {
      origin,
      cohortName,
      organizer: { name: from.name, email: from.address },
      attendee: { name: to.name, email: to.address },
    }),
  };
}

/** RFC 8058: mail clients show "Unsubscribe" and POST `List-Unsubscribe=One-Click` to it. */
export function unsubscribeHeaders(
  { unsubscribeToken }: { unsubscribeToken: string },
  { origin }: { origin: string },
): Record<string, string> {
  return {
    'List-Unsubscribe': `<${origin}${unsubscribePath(unsubscribeToken)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** What, when (in the academy's zone, named), how long and for whom; then the join page. */
function ClassDetails({ session, cohortName, timeZone }: LiveClassPayload) {
  // The join page, never the meeting link: the page lets in only those who may join.
  const joinUrl = joinPageUrl(session.id, useSiteUrl(''));
  return (
    <>
      <BulletList
        items={[
          `What: ${session.title}`,
          `When: ${formatClassTime(session.starts_at, timeZone)}`,
          `How long: ${session.duration_minutes} minutes`,
          `Cohort: ${cohortName}`,
        ]}
      />
      {session.description && <QuotedText>{session.description}</QuotedText>}
      {session.status === 'scheduled' && (
        <>
          <ActionButton href={joinUrl}>Join the class</ActionButton>
          <Paragraph>
            The class page lets you in from {JOIN_OPENS_MINUTES_BEFORE} minutes before the start.
          </Paragraph>
        </>
      )}
    </>
  );
}

export function LiveClassInvitationEmail(payload: z.infer<typeof invitationPayload>) {
  const { name, cohortName, session, occasion } = payload;
  return (
    <EmailLayout
      heading={`Live class: ${session.title}`}
      preview={`${session.title}, ${timeOf(payload)}. The calendar invitation is attached.`}
    >
      <Paragraph>
        {occasion === 'joined-cohort'
          ? `Hi ${name}, welcome to ${cohortName}. This live class is on its schedule:`
          : `Hi ${name}, a live class was added to the schedule of ${cohortName}:`}
      </Paragraph>
      <ClassDetails {...payload} />
      <Paragraph>
        The calendar invitation is attached: add it to your calendar, and it follows the class if it
        moves.
      </Paragraph>
    </EmailLayout>
  );
}

export function LiveClassUpdateEmail(payload: LiveClassPayload) {
  const { name, cohortName, session } = payload;
  return (
    <EmailLayout
      heading={`${session.title} has changed`}
      preview={`It is now ${timeOf(payload)}. Your calendar event is updated by the attachment.`}
    >
      <Paragraph>
        Hi {name}, the live class {session.title} of {cohortName} has changed. This is the class
        now:
      </Paragraph>
      <ClassDetails {...payload} />
      <Paragraph>The attached invitation updates the event already in your calendar.</Paragraph>
    </EmailLayout>
  );
}

export function LiveClassCancellationEmail(payload: LiveClassPayload) {
  const { name, cohortName, session } = payload;
  return (
    <EmailLayout
      heading={`${session.title} is cancelled`}
      preview={`The live class of ${timeOf(payload)} will not take place.`}
    >
      <Paragraph>
        Hi {name}, the live class {session.title} of {cohortName} on {timeOf(payload)} is cancelled:
        it will not take place.
      </Paragraph>
      <ClassDetails {...payload} />
      <Paragraph>The attached cancellation removes the event from your calendar.</Paragraph>
    </EmailLayout>
  );
}

export function LiveClassReminderEmail(payload: ReminderPayload) {
  const { name, session, unsubscribeToken } = payload;
  const unsubscribeUrl = useSiteUrl(unsubscribePath(unsubscribeToken));
  const when = reminderWhen(payload);
  return (
    <EmailLayout
      heading={`${session.title} starts ${when}`}
      preview={`${session.title}, ${timeOf(payload)}.`}
    >
      <Paragraph>
        Hi {name}, a reminder: the live class {session.title} starts {when}, on {timeOf(payload)}.
      </Paragraph>
      <ClassDetails {...payload} />
      <Paragraph>
        You get a reminder a day and an hour before each live class.{' '}
        <TextLink href={unsubscribeUrl}>Turn off reminders</TextLink>
      </Paragraph>
    </EmailLayout>
  );
}
