import { data } from 'react-router';
import type { Viewer } from '~/features/auth/viewer';
import { isOpenCohort } from '~/features/cohorts/cohorts.server';
import { redirectWithFlash } from '~/lib/flash.server';
import type { RequestContext } from '~/lib/load-context';
import { readForm } from '~/lib/form.server';
import { readUpload } from '~/lib/read-upload.server';
import {
  MAX_INVITATIONS,
  parseAddressCsv,
  parseAddressText,
  type AddressList,
} from './address-list';
import { CSV_MAX_BYTES, INVITE_MESSAGES, type InviteResult } from './invite-form';
import {
  inviteAddresses,
  revokeInvitation,
  type InvitationRequest,
  type InvitedAccess,
} from './invitations.server';

const ACCESS: readonly InvitedAccess[] = ['none', 'level-1'];

interface InviteFields {
  fields: Map<string, string>;
  csv?: Buffer;
  /** The ticked `confirm` boxes: the existing accounts the admin agreed to update. */
  confirmed: string[];
}

async function readFields(
  request: Request,
): Promise<InviteFields | { error: string; status: number }> {
  if (/^multipart\/form-data;/i.test(request.headers.get('Content-Type') ?? '')) {
    const upload = await readUpload(request, { maxFileBytes: CSV_MAX_BYTES });
    if (!upload.ok) {
      return upload.error === 'too-large'
        ? { error: INVITE_MESSAGES.csvTooLarge, status: 413 }
        : { error: INVITE_MESSAGES.unreadable, status: 400 };
    }
    return {
      fields: upload.fields,
      csv: upload.file?.field === 'csv' ? upload.file.bytes : undefined,
      confirmed: [],
    };
  }
  const form = await readForm(request);
  if (!form) return { error: INVITE_MESSAGES.unreadable, status: 400 };
  return {
    fields: new Map([...form].map(([name, value]) => [name, String(value)])),
    confirmed: form.getAll('confirm').map(String),
  };
}

/**
 * `/admin/invitations`: Send invitations (addresses typed or a CSV file, an access and a
 * cohort), Confirm the existing accounts a sending held, or Revoke one. Bad addresses are
 * reported line by line while the good ones are still invited.
 */
export async function submitInvitations(request: Request, context: RequestContext, admin: Viewer) {
  const read = await readFields(request);
  if ('error' in read) return data<InviteResult>({ error: read.error }, { status: read.status });
  const { fields, csv, confirmed } = read;
  const { db } = context.services.database;

  if (fields.get('intent') === 'revoke') {
    const revoked = await revokeInvitation(db, fields.get('id') ?? '');
    if (!revoked) return data<InviteResult>({ error: INVITE_MESSAGES.notPending }, { status: 409 });
    context.log.info({ event: 'invitation-revoked', id: fields.get('id'), by: admin.id }, 'audit');
    return redirectWithFlash(context, '/admin/invitations', {
      type: 'success',
      message: INVITE_MESSAGES.revoked,
    });
  }

  const access = fields.get('access') as InvitedAccess;
  if (!ACCESS.includes(access))
    return data<InviteResult>({ error: INVITE_MESSAGES.access }, { status: 400 });
  const cohort = fields.get('cohort') ?? '';
  if (!cohort || !(await isOpenCohort(db, cohort))) {
    return data<InviteResult>({ error: INVITE_MESSAGES.cohort }, { status: 400 });
  }
  if (fields.get('intent') === 'confirm') {
    const emails = parseAddressText(confirmed.join('\n')).valid.slice(0, MAX_INVITATIONS);
    if (emails.length === 0) {
      return data<InviteResult>({ error: INVITE_MESSAGES.noneConfirmed }, { status: 400 });
    }
    return send(context, admin, { emails, access, cohort, confirmExisting: true }, []);
  }
  const typed = parseAddressText(fields.get('emails') ?? '');
  let fromCsv: AddressList = { valid: [], invalid: [] };
  if (csv && csv.length > 0) {
    const parsed = parseAddressCsv(csv.toString('utf8'));
    if ('error' in parsed) return data<InviteResult>({ error: parsed.error }, { status: 400 });
    fromCsv = parsed;
  }
  const emails = [...new Set([...typed.valid, ...fromCsv.valid])];
  const invalid = [
    ...typed.invalid.map((bad) => ({ ...bad, in: 'list' as const })),
    ...fromCsv.invalid.map((bad) => ({ ...bad, in: 'csv' as const })),
  ];
  if (emails.length === 0) {
    return data<InviteResult>({ error: INVITE_MESSAGES.none, invalid }, { status: 400 });
  }
  if (emails.length > MAX_INVITATIONS) {
    return data<InviteResult>({ error: INVITE_MESSAGES.tooMany }, { status: 400 });
  }
  return send(context, admin, { emails, access, cohort }, invalid);
}

async function send(
  context: RequestContext,
  admin: Viewer,
  request: InvitationRequest,
  invalid: NonNullable<InviteResult['invalid']>,
) {
  const result = await inviteAddresses(context.services.database.db, request, admin);
  context.log.info(
    { event: 'invitations-sent', count: result.invited, applied: result.applied, by: admin.id },
    'audit',
  );
  context.services.email.wakeWorker();
  for (const id of result.userIds)
    context.services.changeEvents.publish({ collection: 'users', id });
  return data<InviteResult>({
    sent: result.invited,
    applied: result.applied,
    invalid,
    held: result.held,
    access: request.access,
    cohort: request.cohort,
  });
}
