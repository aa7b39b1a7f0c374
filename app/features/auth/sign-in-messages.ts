/** SPEC §8 wording, shared by the server (which decides) and the browser (which shows). */
export const SIGN_IN_MESSAGES = {
  loggedIn: 'Login successfully',
  accountCreated: 'Account created successfully',
  noUserData: 'User data not available.',
  loggedOut: 'Logout successfully.',
} as const;

/** What the callback page posts to its opener (and on the BroadcastChannel). */
export interface SignInResult {
  type: 'sign-in-result';
  ok: boolean;
  message: string;
  returnTo: string;
}

export const SIGN_IN_CHANNEL = 'bootcamp-sign-in';

export function isSignInResult(value: unknown): value is SignInResult {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    candidate.type === 'sign-in-result' &&
    typeof candidate.ok === 'boolean' &&
    typeof candidate.message === 'string' &&
    typeof candidate.returnTo === 'string'
  );
}

const RETURN_BASE = 'http://return-to.invalid';

/**
 * Only a same-origin path may follow sign-in: never an absolute or protocol-relative URL,
 * before or after dot segments are resolved.
 * The path comes back as the URL parser writes it, percent-encoded, because it ends up in
 * a `Location` header, which takes Latin-1 only (`/。evil` would otherwise fail the
 * response after the session was made).
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/fed/home'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.length > 512) {
    return fallback;
  }
  const hasControlCharacter = [...value].some((character) => character.charCodeAt(0) < 0x20);
  if (hasControlCharacter || value.includes('\\')) return fallback;
  const url = new URL(value, RETURN_BASE);
  if (url.origin !== RETURN_BASE) return fallback;
  // Judged again after the parser resolved dot segments (`/.//x`, `/%2e//x`, `/a/..//x`
  // all become `//x`): a path starting `//` or `/\` is another host to a browser.
  if (/^\/[/\\]/.test(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}
