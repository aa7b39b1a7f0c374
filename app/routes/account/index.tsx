import { data } from 'react-router';
import { requireSignedIn } from '~/features/auth/guards.server';
import { site } from '~/content/site';
import {
  ACCOUNT_INTENTS,
  ACCOUNT_MESSAGES,
  accountFormSchema,
} from '~/features/account/account-forms';
import { accountPaymentsOf } from '~/features/account/account-payments.server';
import { AccountView } from '~/features/account/account-view';
import { enrolmentStandingOf } from '~/features/enrolment/enrolment-standing.server';
import { devicesOf, signOutDevice } from '~/features/account/devices.server';
import { renameUser } from '~/features/account/profile.server';
import { setReminderEmails } from '~/features/live-classes/reminder-preference.server';
import { setReviewEmails } from '~/features/mentors/mentor-emails.server';
import { mentorsAnyCohort } from '~/features/mentors/mentors.server';
import { listTransfersOf } from '~/features/transfers/my-transfers.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { parseForm, refuseForm } from '~/lib/form.server';
import { requireServerContext } from '~/load-context';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import type { Route } from './+types/index';
import { privatePageMeta } from '~/lib/seo';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

/** `/account` (decision 050): the signed-in person's profile, devices, e-mails and payments. */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const { user, sessionHash } = await requireSignedIn(ctx, '/account');
  const { db } = ctx;
  const [devices, { payments }, enrolment, transfers, mentor] = await Promise.all([
    devicesOf(db, user.id, { sessionHash, settings: ctx.sessionSettings }),
    accountPaymentsOf(db, user.id),
    enrolmentStandingOf(db, user.id, { graceDays: ctx.env.OVERDUE_GRACE_DAYS }),
    listTransfersOf(db, user.id),
    mentorsAnyCohort(db, user.id),
  ]);
  return {
    account: {
      profile: { name: user.name, email: user.email },
      devices,
      optionalEmails: user.reminder_emails === 1,
      reviewEmails: mentor ? user.review_emails : null,
      payments,
      enrolment: enrolment ?? null,
      transfers,
    },
  };
}

/**
 * The page's forms: Save name, Sign out (a device), Save e-mail preferences, and a mentor's
 * Save how I hear of projects.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const { user } = await requireSignedIn(ctx, '/account');
  const { db } = ctx;
  const form = await parseForm(request, accountFormSchema);
  if (!form.ok) return refuseForm(form.errors);
  // Each form ends back on its own section of the page, with what was done.
  const done = (section: string, message: string) =>
    redirectWithFlash(ctx, `/account#${section}`, { type: 'success', message });
  switch (form.data.intent) {
    case ACCOUNT_INTENTS.rename:
      await renameUser(db, user.id, form.data.name);
      ctx.log.info({ event: 'name-changed', userId: user.id }, 'audit');
      // Open admin lists show the new name.
      ctx.changeEvents.publish({ collection: 'users', id: user.id });
      return done('profile', ACCOUNT_MESSAGES.nameSaved);
    case ACCOUNT_INTENTS.signOutDevice:
      if ((await signOutDevice(db, user.id, form.data.device)) === 'not-found') {
        throw data(ACCOUNT_MESSAGES.device, { status: 404 });
      }
      ctx.log.info({ event: 'logout-device', userId: user.id }, 'security');
      // That browser's open event streams re-check their session now.
      ctx.changeEvents.publish({ collection: 'sessions', id: user.id });
      return done('devices', ACCOUNT_MESSAGES.deviceSignedOut);
    case ACCOUNT_INTENTS.emailPreferences: {
      const on = form.data.optionalEmails === 'on';
      await setReminderEmails(db, user.id, on);
      return done('email-preferences', on ? ACCOUNT_MESSAGES.emailsOn : ACCOUNT_MESSAGES.emailsOff);
    }
    case ACCOUNT_INTENTS.reviewEmails: {
      const daily = form.data.reviewEmails === 'daily';
      await setReviewEmails(db, user.id, form.data.reviewEmails);
      return done(
        'review-emails',
        daily ? ACCOUNT_MESSAGES.reviewDaily : ACCOUNT_MESSAGES.reviewEach,
      );
    }
  }
}

export const meta: Route.MetaFunction = () => privatePageMeta(`Your account | ${site.shortName}`);

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountView account={loaderData.account} errors={useActionDataThroughRefreshes(actionData)} />
  );
}
