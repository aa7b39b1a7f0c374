import { data } from 'react-router';
import { z } from 'zod';
import type { Viewer } from '~/features/auth/viewer';
import { redirectWithFlash } from '~/lib/flash.server';
import type { RequestContext } from '~/lib/load-context';
import { retryFailedEmail } from './outbox.server';

export const EMAIL_RETRY_QUEUED = 'The e-mail is queued and will be sent again in a moment.';
export const EMAIL_NOT_RETRYABLE =
  'This e-mail has not failed (it may have been retried or sent already). Reload the page.';

const retryFormSchema = z.object({ emailId: z.string().min(1).max(100) });

/**
 * An admin's Retry on a failed e-mail of the person at `userId`: queued again and the
 * worker woken. An id that is not a failed message of this person changes nothing (409).
 */
export async function retryEmail(
  form: FormData,
  context: RequestContext,
  admin: Viewer,
  userId: string,
) {
  const parsed = retryFormSchema.safeParse({ emailId: form.get('emailId') ?? undefined });
  if (!parsed.success) {
    return data({ error: 'The form did not name an e-mail. Reload the page.' }, { status: 400 });
  }
  const retried = await retryFailedEmail(context.services.database.db, parsed.data.emailId, userId);
  if (!retried) return data({ error: EMAIL_NOT_RETRYABLE }, { status: 409 });
  context.log.info(
    { event: 'email-retried', emailId: parsed.data.emailId, userId, by: admin.id },
    'audit',
  );
  context.services.email.wakeWorker();
  return redirectWithFlash(context, `/admin/user-details/${encodeURIComponent(userId)}`, {
    type: 'success',
    message: EMAIL_RETRY_QUEUED,
  });
}
