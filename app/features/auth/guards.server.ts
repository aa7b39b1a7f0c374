import type { PermissionDeniedArea } from '~/ui/permission-denied';
import { data } from 'react-router';
import type { RequestContext } from '~/lib/load-context';
import { requireServices } from '~/lib/load-context';
import type { Viewer } from './viewer';

/** What a 403 carries to the Permission Denied page: no content of the refused page. */
export interface PermissionDeniedData {
  area: PermissionDeniedArea;
  signedIn: boolean;
}

export async function getViewer(context: Partial<RequestContext>): Promise<Viewer | null> {
  const { user } = await requireServices(context).session();
  return user ? { id: user.id, name: user.name, access: user.access } : null;
}

function deny(area: PermissionDeniedArea, viewer: Viewer | null): never {
  throw data<PermissionDeniedData>({ area, signedIn: viewer !== null }, { status: 403 });
}

/** Level-1 students and admins; anyone else gets 403 before any content is read. */
export async function requireStudent(context: Partial<RequestContext>): Promise<Viewer> {
  const viewer = await getViewer(context);
  if (viewer?.access === 'level-1' || viewer?.access === 'admin') return viewer;
  return deny('student', viewer);
}

export async function requireAdmin(context: Partial<RequestContext>): Promise<Viewer> {
  const viewer = await getViewer(context);
  if (viewer?.access === 'admin') return viewer;
  return deny('admin', viewer);
}
