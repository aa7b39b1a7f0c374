import { describe, expect, it } from 'vitest';
import { createFlashCookie } from './flash.server';

const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;
const secrets = ['a-secret-of-at-least-thirty-two-characters'];

describe('flash cookie', () => {
  it('round-trips a message, `__Host-` prefixed and Secure on https', async () => {
    const flash = { type: 'success', message: 'Logout successfully.' } as const;
    const plain = createFlashCookie({ secure: false, secrets });
    const plainCookie = await plain.serialize(flash);
    expect(plainCookie).toMatch(/^flash=/);
    expect(plainCookie.split('; ')).toEqual(
      expect.arrayContaining(['Max-Age=60', 'Path=/', 'HttpOnly', 'SameSite=Lax']),
    );
    expect(await plain.read(cookieOf(plainCookie))).toEqual(flash);
    const secure = createFlashCookie({ secure: true, secrets });
    const secureCookie = await secure.serialize(flash);
    expect(secureCookie).toMatch(/^__Host-flash=/);
    expect(secureCookie.split('; ')).toEqual(expect.arrayContaining(['Secure', 'Path=/']));
    expect(await secure.read(cookieOf(secureCookie))).toEqual(flash);
    // An https deployment ignores a plain `flash` cookie a page on http could have set.
    expect(await secure.read(cookieOf(plainCookie))).toBeNull();
    expect(await secure.clear()).toMatch(/^__Host-flash=; .*Max-Age=0/);
  });

  it('refuses a message it did not sign, a tampered one and a malformed one', async () => {
    const flash = createFlashCookie({ secure: false, secrets });
    const unsigned = `flash=${btoa(JSON.stringify({ type: 'error', message: 'Your card was declined' }))}`;
    expect(await flash.read(unsigned)).toBeNull();
    const signed = cookieOf(await flash.serialize({ type: 'info', message: 'Payment cancelled' }));
    const [, signature] = decodeURIComponent(signed.slice('flash='.length)).split('.');
    const forged = btoa(JSON.stringify({ type: 'info', message: 'Payment received' }));
    expect(await flash.read(`flash=${encodeURIComponent(`${forged}.${signature}`)}`)).toBeNull();
    const otherKey = createFlashCookie({
      secure: false,
      secrets: ['another-secret-of-32-characters!!'],
    });
    expect(await otherKey.read(signed)).toBeNull();
    expect(await flash.read('flash=not-base64-json')).toBeNull();
  });

  it('refuses a signed message that is not a toast: a bad type or an oversized text', async () => {
    const flash = createFlashCookie({ secure: false, secrets });
    const long = await flash.serialize({ type: 'info', message: 'x'.repeat(301) });
    expect(await flash.read(cookieOf(long))).toBeNull();
    const evil = await flash.serialize({ type: 'evil', message: 'x' } as never);
    expect(await flash.read(cookieOf(evil))).toBeNull();
  });

  it('accepts a message signed with a retired secret while the new one signs', async () => {
    const before = createFlashCookie({ secure: false, secrets });
    const old = cookieOf(await before.serialize({ type: 'info', message: 'Cohort saved' }));
    const rotated = createFlashCookie({
      secure: false,
      secrets: ['the-new-secret-of-32-characters!!', ...secrets],
    });
    expect(await rotated.read(old)).toEqual({ type: 'info', message: 'Cohort saved' });
  });
});
