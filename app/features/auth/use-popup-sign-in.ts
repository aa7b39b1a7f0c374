import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { notify } from '~/ui/toasts';
import { signInErrorText, toClientErrorCode } from './error-codes';
import { isSignInResult, SIGN_IN_CHANNEL, type SignInResult } from './sign-in-messages';

const POPUP_FEATURES = 'popup,width=520,height=680';
const CLOSED_POLL_MS = 400;
/** A popup that closes right after posting its result: give the message time to arrive. */
const CLOSED_GRACE_MS = 600;

export function signInUrl(mode: 'popup' | 'redirect', returnTo: string): string {
  return `/auth/google?mode=${mode}&redirectTo=${encodeURIComponent(returnTo)}`;
}

/**
 * SPEC §4's popup sign-in. The popup is opened synchronously in the click handler (so
 * browsers allow it); when it is blocked, the same routes run as a full-page redirect.
 * Only messages from our own origin and from this very popup are believed.
 */
export function usePopupSignIn(returnTo = '/fed/home') {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [pending, setPending] = useState(false);
  const teardown = useRef<(() => void) | undefined>(undefined);

  useEffect(() => () => teardown.current?.(), []);

  const start = useCallback(() => {
    teardown.current?.();
    const popup = window.open(signInUrl('popup', returnTo), 'google-sign-in', POPUP_FEATURES);
    if (!popup) {
      window.location.assign(signInUrl('redirect', returnTo));
      return;
    }
    setPending(true);
    const channel = 'BroadcastChannel' in window ? new BroadcastChannel(SIGN_IN_CHANNEL) : null;
    let closedTimer: ReturnType<typeof setTimeout> | undefined;

    const finish = (result: Omit<SignInResult, 'type'>) => {
      teardown.current?.();
      setPending(false);
      if (result.ok) {
        notify('success', result.message);
        const target = new URL(result.returnTo, window.location.href);
        const samePage =
          target.pathname === window.location.pathname && target.search === window.location.search;
        void navigate(result.returnTo);
        // Back to this very page (at most a new #fragment): a navigation would load nothing,
        // and the page must learn who signed in (the transfer form appears on /enroll).
        if (samePage) void revalidate();
      } else {
        notify('error', signInErrorText(result.message));
      }
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      if (isSignInResult(event.data)) finish(event.data);
    };
    const onChannelMessage = (event: MessageEvent) => {
      if (isSignInResult(event.data)) finish(event.data);
    };
    const poll = setInterval(() => {
      if (!popup.closed || closedTimer) return;
      closedTimer = setTimeout(
        () => finish({ ok: false, message: toClientErrorCode('popup_closed'), returnTo }),
        CLOSED_GRACE_MS,
      );
    }, CLOSED_POLL_MS);

    window.addEventListener('message', onMessage);
    channel?.addEventListener('message', onChannelMessage);
    teardown.current = () => {
      teardown.current = undefined;
      clearInterval(poll);
      clearTimeout(closedTimer);
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, [navigate, revalidate, returnTo]);

  return { start, pending };
}
