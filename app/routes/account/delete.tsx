import { z } from '~/lib/zod';
import { site } from '~/content/site';
import { ACCOUNT_DATA_MESSAGES } from '~/features/account/account-data';
import { deleteAccount, isLastAdmin } from '~/features/account/account-deletion.server';
import { DeleteAccountView } from '~/features/account/delete-account-view';
import { PROVIDER_LABELS } from '~/features/enrolment/payment-search';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireSignedIn } from '~/features/auth/guards.server';
import { clearSessionCookie } from '~/features/auth/session.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { parseForm, refuseForm } from '~/lib/form.server';
import { requireServerContext } from '~/load-context';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import type { Route } from './+types/delete';
import { privatePageMeta } from '~/lib/seo';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

const confirmSchema = z.object({
  email: z.string().trim().min(1, ACCOUNT_DATA_MESSAGES.emailField).max(320),
});

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServerContext(context);
  const { user } = await requireSignedIn(ctx, '/account/delete');
  return {
    email: user.email,
    lastAdmin: await isLastAdmin(ctx.db, user.access),
  };
}

/**
 * Deletes the session's own account once its address is typed (decision 049). Refused, with
 * nothing changed: a wrong address (400), the last admin (409), an installment plan its
 * provider could not be asked to end (503, decision 064). Done: every session ended,
 * the cookie cleared, the confirmation woken, and the home page with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const { user } = await requireSignedIn(ctx, '/account/delete');
  const parsed = await parseForm(request, confirmSchema);
  if (!parsed.ok) return refuseForm(parsed.errors);
  const { db, payments } = ctx;
  const outcome = await deleteAccount(db, {
    userId: user.id,
    typedEmail: parsed.data.email,
    providers: payments.mode === 'automatic' ? payments.providers : new Map(),
  });
  if (!outcome.ok) {
    const values = { email: parsed.data.email };
    if (outcome.reason === 'provider-unreachable') {
      ctx.log.warn(
        { event: 'account-deletion-waits', provider: outcome.provider, detail: outcome.detail },
        'An installment plan could not be ended: the account was not deleted',
      );
      return refuseForm(
        {
          formError: ACCOUNT_DATA_MESSAGES.providerUnreachable(PROVIDER_LABELS[outcome.provider]),
          fieldErrors: {},
          values,
        },
        503,
      );
    }
    if (outcome.reason === 'last-admin') {
      return refuseForm(
        { formError: ACCOUNT_DATA_MESSAGES.lastAdmin, fieldErrors: {}, values },
        409,
      );
    }
    return refuseForm({ fieldErrors: { email: ACCOUNT_DATA_MESSAGES.wrongEmail }, values });
  }
  ctx.log.info({ event: 'account-deleted', tombstoneId: outcome.tombstoneId }, 'audit');
  const { changeEvents, mail, sessionSettings } = ctx;
  // Open pages of the person close their streams; the admin list shows the placeholder.
  changeEvents.publish({ collection: 'sessions', id: user.id });
  changeEvents.publish({ collection: 'users', id: outcome.tombstoneId });
  mail.wakeWorker();
  return redirectWithFlash(
    ctx,
    '/',
    { type: 'success', message: ACCOUNT_DATA_MESSAGES.deleted },
    { headers: { 'Set-Cookie': clearSessionCookie(sessionSettings) } },
  );
}

export const meta: Route.MetaFunction = () =>
  privatePageMeta(`Delete my account | ${site.shortName}`);

export default function DeleteAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = useActionDataThroughRefreshes(actionData);
  return (
    <DeleteAccountView
      email={loaderData.email}
      lastAdmin={loaderData.lastAdmin || answer?.formError === ACCOUNT_DATA_MESSAGES.lastAdmin}
      errors={answer}
    />
  );
}

export const ErrorBoundary = GuardedRouteBoundary;
