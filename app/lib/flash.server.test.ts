import { describe, expect, it } from 'vitest';
import { clearFlashCookie, flashCookie, readFlash } from './flash.server';

const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;

describe('flash cookie', () => {
  it('round-trips a message, `__Host-` prefixed and Secure on https', () => {
    const flash = { type: 'success', message: 'Logout successfully.' } as const;
    const plain = flashCookie(flash, false);
    expect(plain).toMatch(/^flash=/);
    expect(readFlash(cookieOf(plain), false)).toEqual(flash);
    const secure = flashCookie(flash, true);
    expect(secure).toMatch(/^__Host-flash=/);
    expect(secure.split('; ')).toEqual(expect.arrayContaining(['Secure', 'Path=/']));
    expect(readFlash(cookieOf(secure), true)).toEqual(flash);
    // An https deployment ignores a plain `flash` cookie a page on http could have set.
    expect(readFlash(cookieOf(plain), true)).toBeNull();
    expect(clearFlashCookie(true)).toMatch(/^__Host-flash=; .*Max-Age=0/);
  });

  it('refuses a tampered or oversized message', () => {
    expect(readFlash('flash=not-json', false)).toBeNull();
    expect(
      readFlash(`flash=${encodeURIComponent('{"type":"evil","message":"x"}')}`, false),
    ).toBeNull();
    const long = JSON.stringify({ type: 'info', message: 'x'.repeat(301) });
    expect(readFlash(`flash=${encodeURIComponent(long)}`, false)).toBeNull();
  });
});
