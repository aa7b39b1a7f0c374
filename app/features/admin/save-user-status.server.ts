import { data } from 'react-router';
import { redirectWithFlash } from '~/lib/flash.server';
import type { RequestContext } from '~/lib/load-context';
import type { Viewer } from '~/features/auth/viewer';
import { changeUserStatus, UserStatusError } from './user-status.server';
import { USER_STATUS_SAVED, userStatusFormSchema } from './user-status-form';

export interface SaveUserStatusError {
  error: string;
}

/**
 * The Update User Status form's action: validates with zod, applies the guard rails,
 * announces the change to open admin pages, and returns to the list with the message.
 * Bad input answers 400 (404, 403, 409 from the guard rails) and writes nothing.
 */
export async function saveUserStatus(
  form: FormData,
  context: RequestContext,
  admin: Viewer,
  userId: string,
) {
  const parsed = userStatusFormSchema.safeParse({
    access: form.get('access') ?? undefined,
    cohort: form.get('cohort') ?? undefined,
    reason: form.get('reason') ?? undefined,
  });
  if (!parsed.success) {
    const message = parsed.error.issues.map((issue) => issue.message).join(' ');
    return data<SaveUserStatusError>({ error: message }, { status: 400 });
  }
  try {
    await changeUserStatus(
      context.services.database.db,
      userId,
      parsed.data,
      { id: admin.id, name: admin.name },
      { adminEmails: context.services.env.ADMIN_EMAILS },
    );
  } catch (error) {
    if (error instanceof UserStatusError) {
      return data<SaveUserStatusError>({ error: error.message }, { status: error.status });
    }
    throw error;
  }
  context.log.info({ event: 'user-status-changed', userId, by: admin.id, ...parsed.data }, 'audit');
  context.services.changeEvents.publish({ collection: 'users', id: userId });
  return redirectWithFlash(context, '/admin/home', { type: 'success', message: USER_STATUS_SAVED });
}
