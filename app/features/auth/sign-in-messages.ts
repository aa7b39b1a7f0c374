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

/** Only a same-origin path may follow sign-in: never an absolute or protocol-relative URL. */
export function safeReturnTo(value: string | null | undefined, fallback = '/fed/home'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  const hasControlCharacter = [...value].some((character) => character.charCodeAt(0) < 0x20);
  if (hasControlCharacter || value.includes('\\') || value.length > 512) return fallback;
  return value;
}
