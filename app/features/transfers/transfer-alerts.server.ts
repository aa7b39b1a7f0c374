import { data } from 'react-router';
import { requireAdmin } from '~/features/auth/guards.server';
import { redirectWithFlash } from '~/lib/flash.server';
import type { RequestContext } from '~/lib/load-context';
import { FORM_UNREADABLE, readForm } from '~/lib/form.server';
import { setTransferAlerts } from './bank-transfers.server';
import { TRANSFER_ALERT_MESSAGES } from './transfer-alerts';

/**
 * `POST /admin/transfers`: the signed-in admin turns the e-mail about each submitted
 * transfer on or off for themselves (a checkbox: its hidden "0" first, the box's "1" after
 * it when ticked). Anything else is refused and changes nothing.
 */
export async function saveTransferAlerts(request: Request, context: RequestContext) {
  const admin = await requireAdmin(context);
  const form = await readForm(request);
  const choice = form?.getAll('alerts').at(-1);
  if (choice !== '0' && choice !== '1') throw data(FORM_UNREADABLE, { status: 400 });
  const on = choice === '1';
  await setTransferAlerts(context.services.database.db, admin.id, on);
  context.log.info({ event: 'transfer-alerts', by: admin.id, on }, 'audit');
  return redirectWithFlash(context, '/admin/transfers', {
    type: 'success',
    message: on ? TRANSFER_ALERT_MESSAGES.on : TRANSFER_ALERT_MESSAGES.off,
  });
}
