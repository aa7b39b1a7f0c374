import { useState } from 'react';
import { useNavigate } from 'react-router';
import { withAuthTimeout } from './auth-timeout';
import { toClientErrorCode } from './error-codes';
import { notify } from '~/ui/toasts';

/**
 * A POST form (it works without JavaScript); with JavaScript the request runs under the
 * auth network timeout and a failure shows its error code instead of hanging.
 */
export function LogoutButton({ className }: { className: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <form
      method="post"
      action="/auth/logout"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        try {
          const response = await fetch(
            '/auth/logout',
            withAuthTimeout({ method: 'POST', redirect: 'manual' }),
          );
          if (response.type !== 'opaqueredirect' && !response.ok) {
            throw new Error(`logout answered ${response.status}`);
          }
          navigate('/login');
        } catch (error) {
          const name = error instanceof Error ? error.name : '';
          notify('error', toClientErrorCode(name === 'TimeoutError' ? 'timeout' : 'network_error'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <button type="submit" className={className} disabled={busy}>
        Logout
      </button>
    </form>
  );
}
