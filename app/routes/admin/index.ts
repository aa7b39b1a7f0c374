import { redirect } from 'react-router';
import { requireAdmin } from '~/features/auth/guards.server';
import type { Route } from './+types/index';

export async function loader({ context }: Route.LoaderArgs) {
  await requireAdmin(context);
  return redirect('/admin/home');
}
