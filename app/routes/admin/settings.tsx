import { GuardedRouteBoundary } from '~/features/auth/denied-boundary';
import { requireAdmin } from '~/features/auth/guards.server';
import { settingsFormSchema, SETTINGS_MESSAGES } from '~/features/settings/settings';
import { readSettings, saveSettings, settingChanges } from '~/features/settings/settings.server';
import { SettingsView } from '~/features/settings/settings-view';
import { useActionDataThroughRefreshes } from '~/lib/action-data';
import { redirectWithFlash } from '~/lib/flash.server';
import { parseForm, refuseForm } from '~/lib/form.server';
import { requireServerContext } from '~/load-context';
import type { Route } from './+types/settings';

export { revalidateAfterConflict as shouldRevalidate } from '~/lib/submissions';

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  const { db } = requireServerContext(context);
  return { values: await readSettings(db), changes: await settingChanges(db) };
}

/**
 * Save settings: every field checked against its setting's limits (400 with the reason beside
 * the field, nothing saved), then each changed one saved with its change, audited in the log.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServerContext(context);
  const admin = await requireAdmin(ctx);
  const form = await parseForm(request, settingsFormSchema);
  if (!form.ok) return refuseForm(form.errors);
  const changed = await saveSettings(ctx.db, { values: form.data, admin });
  if (changed.length > 0) {
    ctx.log.info({ event: 'settings-changed', settings: changed, by: admin.id }, 'audit');
  }
  return redirectWithFlash(ctx, '/admin/settings', {
    type: changed.length > 0 ? 'success' : 'info',
    message: changed.length > 0 ? SETTINGS_MESSAGES.saved : SETTINGS_MESSAGES.unchanged,
  });
}

export default function AdminSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <SettingsView {...loaderData} errors={useActionDataThroughRefreshes(actionData)} />;
}

export const ErrorBoundary = GuardedRouteBoundary;
