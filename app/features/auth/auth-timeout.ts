/**
 * SPEC §9: "Authentication network timeout: 30 s on desktop and 60 s on mobile, capped at 5 s when
 * offline." Shared by browser and server code, so nothing here may import from Node.
 */

export const AUTH_TIMEOUT_MS = { desktop: 30_000, mobile: 60_000, offline: 5_000 } as const;

export interface AuthEnvironment {
  mobile: boolean;
  online: boolean;
}

/** The server's view: no navigator, so a desktop that is online. */
const SERVER_ENVIRONMENT: AuthEnvironment = { mobile: false, online: true };

const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile/i;

/** The parts of `navigator` read here; `userAgentData` (User-Agent Client Hints) is not in lib.dom. */
interface NavigatorLike {
  userAgent?: unknown;
  onLine?: unknown;
  userAgentData?: { mobile?: unknown } | null;
}

/** Timeout for one authentication request; when offline it is capped at 5 s whatever the device. */
export function authRequestTimeoutMs(environment: AuthEnvironment): number {
  const deviceTimeout = environment.mobile ? AUTH_TIMEOUT_MS.mobile : AUTH_TIMEOUT_MS.desktop;
  return environment.online ? deviceTimeout : Math.min(deviceTimeout, AUTH_TIMEOUT_MS.offline);
}

/**
 * Reads the device class and connectivity from `navigator`. Mobile comes from
 * `navigator.userAgentData.mobile` when present, otherwise from the user-agent string. Only an
 * explicit `navigator.onLine === false` counts as offline (Node 21+ has a navigator without onLine).
 */
export function currentAuthEnvironment(): AuthEnvironment {
  const nav = (globalThis as { navigator?: NavigatorLike }).navigator;
  if (nav === undefined || nav === null) return { ...SERVER_ENVIRONMENT };
  const hinted = nav.userAgentData?.mobile;
  const mobile =
    typeof hinted === 'boolean'
      ? hinted
      : typeof nav.userAgent === 'string' && MOBILE_USER_AGENT.test(nav.userAgent);
  return { mobile, online: nav.onLine !== false };
}

/** Aborts when any of the signals aborts; uses AbortSignal.any where the runtime has it. */
function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), {
      once: true,
      signal: controller.signal,
    });
  }
  return controller.signal;
}

/**
 * Returns a copy of `init` whose signal aborts after the authentication timeout for the current
 * environment, or earlier when the caller's own `init.signal` aborts.
 */
export function withAuthTimeout(init?: RequestInit): RequestInit {
  const timeout = AbortSignal.timeout(authRequestTimeoutMs(currentAuthEnvironment()));
  const signal = init?.signal ? anySignal([init.signal, timeout]) : timeout;
  return { ...init, signal };
}
