import { data } from 'react-router';
import {
  activePaidEnrolment,
  listUserChanges,
  USER_STATUS_ERRORS,
} from '~/features/admin/user-status.server';
import { saveUserStatus } from '~/features/admin/save-user-status.server';
import { parseUserSearch, userSearchQuery } from '~/features/admin/user-search';
import { UserDetailsView } from '~/features/admin/user-details-view';
import { listInvitationsAndTransfers } from '~/features/admin/user-history.server';
import { buildTimeline } from '~/features/admin/user-timeline';
import { requireAdmin } from '~/features/auth/guards.server';
import {
  issueCertificateFromForm,
  revokeCertificateFromForm,
} from '~/features/certificates/certificate-admin.server';
import { CertificateAdminSection } from '~/features/certificates/certificate-admin-section';
import {
  ISSUE_CERTIFICATE_INTENT,
  REVOKE_CERTIFICATE_INTENT,
} from '~/features/certificates/certificate-form';
import { listCertificatesOfUser } from '~/features/certificates/certificates.server';
import { cohortOptions } from '~/features/cohorts/cohorts.server';
import { listEmailsForUser } from '~/features/email/outbox.server';
import { RETRY_EMAIL_INTENT } from '~/features/email/retry-email-form';
import { retryEmail } from '~/features/email/retry-email.server';
import { UserEmails } from '~/features/email/user-emails-view';
import { listEnrolmentsAndPayments } from '~/features/enrolment/user-payments.server';
import { UserPayments } from '~/features/enrolment/user-payments-view';
import { NUMBERED_STEPS } from '~/features/progress/progress';
import { listCompletedSteps } from '~/features/progress/progress.server';
import { requireServices } from '~/lib/load-context';
import { FORM_UNREADABLE, readForm } from '~/lib/form.server';
import type { Route } from './+types/user-details';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { db } = requireServices(context).services.database;
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'access', 'cohort', 'created_at'])
    .where('id', '=', params.id)
    .executeTakeFirst();
  if (!user) throw data(USER_STATUS_ERRORS.notFound, { status: 404 });
  const backTo = `/admin/home${userSearchQuery(parseUserSearch(new URL(request.url).searchParams))}`;
  const [changes, emails, purchases, cohorts, history, completedSteps, certificates, paid] =
    await Promise.all([
      listUserChanges(db, user.id),
      listEmailsForUser(db, user.id),
      listEnrolmentsAndPayments(db, user.id),
      cohortOptions(db, { current: user.cohort }),
      listInvitationsAndTransfers(db, user),
      listCompletedSteps(db, user.id),
      listCertificatesOfUser(db, user.id),
      activePaidEnrolment(db, user.id),
    ]);
  const timeline = buildTimeline({ user, changes, emails, purchases, ...history, certificates });
  return {
    user,
    paidEnrolment: paid,
    emails,
    purchases,
    cohorts,
    timeline,
    backTo,
    completedSteps,
    certificates,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context);
  const services = requireServices(context);
  const form = await readForm(request);
  if (!form) return data({ error: FORM_UNREADABLE }, { status: 400 });
  const intent = form.get('intent');
  if (intent === RETRY_EMAIL_INTENT) return retryEmail(form, services, admin, params.id);
  if (intent === ISSUE_CERTIFICATE_INTENT) {
    return issueCertificateFromForm(form, services, admin, params.id);
  }
  if (intent === REVOKE_CERTIFICATE_INTENT) {
    return revokeCertificateFromForm(form, services, admin, params.id);
  }
  return saveUserStatus(form, services, admin, params.id);
}

export default function UserDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { emails, purchases, certificates, ...details } = loaderData;
  const done = details.completedSteps.length;
  return (
    <UserDetailsView
      {...details}
      error={actionData && 'error' in actionData ? actionData.error : undefined}
      certificate={
        <CertificateAdminSection
          displayName={details.user.name}
          done={done}
          total={NUMBERED_STEPS.length}
          certificates={certificates}
          error={actionData && 'certificateError' in actionData ? actionData : undefined}
        />
      }
    >
      <UserPayments {...purchases} />
      <UserEmails emails={emails} />
    </UserDetailsView>
  );
}
