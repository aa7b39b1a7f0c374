import { z } from '~/lib/zod';
import { STEP_SLUGS } from '~/content/course-steps';
import { FORM_UNREADABLE, formText, httpsLink, plainText, wholeNumber } from '~/lib/form-fields';
import { wallTimeToUtc } from './class-times';

/** The buttons of the class pages (the `intent` field that `parseForm` reads). */
export const ADD_CLASS = 'add-class';
export const SAVE_CLASS = 'save-class';
export const CANCEL_CLASS = 'cancel-class';
export const SAVE_RECORDING = 'save-recording';
export const MARK_ATTENDANCE = 'mark-attendance';

export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 2000;
/** Eight hours: a longer "class" is a typing mistake. */
export const DURATION_MAX = 480;
/** A year of weekly classes. */
export const REPEAT_MAX = 52;

export const CLASS_MESSAGES = {
  title: 'Enter a title for the class.',
  titleTooLong: `A title can be at most ${TITLE_MAX} characters.`,
  descriptionTooLong: `A description can be at most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters.`,
  date: 'Enter the date of the class.',
  time: 'Enter the start time of the class, such as 18:00.',
  noSuchTime: 'That time does not exist in the academy’s time zone on that day.',
  past: 'Choose a date and time in the future.',
  duration: `Enter the length in minutes, from 1 to ${DURATION_MAX} (8 hours).`,
  joinUrl: 'Enter the meeting link, starting with https://.',
  recordingUrl: 'Enter the recording’s link, starting with https://.',
  step: 'Choose one of the course’s steps, or none.',
  repeat: `Enter how many weeks to repeat it, from 1 to ${REPEAT_MAX}, or leave it empty.`,
  intent: FORM_UNREADABLE,
  mark: 'Choose Present or Absent.',
  notMember: 'That person is not a student of this cohort.',
  notFound: 'No such class.',
  noCohort: 'There is no such cohort.',
  forbidden: 'Only admins and this cohort’s mentors can change its live classes.',
  notEnded: 'A recording can be added once the class has ended.',
  cancelledAlready: 'This class is cancelled already.',
  cancelled: 'This class is cancelled: it cannot be changed.',
  added: (count: number) =>
    count === 1 ? 'Live class added.' : `${count} weekly live classes added.`,
  saved: 'Live class saved. Its students have been sent the new time.',
  cancelledDone: 'Live class cancelled. Its students have been told.',
  recordingSaved: 'Recording link saved.',
  marked: (name: string, mark: 'present' | 'absent') =>
    `${name} is marked ${mark === 'present' ? 'Present' : 'Absent'}.`,
} as const;

/** What the add and edit forms send; `startsAt` is computed from the date and time. */
const classFields = {
  title: plainText(TITLE_MAX, {
    tooLong: CLASS_MESSAGES.titleTooLong,
    invalid: CLASS_MESSAGES.title,
  }).pipe(z.string().min(1, CLASS_MESSAGES.title)),
  description: plainText(DESCRIPTION_MAX, {
    tooLong: CLASS_MESSAGES.descriptionTooLong,
    invalid: CLASS_MESSAGES.intent,
  }),
  date: formText(CLASS_MESSAGES.date).pipe(
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, CLASS_MESSAGES.date),
  ),
  time: formText(CLASS_MESSAGES.time).pipe(
    z
      .string()
      .trim()
      .regex(/^\d{2}:\d{2}$/, CLASS_MESSAGES.time),
  ),
  durationMinutes: wholeNumber(CLASS_MESSAGES.duration, 1, DURATION_MAX).pipe(z.number()),
  joinUrl: httpsLink(CLASS_MESSAGES.joinUrl).pipe(z.string()),
  step: formText(CLASS_MESSAGES.step).pipe(
    z.enum(['', ...STEP_SLUGS], { error: CLASS_MESSAGES.step }).transform((step) => step || null),
  ),
};

export interface ClassFormContext {
  /** ACADEMY_TIME_ZONE: the date and time are read in it. */
  timeZone: string;
  now: Date;
}

/**
 * The wall date and time in the academy's zone as a UTC instant, refused when it does not
 * exist; a new class (`mustBeFuture`) is also refused in the past. A class being edited
 * may keep a past time: its attendance and recording belong to that time.
 */
function withStart<T extends { date: string; time: string }>(
  { timeZone, now }: ClassFormContext,
  mustBeFuture: boolean,
) {
  return (fields: T, context: z.RefinementCtx): (T & { startsAt: Date }) | typeof z.NEVER => {
    const startsAt = wallTimeToUtc(fields.date, fields.time, timeZone);
    if (!startsAt) {
      context.addIssue({ code: 'custom', path: ['date'], message: CLASS_MESSAGES.noSuchTime });
      return z.NEVER;
    }
    if (mustBeFuture && startsAt.getTime() <= now.getTime()) {
      context.addIssue({ code: 'custom', path: ['date'], message: CLASS_MESSAGES.past });
      return z.NEVER;
    }
    return { ...fields, startsAt };
  };
}

/** Add a live class: its fields and "Repeat weekly for N weeks" (empty: once). */
export function addClassSchema(context: ClassFormContext) {
  return z
    .object({
      intent: z.literal(ADD_CLASS, { error: CLASS_MESSAGES.intent }),
      ...classFields,
      repeatWeeks: wholeNumber(CLASS_MESSAGES.repeat, 1, REPEAT_MAX, { optional: true }).transform(
        (weeks) => weeks ?? 1,
      ),
    })
    .transform(withStart(context, true));
}

/** A class page's forms: save its fields, cancel it, its recording, an attendance mark. */
export function classPageSchema(context: ClassFormContext) {
  return z.discriminatedUnion(
    'intent',
    [
      z
        .object({ intent: z.literal(SAVE_CLASS), ...classFields })
        .transform(withStart(context, false)),
      z.object({ intent: z.literal(CANCEL_CLASS) }),
      z.object({
        intent: z.literal(SAVE_RECORDING),
        recordingUrl: httpsLink(CLASS_MESSAGES.recordingUrl).pipe(z.string()),
      }),
      z.object({
        intent: z.literal(MARK_ATTENDANCE),
        userId: z.string({ error: CLASS_MESSAGES.notMember }).min(1).max(200),
        mark: z.enum(['present', 'absent'], { error: CLASS_MESSAGES.mark }),
      }),
    ],
    { error: CLASS_MESSAGES.intent },
  );
}

export type AddClassForm = z.output<ReturnType<typeof addClassSchema>>;
export type ClassPageForm = z.output<ReturnType<typeof classPageSchema>>;
export type ClassFields = Extract<ClassPageForm, { intent: typeof SAVE_CLASS }>;
