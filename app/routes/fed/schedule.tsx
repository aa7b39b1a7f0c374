import { site } from '~/content/site';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireStudent } from '~/features/auth/guards.server';
import { feedTokenOf, resetFeedToken } from '~/features/live-classes/calendar-feeds.server';
import { setReminderEmails } from '~/features/live-classes/reminder-preference.server';
import {
  RESET_FEED,
  SCHEDULE_MESSAGES,
  scheduleFormSchema,
} from '~/features/live-classes/schedule-form';
import { ScheduleView, type ScheduleData } from '~/features/live-classes/schedule-view';
import { ownCohortOf, scheduleOfCohort } from '~/features/live-classes/student-classes.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { parseForm, refuseForm } from '~/lib/form.server';
import { requireServerContext } from '~/load-context';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import type { Route } from './+types/schedule';
import { privatePageMeta } from '~/lib/seo';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

/**
 * `/fed/schedule`: every class of the reader's own cohort, their private calendar feed
 * (its token made on the first visit) and their reminder setting. The protected steps'
 * guard: anyone else gets their Permission Denied page.
 */
export async function loader({ context }: Route.LoaderArgs): Promise<{ schedule: ScheduleData }> {
  const viewer = await requireStudent(context);
  const ctx = requireServerContext(context);
  const { db } = ctx;
  const { env } = ctx;
  const academyZone = env.ACADEMY_TIME_ZONE;
  const { user } = await ctx.session();
  const cohort = user && (await ownCohortOf(db, user));
  if (!cohort) {
    const runsClasses = viewer.access === 'admin' || viewer.mentorsACohort;
    return { schedule: { kind: 'no-cohort', runsClasses } };
  }
  const now = new Date();
  const [classes, token] = await Promise.all([
    scheduleOfCohort(db, cohort.id, { origin: env.ORIGIN, now }),
    feedTokenOf(db, viewer.id, now),
  ]);
  const url = `${env.ORIGIN}/calendar/${token}.ics`;
  return {
    schedule: {
      kind: 'cohort',
      cohortName: cohort.name,
      academyZone,
      ...classes,
      feed: { url, webcal: url.replace(/^https?:\/\//, 'webcal://') },
      // The session's row, read for this request: the setting as it is now.
      reminders: user.reminder_emails === 1,
    },
  };
}

/** Reset link, and the reminder setting: the reader's own, behind the same guard. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireStudent(context);
  const ctx = requireServerContext(context);
  const { db } = ctx;
  const form = await parseForm(request, scheduleFormSchema);
  if (!form.ok) return refuseForm(form.errors);
  if (form.data.intent === RESET_FEED) {
    await resetFeedToken(db, viewer.id);
    ctx.log.info({ event: 'calendar-feed-reset', userId: viewer.id }, 'audit');
    return redirectWithFlash(ctx, '/fed/schedule#calendar-feed', {
      type: 'success',
      message: SCHEDULE_MESSAGES.feedReset,
    });
  }
  const on = form.data.reminders === 'on';
  await setReminderEmails(db, viewer.id, on);
  return redirectWithFlash(ctx, '/fed/schedule', {
    type: 'success',
    message: on ? SCHEDULE_MESSAGES.remindersOn : SCHEDULE_MESSAGES.remindersOff,
  });
}

export const meta: Route.MetaFunction = () => privatePageMeta(`Schedule | ${site.shortName}`);

export default function SchedulePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ScheduleView
      schedule={loaderData.schedule}
      formError={useActionDataThroughRefreshes(actionData)?.formError}
    />
  );
}

export const ErrorBoundary = GuardedRouteBoundary;
