import { LoadingOverlay } from '~/ui/loading-overlay';
import { signInUrl, usePopupSignIn } from './use-popup-sign-in';

/**
 * A link to the redirect flow (it works without JavaScript) that, once hydrated, opens
 * the sign-in popup instead and covers the page until the popup reports back.
 */
export function LoginButton({
  label,
  className,
  returnTo = '/fed/home',
}: {
  label: string;
  className: string;
  returnTo?: string;
}) {
  const { start, pending } = usePopupSignIn(returnTo);
  return (
    <>
      <a
        href={signInUrl('redirect', returnTo)}
        className={className}
        onClick={(event) => {
          event.preventDefault();
          start();
        }}
      >
        {label}
      </a>
      {pending && <LoadingOverlay label="Signing in…" />}
    </>
  );
}
