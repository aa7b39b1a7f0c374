import { data } from 'react-router';
import { z } from '~/lib/zod';
import type { Viewer } from '~/features/auth/viewer';
import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireAdmin } from '~/features/auth/guards.server';
import { pageNumberSchema } from '~/features/admin/user-search';
import { cohortOptions, isOpenCohort } from '~/features/cohorts/cohorts.server';
import {
  gatherAddresses,
  MAX_INVITATIONS,
  parseAddressText,
  type NotAnAddress,
} from '~/features/invitations/address-list';
import {
  CSV_MAX_BYTES,
  INVITATIONS_FORM_MAX_BYTES,
  INVITE_INTENTS,
  INVITE_MESSAGES,
  invitedAs,
  type InviteAccessChoice,
  type InviteField,
  type InviteResult,
} from '~/features/invitations/invite-form';
import { InvitationsView } from '~/features/invitations/invitations-view';
import {
  inviteAddresses,
  listPendingInvitations,
  revokeInvitation,
  type InvitationRequest,
} from '~/features/invitations/invitations.server';
import { redirectWithFlash } from '~/lib/flash.server';
import type { RouteHandle } from '~/lib/route-handle';
import { FORM_UNREADABLE } from '~/lib/form-fields';
import { parseFields, readForm, refuseForm } from '~/lib/form.server';
import { requireServerContext, type RequestContext } from '~/load-context';
import { readUpload } from '~/lib/upload.server';
import type { FormErrors } from '~/ui/form';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import type { Route } from './+types/invitations';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

/** The invitations form may carry a CSV file: streamed to the action up to 1 MB and the fields. */
export const handle: RouteHandle = { uploadLimit: INVITATIONS_FORM_MAX_BYTES };

const choices = {
  access: z.enum(['none', 'level-1', 'fullstack'], { error: INVITE_MESSAGES.access }),
  cohort: z.string({ error: INVITE_MESSAGES.cohort }).min(1, INVITE_MESSAGES.cohort),
};

const inviteFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({
      intent: z.literal(INVITE_INTENTS.invite),
      ...choices,
      emails: z.string().default(''),
    }),
    // The ticked `confirm` boxes: the existing accounts the admin agreed to update.
    z.object({
      intent: z.literal(INVITE_INTENTS.confirm),
      ...choices,
      confirm: z.union([z.string(), z.array(z.string())]).default([]),
    }),
    z.object({ intent: z.literal(INVITE_INTENTS.revoke), id: z.string().default('') }),
  ],
  { error: FORM_UNREADABLE },
);

type Refusal = { errors: Omit<FormErrors<InviteField>, 'values'>; status: number };

/**
 * Send invitations is multipart (it may carry a CSV file, read as it streams in, up to 1 MB:
 * a larger one is 413); Confirm and Revoke are url-encoded.
 */
async function readInviteForm(
  request: Request,
): Promise<{ form: FormData; csv?: string } | Refusal> {
  const unreadable = { errors: { formError: FORM_UNREADABLE, fieldErrors: {} }, status: 400 };
  if (!/^multipart\/form-data;/i.test(request.headers.get('Content-Type') ?? '')) {
    const form = await readForm(request);
    return form ? { form } : unreadable;
  }
  const upload = await readUpload(request, { maxFileBytes: CSV_MAX_BYTES });
  if (!upload.ok) {
    if (upload.error !== 'too-large') return unreadable;
    return { errors: { fieldErrors: { csv: INVITE_MESSAGES.csvTooLarge } }, status: 413 };
  }
  const form = new FormData();
  for (const [name, value] of upload.fields) form.set(name, value);
  const csv = upload.file?.field === 'csv' ? upload.file.bytes.toString('utf8') : undefined;
  return { form, csv };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { db } = requireServerContext(context);
  const page = pageNumberSchema.parse(new URL(request.url).searchParams.get('page') ?? 1);
  const [invitations, cohorts] = await Promise.all([
    listPendingInvitations(db, page),
    cohortOptions(db),
  ]);
  return { invitations, cohorts };
}

/**
 * Send invitations (addresses typed or a CSV file, an access and a cohort), Confirm the
 * existing accounts a sending held, or Revoke one. Bad addresses are reported line by line
 * while the good ones are still invited.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const admin = await requireAdmin(ctx);
  const read = await readInviteForm(request);
  if ('errors' in read) return refuseForm(read.errors, read.status);
  const parsed = parseFields(read.form, inviteFormSchema);
  if (!parsed.ok) return refuseForm(parsed.errors);
  const { data: fields } = parsed;
  const { db } = ctx;

  if (fields.intent === INVITE_INTENTS.revoke) {
    if (!(await revokeInvitation(db, fields.id))) {
      return refuseForm({ formError: INVITE_MESSAGES.notPending, fieldErrors: {} }, 409);
    }
    ctx.log.info({ event: 'invitation-revoked', id: fields.id, by: admin.id }, 'audit');
    return redirectWithFlash(ctx, '/admin/invitations', {
      type: 'success',
      message: INVITE_MESSAGES.revoked,
    });
  }

  const { access: choice, cohort } = fields;
  const chosen = { ...invitedAs(choice), cohort, choice };
  if (!(await isOpenCohort(db, cohort))) {
    return refuseForm({ fieldErrors: { cohort: INVITE_MESSAGES.cohort } });
  }
  if (fields.intent === INVITE_INTENTS.confirm) {
    const confirmed = [fields.confirm].flat().join('\n');
    const emails = parseAddressText(confirmed).valid.slice(0, MAX_INVITATIONS);
    if (emails.length === 0) {
      return refuseForm({ formError: INVITE_MESSAGES.noneConfirmed, fieldErrors: {} });
    }
    return send(ctx, admin, { emails, ...chosen, confirmExisting: true }, []);
  }
  const gathered = gatherAddresses(fields.emails, read.csv);
  if ('error' in gathered) return refuseForm({ fieldErrors: { csv: gathered.error } });
  const { emails, invalid } = gathered;
  if (emails.length === 0) {
    // The refusal lists the entries that were not addresses, as a sending does.
    return data<InviteResult>(
      { fieldErrors: { emails: INVITE_MESSAGES.none }, values: {}, invalid },
      { status: 400 },
    );
  }
  if (emails.length > MAX_INVITATIONS) {
    return refuseForm({ fieldErrors: { emails: INVITE_MESSAGES.tooMany } });
  }
  return send(ctx, admin, { emails, ...chosen }, invalid);
}

async function send(
  context: RequestContext,
  admin: Viewer,
  { choice, ...request }: InvitationRequest & { choice: InviteAccessChoice },
  invalid: NotAnAddress[],
) {
  const result = await inviteAddresses(context.db, request, admin);
  context.log.info(
    { event: 'invitations-sent', count: result.invited, applied: result.applied, by: admin.id },
    'audit',
  );
  context.mail.wakeWorker();
  for (const id of result.userIds) context.changeEvents.publish({ collection: 'users', id });
  return data<InviteResult>({
    sent: result.invited,
    applied: result.applied,
    invalid,
    held: result.held,
    // The Access choice as the form offers it, for the confirmation of held accounts.
    access: choice,
    cohort: request.cohort,
  });
}

export default function AdminInvitationsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <InvitationsView {...loaderData} result={useActionDataThroughRefreshes(actionData)} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
