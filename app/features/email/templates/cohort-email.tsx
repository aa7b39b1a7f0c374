import { z } from '~/lib/zod';
import { cohortCalendar } from '~/features/live-classes/calendar.server';
import { formatClassTime } from '~/features/live-classes/class-times';
import type { CalendarPart } from '../mail-transport.server';
import { ActionButton, BulletList, EmailLayout, Paragraph, useSiteUrl } from './email-layout';
import { isTimeZone, liveClassPayload } from './live-class-emails';

export const cohortPlacedSubject = ({ cohortName }: { cohortName: string }) =>
  `Your cohort: ${cohortName}`;

export const cohortPlacedPayload = z.object({
  name: z.string().min(1).max(200),
  cohortName: z.string().min(1).max(200),
  /** "12 January 2027", or null while the cohort has no start date. */
  startDate: z.string().min(1).nullable(),
  /** Free text, e.g. "Tue and Thu, 7–9 pm WAT"; empty when not set. */
  schedule: z.string().max(500),
  /**
   * The cohort's classes to come when a student joined it, as they were then (decision 071);
   * absent from messages queued before, and for someone placed without course access.
   */
  classes: z.array(liveClassPayload.shape.session).min(1).optional(),
  /** ACADEMY_TIME_ZONE when it was queued: the classes' times are in it, named. */
  timeZone: z.string().min(1).refine(isTimeZone).optional(),
});

export type CohortPlacedEmailProps = z.infer<typeof cohortPlacedPayload>;

/**
 * The calendar file of the classes listed, one event each (decision 071); none when the
 * message lists no class.
 */
export function cohortCalendarPart(
  { classes, cohortName }: CohortPlacedEmailProps,
  { origin, from }: { origin: string; from: { name: string; address: string } },
): CalendarPart | undefined {
  if (!classes) return undefined;
  return {
    method: 'PUBLISH',
    filename: 'live-classes.ics',
    content: cohortCalendar(classes, {
      origin,
      cohortName,
      organizer: { name: from.name, email: from.address },
    }),
  };
}

/**
 * Someone was placed in a cohort (an approval, an invitation, an admin), or became one of its
 * students: which cohort, when it starts, and its live classes to come with their calendar.
 */
export function CohortPlacedEmail({
  name,
  cohortName,
  startDate,
  schedule,
  classes,
  timeZone,
}: CohortPlacedEmailProps) {
  const homeUrl = useSiteUrl('/fed/home');
  const listed = (timeZone && classes) || [];
  return (
    <EmailLayout heading={`You are in ${cohortName}`} preview={`Your cohort is ${cohortName}.`}>
      <Paragraph>
        Hi {name}, you are in the cohort {cohortName}
        {startDate ? `, which starts on ${startDate}` : ''}. You learn, meet your mentor and join
        the live classes with its students.
      </Paragraph>
      {schedule && <Paragraph>Its live classes: {schedule}.</Paragraph>}
      {listed.length > 0 && (
        <>
          <Paragraph>
            {listed.length === 1
              ? 'Its next live class:'
              : `Its next ${listed.length} live classes:`}
          </Paragraph>
          <BulletList
            items={listed.map(
              (session) => `${formatClassTime(session.starts_at, timeZone!)}: ${session.title}`,
            )}
          />
          <Paragraph>
            The attached calendar file adds them all to your calendar; when a class moves or is
            cancelled, an e-mail updates its event.
          </Paragraph>
        </>
      )}
      <ActionButton href={homeUrl}>Go to your course</ActionButton>
    </EmailLayout>
  );
}
