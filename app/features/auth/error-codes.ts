/**
 * SPEC §8: provider error codes are mapped to client codes; an unknown code becomes lower-case
 * hyphenated text. Shared by browser and server code, so nothing here may import from Node.
 */

/** A client error code: lower-case hyphenated text such as 'wrong-password'. */
export type AuthErrorCode = string;

/** The code used when there is no code at all (empty, null or undefined). */
const FALLBACK_CODE: AuthErrorCode = 'internal-error';

/** Prefix of provider codes in `auth/xyz` style; stripped before the lookup. */
const AUTH_PREFIX = /^auth\//i;

/**
 * Every code that does not map to its own hyphenated form. Keys are looked up exactly first, then
 * lower-cased. Codes already in client form (e.g. 'wrong-password', or 'auth/wrong-password' after
 * the prefix is stripped) need no entry: hyphenation leaves them unchanged.
 */
export const PROVIDER_ERROR_CODES: Readonly<Record<string, string>> = Object.freeze({
  // SPEC §8: provider codes (REST style, and `auth/...` style once the prefix is stripped).
  EMAIL_EXISTS: 'email-already-in-use',
  INVALID_PASSWORD: 'wrong-password',
  EMAIL_NOT_FOUND: 'user-not-found',
  USER_DISABLED: 'user-disabled',
  INVALID_EMAIL: 'invalid-email',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'too-many-requests',
  TOKEN_EXPIRED: 'user-token-expired',
  INVALID_OOB_CODE: 'invalid-action-code',
  NETWORK_REQUEST_FAILED: 'network-request-failed',
  MFA_REQUIRED: 'multi-factor-auth-required',
  'multi-factor-auth-required': 'multi-factor-auth-required',
  FEDERATED_USER_ID_ALREADY_LINKED: 'account-exists-with-different-credential',
  'account-exists-with-different-credential': 'account-exists-with-different-credential',

  // OAuth 2.0 (RFC 6749 §4.1.2.1, §5.2) and OpenID Connect Core §3.1.2.6 errors.
  access_denied: 'user-cancelled',
  login_required: 'user-token-expired',
  interaction_required: 'user-token-expired',
  consent_required: 'user-cancelled',
  invalid_grant: 'invalid-action-code',
  invalid_request: 'invalid-action-code',
  unauthorized_client: 'unauthorized-domain',
  server_error: 'internal-error',
  temporarily_unavailable: 'network-request-failed',
  invalid_state: 'invalid-action-code',
  rate_limited: 'too-many-requests',

  // Internal codes.
  timeout: 'network-request-failed',
  network_error: 'network-request-failed',
  fetch_failed: 'network-request-failed',
  popup_closed: 'popup-closed-by-user',
  popup_blocked: 'popup-blocked',
});

/** Trim, lower-case, turn every run of characters other than a-z and 0-9 into one hyphen. */
function hyphenate(code: string): string {
  return code
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Own-property lookup, so that keys such as 'constructor' or '__proto__' never hit the prototype. */
function lookup(key: string): string | undefined {
  return Object.hasOwn(PROVIDER_ERROR_CODES, key) ? PROVIDER_ERROR_CODES[key] : undefined;
}

/** Maps a provider, OAuth 2.0 / OpenID Connect, or internal error code to the client code shown to the user. */
export function toClientErrorCode(code: string | null | undefined): AuthErrorCode {
  if (typeof code !== 'string') return FALLBACK_CODE;
  const key = code.trim();
  if (key === '') return FALLBACK_CODE;
  if (AUTH_PREFIX.test(key)) return toClientErrorCode(key.replace(AUTH_PREFIX, ''));
  return lookup(key) ?? lookup(key.toLowerCase()) ?? (hyphenate(key) || FALLBACK_CODE);
}

/**
 * What a person reads when sign-in fails: a sentence for each code the sign-in can end
 * with, followed by the code itself (SPEC §8) for anyone who reports the problem.
 */
const SIGN_IN_ERROR_SENTENCES: Readonly<Record<string, string>> = Object.freeze({
  'user-cancelled': 'Sign-in was cancelled. Try again when you are ready.',
  'popup-closed-by-user': 'The sign-in window was closed before you finished. Try again.',
  'popup-blocked':
    'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'too-many-requests':
    'Too many sign-in attempts from your network. Wait a few minutes and try again.',
  'network-request-failed':
    'We could not reach the sign-in service. Check your connection and try again.',
  'user-token-expired': 'Your sign-in expired before it finished. Please sign in again.',
  'invalid-action-code': 'This sign-in link is no longer valid. Please start again.',
  'unauthorized-domain': 'Sign-in is not set up for this address. Please contact us.',
  'user-disabled': 'This account has been disabled. Please contact us.',
});

const GENERIC_SIGN_IN_ERROR = 'Sign-in did not work. Try again, or contact us if it keeps failing.';

export function signInErrorText(code: AuthErrorCode): string {
  const sentence = Object.hasOwn(SIGN_IN_ERROR_SENTENCES, code)
    ? SIGN_IN_ERROR_SENTENCES[code]
    : GENERIC_SIGN_IN_ERROR;
  return `${sentence} (${code})`;
}
