import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { buttonClass } from '~/ui/button';
import { NotFound } from '~/ui/not-found';
import { PermissionDenied } from '~/ui/permission-denied';
import type { PermissionDeniedData } from './guards.server';
import { LoginButton } from './login-button';

/**
 * The ErrorBoundary of guarded routes: a 403 from `requireStudent`/`requireAdmin` becomes
 * the Permission Denied page (with a sign-in button for visitors); 404s the not-found page.
 */
export function GuardedRouteBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 403) {
    const denied = error.data as PermissionDeniedData;
    return (
      <PermissionDenied
        area={denied.area}
        signInAction={
          denied.signedIn ? undefined : (
            <LoginButton
              label="Login With Google"
              returnTo={location.pathname + location.search}
              className={buttonClass('primary')}
            />
          )
        }
      />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    // A user id that does not exist (SPEC's 'Document not found') leads back to the list.
    const inAdmin = location.pathname.startsWith('/admin/');
    return (
      <NotFound
        message={String(error.data ?? '')}
        back={inAdmin ? { to: '/admin/home', label: 'Back to List of Users' } : undefined}
      />
    );
  }
  throw error;
}
