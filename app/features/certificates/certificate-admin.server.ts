import { data } from 'react-router';
import type { Viewer } from '~/features/auth/viewer';
import { redirectWithFlash } from '~/lib/flash.server';
import type { RequestContext } from '~/lib/load-context';
import {
  CERTIFICATE_MESSAGES,
  firstIssue,
  ISSUE_CERTIFICATE_INTENT,
  issueCertificateFormSchema,
  REVOKE_CERTIFICATE_INTENT,
  revokeCertificateFormSchema,
  type CertificateActionError,
} from './certificate-form';
import {
  CertificateError,
  findCertificate,
  issueCertificate,
  revokeCertificate,
} from './certificates.server';

function refuse(
  intent: CertificateActionError['intent'],
  message: string,
  status: number,
  values: Record<string, string>,
) {
  return data<CertificateActionError>({ certificateError: message, intent, values }, { status });
}

function backToUser(context: RequestContext, userId: string, message: string) {
  return redirectWithFlash(context, `/admin/user-details/${encodeURIComponent(userId)}`, {
    type: 'success',
    message,
  });
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * "Issue certificate" on a user's page (an admin's, checked by the route): 400 for a bad
 * name or a missing note before all 8 steps, 409 while a valid one exists, 404 for an
 * unknown user; nothing is written then. Success returns to the page with a message.
 */
export async function issueCertificateFromForm(
  form: FormData,
  context: RequestContext,
  admin: Viewer,
  userId: string,
) {
  const values = { name: text(form, 'name'), note: text(form, 'note') };
  const parsed = issueCertificateFormSchema.safeParse(values);
  if (!parsed.success) {
    return refuse(
      ISSUE_CERTIFICATE_INTENT,
      firstIssue(parsed.error, CERTIFICATE_MESSAGES.name),
      400,
      values,
    );
  }
  try {
    const { certificate, emailed } = await issueCertificate(context.services.database.db, {
      userId,
      name: parsed.data.name,
      note: parsed.data.note,
      admin: { id: admin.id, name: admin.name },
    });
    context.log.info(
      {
        event: 'certificate-issued',
        certificateId: certificate.id,
        userId,
        by: admin.id,
        early: certificate.note !== null,
      },
      'audit',
    );
    if (emailed) context.services.email.wakeWorker();
    return backToUser(
      context,
      userId,
      emailed ? CERTIFICATE_MESSAGES.issued : CERTIFICATE_MESSAGES.issuedNoEmail,
    );
  } catch (error) {
    if (error instanceof CertificateError) {
      if (error.status === 404) throw data(error.message, { status: 404 });
      return refuse(ISSUE_CERTIFICATE_INTENT, error.message, error.status, values);
    }
    throw error;
  }
}

/** "Revoke" on a user's page: a reason is required (400); only this user's certificate. */
export async function revokeCertificateFromForm(
  form: FormData,
  context: RequestContext,
  admin: Viewer,
  userId: string,
) {
  const values = { certificateId: text(form, 'certificateId'), reason: text(form, 'reason') };
  const parsed = revokeCertificateFormSchema.safeParse(values);
  if (!parsed.success) {
    return refuse(
      REVOKE_CERTIFICATE_INTENT,
      firstIssue(parsed.error, CERTIFICATE_MESSAGES.unknownForm),
      400,
      values,
    );
  }
  const db = context.services.database.db;
  const certificate = await findCertificate(db, parsed.data.certificateId);
  // A certificate of someone else is not on this page: the same answer as none at all.
  if (!certificate || certificate.user_id !== userId) {
    return refuse(REVOKE_CERTIFICATE_INTENT, CERTIFICATE_MESSAGES.notFound, 404, values);
  }
  try {
    await revokeCertificate(db, certificate.id, {
      reason: parsed.data.reason,
      admin: { id: admin.id, name: admin.name },
    });
  } catch (error) {
    if (error instanceof CertificateError) {
      return refuse(REVOKE_CERTIFICATE_INTENT, error.message, error.status, values);
    }
    throw error;
  }
  context.log.info(
    { event: 'certificate-revoked', certificateId: certificate.id, userId, by: admin.id },
    'audit',
  );
  return backToUser(context, userId, CERTIFICATE_MESSAGES.revoked);
}
