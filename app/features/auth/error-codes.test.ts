import { describe, it, expect } from 'vitest';

import { PROVIDER_ERROR_CODES, signInErrorText, toClientErrorCode } from './error-codes';

const CLIENT_CODE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe('PROVIDER_ERROR_CODES', () => {
  it.each(Object.entries(PROVIDER_ERROR_CODES))('maps %s to %s', (provider, client) => {
    expect(toClientErrorCode(provider)).toBe(client);
  });

  it.each(Object.entries(PROVIDER_ERROR_CODES))(
    'maps auth/%s to %s as well',
    (provider, client) => {
      expect(toClientErrorCode(`auth/${provider}`)).toBe(client);
    },
  );

  it('only produces lower-case hyphenated client codes that map to themselves', () => {
    for (const client of Object.values(PROVIDER_ERROR_CODES)) {
      expect(client).toMatch(CLIENT_CODE);
      expect(toClientErrorCode(client)).toBe(client);
    }
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(PROVIDER_ERROR_CODES)).toBe(true);
  });
});

describe('toClientErrorCode', () => {
  it.each([
    ['EMAIL_EXISTS', 'email-already-in-use'],
    ['INVALID_PASSWORD', 'wrong-password'],
    ['EMAIL_NOT_FOUND', 'user-not-found'],
    ['USER_DISABLED', 'user-disabled'],
    ['INVALID_EMAIL', 'invalid-email'],
    ['TOO_MANY_ATTEMPTS_TRY_LATER', 'too-many-requests'],
    ['TOKEN_EXPIRED', 'user-token-expired'],
    ['INVALID_OOB_CODE', 'invalid-action-code'],
    ['NETWORK_REQUEST_FAILED', 'network-request-failed'],
    ['MFA_REQUIRED', 'multi-factor-auth-required'],
    ['multi-factor-auth-required', 'multi-factor-auth-required'],
    ['FEDERATED_USER_ID_ALREADY_LINKED', 'account-exists-with-different-credential'],
    ['account-exists-with-different-credential', 'account-exists-with-different-credential'],
  ])('SPEC §8: maps %s to %s', (provider, client) => {
    expect(toClientErrorCode(provider)).toBe(client);
  });

  it.each([
    ['auth/email-already-in-use', 'email-already-in-use'],
    ['auth/wrong-password', 'wrong-password'],
    ['auth/user-not-found', 'user-not-found'],
    ['auth/user-disabled', 'user-disabled'],
    ['auth/invalid-email', 'invalid-email'],
    ['auth/too-many-requests', 'too-many-requests'],
    ['auth/user-token-expired', 'user-token-expired'],
    ['auth/invalid-action-code', 'invalid-action-code'],
    ['auth/network-request-failed', 'network-request-failed'],
    ['auth/multi-factor-auth-required', 'multi-factor-auth-required'],
    ['auth/account-exists-with-different-credential', 'account-exists-with-different-credential'],
  ])('SPEC §8: maps %s to %s', (provider, client) => {
    expect(toClientErrorCode(provider)).toBe(client);
  });

  it.each([
    ['auth/EMAIL_EXISTS', 'email-already-in-use'],
    ['auth/access_denied', 'user-cancelled'],
    ['auth/timeout', 'network-request-failed'],
    ['AUTH/popup_closed', 'popup-closed-by-user'],
    ['  auth/popup_blocked  ', 'popup-blocked'],
    ['auth/Some Odd_Thing', 'some-odd-thing'],
  ])('strips the auth/ prefix and maps the rest: %s → %s', (provider, client) => {
    expect(toClientErrorCode(provider)).toBe(client);
  });

  it.each([
    ['Access_Denied', 'user-cancelled'],
    ['TIMEOUT', 'network-request-failed'],
    ['Server_Error', 'internal-error'],
    ['email_exists', 'email-exists'],
  ])('falls back to the lower-cased key: %s → %s', (provider, client) => {
    expect(toClientErrorCode(provider)).toBe(client);
  });

  it.each([
    ['Some_Weird Code!', 'some-weird-code'],
    ['OAUTH_JWT_CLAIM_COMPARISON_FAILED', 'oauth-jwt-claim-comparison-failed'],
    ['WEAK_PASSWORD', 'weak-password'],
    ['  --Leading and trailing--  ', 'leading-and-trailing'],
    ['a..b__c  d', 'a-b-c-d'],
    ['Über-Fehler 42', 'ber-fehler-42'],
    ['popup-closed-by-user', 'popup-closed-by-user'],
    ['constructor', 'constructor'],
    ['__proto__', 'proto'],
    ['toString', 'tostring'],
  ])('hyphenates an unknown code: %j → %s', (provider, client) => {
    expect(toClientErrorCode(provider)).toBe(client);
  });

  it.each([[''], ['   '], [null], [undefined], ['auth/'], ['!!!'], ['auth/___']])(
    'returns internal-error for %j',
    (code) => {
      expect(toClientErrorCode(code)).toBe('internal-error');
    },
  );
});

describe('signInErrorText', () => {
  it('says in words what went wrong and keeps the code', () => {
    expect(signInErrorText('user-cancelled')).toBe(
      'Sign-in was cancelled. Try again when you are ready. (user-cancelled)',
    );
    expect(signInErrorText(toClientErrorCode('rate_limited'))).toBe(
      'Too many sign-in attempts from your network. Wait a few minutes and try again. (too-many-requests)',
    );
  });

  it('falls back to a general sentence for any other code, even a prototype key', () => {
    expect(signInErrorText('constructor')).toBe(
      'Sign-in did not work. Try again, or contact us if it keeps failing. (constructor)',
    );
  });
});
