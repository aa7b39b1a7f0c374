import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { notFoundPage } from '~/content/not-found';
import { buttonClass } from '~/ui/button';
import { NotFound } from '~/features/marketing/not-found';
import { PermissionDenied } from '~/features/auth/permission-denied';
import type { PermissionDeniedData } from './guards.server';
import { LoginButton } from './login-button';

/**
 * The ErrorBoundary of guarded routes: a 403 from `requireStudent`/`requireAdmin` becomes
 * the Permission Denied page (with a sign-in button for visitors); 404s the not-found page;
 * any other refusal (a POST to a page without a form is a 405) a short page of its own. Only
 * a real error goes on up: a refusal rethrown from here would reach this same boundary of
 * the parent route, and React Router would answer a bare 500.
 */
export function GuardedRouteBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 403) {
    const denied = error.data as PermissionDeniedData;
    return (
      <PermissionDenied
        area={denied.area}
        paused={denied.paused}
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
  if (isRouteErrorResponse(error)) {
    return (
      <section className="mx-auto flex w-full max-w-2xl flex-col items-center px-6 py-24 text-center">
        <h1 className="text-2xl font-bold text-ink">This request cannot be answered here</h1>
        <p className="mt-4 text-lg text-slate-700">Nothing was changed.</p>
        <Link to="/" className={`mt-8 ${buttonClass('primary')}`}>
          {notFoundPage.homeLabel}
        </Link>
      </section>
    );
  }
  throw error;
}
