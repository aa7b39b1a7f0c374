import type { Kysely } from 'kysely';
import { data } from 'react-router';
import type { Database } from '~/db/schema';
import { z } from '~/lib/zod';
import { refusal } from '~/lib/refusal';
import { refuseWith } from '~/lib/refusal.server';
import {
  CERTIFICATE_REFUSALS,
  FULLSTACK_GRANT_REFUSALS,
  USER_STATUS_REFUSALS,
} from './user-details-refusals.server';
import {
  activePaidEnrolment,
  changeUserStatus,
  findUserForAdmin,
  listUserChanges,
  USER_STATUS_ERRORS,
} from '~/features/admin/user-status.server';
import { USER_STATUS_SAVED, userStatusFormSchema } from '~/features/admin/user-status-form';
import { parseUserSearch, userSearchQuery } from '~/features/admin/user-search';
import { UserDetailsView } from '~/features/admin/user-details-view';
import { listInvitationsAndTransfers } from '~/features/admin/user-history.server';
import { buildTimeline } from '~/features/admin/user-timeline';
import { requireAdmin } from '~/features/auth/guards.server';
import { CertificateAdminSection } from '~/features/certificates/certificate-admin-section';
import {
  CERTIFICATE_MESSAGES,
  ISSUE_CERTIFICATE_INTENT,
  issueCertificateFormSchema,
  REVOKE_CERTIFICATE_INTENT,
  revokeCertificateFormSchema,
} from '~/features/certificates/certificate-form';
import {
  certificateChoices,
  findCertificate,
  issueCertificate,
  listCertificatesOfUser,
  revokeCertificate,
} from '~/features/certificates/certificates.server';
import { cohortOptions } from '~/features/cohorts/cohorts.server';
import { listEmailsForUser, retryFailedEmail } from '~/features/email/outbox.server';
import { RETRY_EMAIL_INTENT, RETRY_EMAIL_MESSAGES } from '~/features/email/retry-email-form';
import { UserEmails } from '~/features/email/user-emails-view';
import { attendanceOfUser } from '~/features/live-classes/attendance.server';
import { UserAttendanceSection } from '~/features/live-classes/user-attendance-section';
import { enrolmentChangesOf, pausedPlanOf } from '~/features/enrolment/overdue.server';
import { listEnrolmentsAndPayments } from '~/features/enrolment/user-payments.server';
import { UserPayments } from '~/features/enrolment/user-payments-view';
import { staffChangesFor } from '~/features/mentors/mentors.server';
import { listCompletedSteps } from '~/features/progress/progress.server';
import { submissionsOf } from '~/features/projects/submissions.server';
import { gradedQuizAttemptsOf, standingsFrom } from '~/features/quizzes/quiz-attempts.server';
import { QuizStandingsSection } from '~/features/quizzes/quiz-standings';
import {
  FULLSTACK_GRANT_MESSAGES,
  GRANT_FULLSTACK_INTENT,
  grantFullstackFormSchema,
  REVOKE_FULLSTACK_INTENT,
  REVOKE_FULLSTACK_QUERY,
  revokeFullstackFormSchema,
} from '~/features/fullstack/fullstack-grant-form';
import {
  fullstackTrackOf,
  grantFullstack,
  revokeFullstackGrant,
} from '~/features/fullstack/fullstack-grants.server';
import { FullstackTrackSection } from '~/features/fullstack/fullstack-track-section';
import { redirectWithFlash } from '~/lib/flash.server';
import { parseForm, refuseForm } from '~/lib/form.server';
import { requireServerContext, type RequestContext } from '~/load-context';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import type { Route } from './+types/user-details';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

const userDetailsFormSchema = z.discriminatedUnion(
  'intent',
  [
    userStatusFormSchema,
    z.object({
      intent: z.literal(RETRY_EMAIL_INTENT),
      emailId: z
        .string({ error: RETRY_EMAIL_MESSAGES.noEmail })
        .min(1, RETRY_EMAIL_MESSAGES.noEmail)
        .max(100, RETRY_EMAIL_MESSAGES.noEmail),
    }),
    issueCertificateFormSchema,
    revokeCertificateFormSchema,
    grantFullstackFormSchema,
    revokeFullstackFormSchema,
  ],
  { error: CERTIFICATE_MESSAGES.unknownForm },
);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const ctx = requireServerContext(context);
  const { db } = ctx;
  const user = await findUserForAdmin(db, params.id);
  if (!user) throw data(USER_STATUS_ERRORS.notFound, { status: 404 });
  const { searchParams } = new URL(request.url);
  const backTo = `/admin/home${userSearchQuery(parseUserSearch(searchParams))}`;
  const [
    changes,
    emails,
    purchases,
    cohorts,
    history,
    completedSteps,
    certificates,
    paid,
    staffChanges,
    projects,
    certificateTracks,
    attendance,
    quizAttempts,
    fullstack,
    enrolmentChanges,
    pausedPlan,
  ] = await Promise.all([
    listUserChanges(db, user.id),
    listEmailsForUser(db, user.id),
    listEnrolmentsAndPayments(db, user.id),
    cohortOptions(db, { current: user.cohort }),
    listInvitationsAndTransfers(db, user),
    listCompletedSteps(db, user.id),
    listCertificatesOfUser(db, user.id),
    activePaidEnrolment(db, user.id),
    staffChangesFor(db, user.id),
    submissionsOf(db, user.id),
    certificateChoices(db, user.id),
    attendanceOfUser(db, user.id),
    gradedQuizAttemptsOf(db, user.id),
    fullstackTrackOf(db, user.id),
    enrolmentChangesOf(db, user.id),
    pausedPlanOf(db, user.id),
  ]);
  const timeline = buildTimeline({
    user,
    changes,
    emails,
    purchases,
    ...history,
    certificates,
    staffChanges,
    projects,
    quizAttempts,
    enrolmentChanges,
  });
  return {
    user,
    paidEnrolment: paid,
    pausedPlan,
    emails,
    purchases,
    cohorts,
    timeline,
    backTo,
    completedSteps,
    certificateTracks,
    certificates,
    attendance,
    quizzes: standingsFrom(quizAttempts),
    fullstack,
    confirmingRevoke: searchParams.get(REVOKE_FULLSTACK_QUERY) === 'confirm',
    timeZone: ctx.env.ACADEMY_TIME_ZONE,
  };
}

/**
 * Update User Status (with the guard rails of `changeUserStatus`), Retry a failed e-mail,
 * Issue certificate of a track the student holds (a note before all of its steps and approved
 * projects) and Revoke it (with a reason),
 * Grant the FullStack track and Revoke the grant (each with a reason; decision 063). A refusal
 * answers 400 (404, 403, 409 from the domain's rules), carries the intent and what was
 * typed so the page shows it beside the right form, and writes nothing.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const admin = await requireAdmin(ctx);
  const parsed = await parseForm(request, userDetailsFormSchema);
  if (!parsed.ok) return refuseForm(parsed.errors);
  const { data: fields } = parsed;
  const { db } = ctx;
  const userId = params.id;
  const actor = { id: admin.id, name: admin.name };
  const backToUser = (message: string) =>
    redirectWithFlash(ctx, `/admin/user-details/${encodeURIComponent(userId)}`, {
      type: 'success',
      message,
    });
  // The typed values, so a page without JavaScript shows them again beside the refusal.
  const values = Object.fromEntries(
    [...parsed.form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const answering: Answering = { ctx, db, admin, actor, userId, values, backToUser };

  switch (fields.intent) {
    case GRANT_FULLSTACK_INTENT:
    case REVOKE_FULLSTACK_INTENT:
      return answerFullstackGrant(fields, answering);
    case RETRY_EMAIL_INTENT: {
      if (!(await retryFailedEmail(db, fields.emailId, userId))) {
        const formError = RETRY_EMAIL_MESSAGES.notRetryable;
        return refuseForm({ formError, fieldErrors: {}, values }, 409);
      }
      ctx.log.info(
        { event: 'email-retried', emailId: fields.emailId, userId, by: admin.id },
        'audit',
      );
      ctx.mail.wakeWorker();
      return backToUser(RETRY_EMAIL_MESSAGES.queued);
    }
    case ISSUE_CERTIFICATE_INTENT:
    case REVOKE_CERTIFICATE_INTENT:
      return answerCertificate(fields, answering);
    default: {
      const { access, cohort, reason } = fields;
      const change = { access, cohort, reason };
      const changed = await changeUserStatus(db, userId, change, actor, {
        adminEmails: ctx.env.ADMIN_EMAILS,
      });
      if (!changed.ok) return refuseWith(USER_STATUS_REFUSALS, changed, values);
      ctx.log.info({ event: 'user-status-changed', userId, by: admin.id, ...change }, 'audit');
      ctx.changeEvents.publish({ collection: 'users', id: userId });
      return redirectWithFlash(ctx, '/admin/home', {
        type: 'success',
        message: USER_STATUS_SAVED,
      });
    }
  }
}

/** What each of the action's answers needs: who acts, on whom, and what was typed. */
interface Answering {
  ctx: RequestContext;
  db: Kysely<Database>;
  admin: { id: string };
  actor: { id: string; name: string };
  userId: string;
  values: Record<string, string>;
  backToUser: (message: string) => Promise<Response>;
}

type FieldsOf<Intent extends z.infer<typeof userDetailsFormSchema>['intent']> = Extract<
  z.infer<typeof userDetailsFormSchema>,
  { intent: Intent }
>;

async function answerFullstackGrant(
  fields: FieldsOf<typeof GRANT_FULLSTACK_INTENT | typeof REVOKE_FULLSTACK_INTENT>,
  { ctx, db, admin, actor, userId, values, backToUser }: Answering,
) {
  const granting = fields.intent === GRANT_FULLSTACK_INTENT;
  const change = { userId, admin: actor, reason: fields.reason };
  const outcome = granting
    ? await grantFullstack(db, change)
    : await revokeFullstackGrant(db, change);
  if (!outcome.ok) {
    if (outcome.reason === 'unknownUser') {
      throw data(USER_STATUS_ERRORS.notFound, { status: 404 });
    }
    return refuseWith(FULLSTACK_GRANT_REFUSALS, outcome, values);
  }
  ctx.log.info(
    {
      event: granting ? 'fullstack-granted' : 'fullstack-revoked',
      userId,
      by: admin.id,
      reason: fields.reason,
    },
    'audit',
  );
  ctx.changeEvents.publish({ collection: 'users', id: userId });
  // A revocation's e-mail to the student waits in the outbox.
  if (!granting) ctx.mail.wakeWorker();
  return backToUser(FULLSTACK_GRANT_MESSAGES[granting ? 'granted' : 'revoked']);
}

async function answerCertificate(
  fields: FieldsOf<typeof ISSUE_CERTIFICATE_INTENT | typeof REVOKE_CERTIFICATE_INTENT>,
  { ctx, db, admin, actor, userId, values, backToUser }: Answering,
) {
  if (fields.intent === ISSUE_CERTIFICATE_INTENT) {
    const { track, name, note } = fields;
    const issued = await issueCertificate(db, { userId, track, name, note, admin: actor });
    if (!issued.ok) {
      // An unknown person: the page's own 404, as its loader answers.
      if (issued.reason === 'userNotFound') {
        throw data(CERTIFICATE_MESSAGES.userNotFound, { status: 404 });
      }
      return refuseWith(CERTIFICATE_REFUSALS, issued, values);
    }
    const { certificate, emailed } = issued;
    const early = certificate.note !== null;
    ctx.log.info(
      {
        event: 'certificate-issued',
        certificateId: certificate.id,
        userId,
        by: admin.id,
        track,
        early,
      },
      'audit',
    );
    if (emailed) ctx.mail.wakeWorker();
    return backToUser(emailed ? CERTIFICATE_MESSAGES.issued : CERTIFICATE_MESSAGES.issuedNoEmail);
  }
  const certificate = await findCertificate(db, fields.certificateId);
  // A certificate of someone else is not on this page: the same answer as none at all.
  if (!certificate || certificate.user_id !== userId) {
    return refuseWith(CERTIFICATE_REFUSALS, refusal('notFound'), values);
  }
  const revoked = await revokeCertificate(db, certificate.id, {
    reason: fields.reason,
    admin: actor,
  });
  if (!revoked.ok) return refuseWith(CERTIFICATE_REFUSALS, revoked, values);
  ctx.log.info(
    { event: 'certificate-revoked', certificateId: certificate.id, userId, by: admin.id },
    'audit',
  );
  return backToUser(CERTIFICATE_MESSAGES.revoked);
}

export default function UserDetailsPage({
  loaderData,
  actionData: answered,
}: Route.ComponentProps) {
  const actionData = useActionDataThroughRefreshes(answered);
  const {
    emails,
    purchases,
    certificates,
    certificateTracks,
    attendance,
    quizzes,
    fullstack,
    confirmingRevoke,
    timeZone,
    ...details
  } = loaderData;
  const intent = actionData?.values.intent;
  // A refusal shows beside the form it answers: a certificate's, else the status form's.
  const forCertificate =
    intent === ISSUE_CERTIFICATE_INTENT || intent === REVOKE_CERTIFICATE_INTENT;
  const forGrant = intent === GRANT_FULLSTACK_INTENT || intent === REVOKE_FULLSTACK_INTENT;
  return (
    <UserDetailsView
      {...details}
      errors={forCertificate || forGrant ? undefined : actionData}
      certificate={
        <CertificateAdminSection
          displayName={details.user.name}
          tracks={certificateTracks}
          certificates={certificates}
          errors={forCertificate ? actionData : undefined}
        />
      }
      liveClasses={<UserAttendanceSection attendance={attendance} timeZone={timeZone} />}
    >
      <FullstackTrackSection
        track={fullstack}
        confirmingRevoke={confirmingRevoke}
        errors={forGrant ? actionData : undefined}
      />
      <QuizStandingsSection standings={quizzes} />
      <UserPayments {...purchases} />
      <UserEmails emails={emails} />
    </UserDetailsView>
  );
}
