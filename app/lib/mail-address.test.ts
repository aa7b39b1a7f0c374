import { describe, expect, it } from 'vitest';
import { addressKey, isDeliverableAddress, parseMailbox, safeDisplayName } from './mail-address';

describe('e-mail addresses and display names', () => {
  it('accepts ordinary addresses and refuses what SMTP cannot carry', () => {
    expect(isDeliverableAddress('ada.lovelace+course@example.co.uk')).toBe(true);
    for (const bad of [
      '',
      'ada',
      'ada@',
      '@example.com',
      'a b@example.com',
      'ada@example.com\r\nBcc: x@evil.example',
      `${'a'.repeat(250)}@example.com`,
    ]) {
      expect(isDeliverableAddress(bad)).toBe(false);
    }
  });

  it('turns line breaks and other control characters in a name into spaces', () => {
    expect(safeDisplayName('Ada\r\nBcc: x@evil.example')).toBe('Ada Bcc: x@evil.example');
    expect(safeDisplayName('  Ada\u0000 \u2028Lovelace ')).toBe('Ada Lovelace');
    expect(safeDisplayName('Adaèze "Ada" O’Neil')).toBe('Adaèze "Ada" O’Neil');
  });

  it('reads MAIL_FROM with or without a name', () => {
    expect(parseMailbox('hello@example.com')).toEqual({ name: '', address: 'hello@example.com' });
    expect(parseMailbox('Frontier Dev Academy <hello@example.com>')).toEqual({
      name: 'Frontier Dev Academy',
      address: 'hello@example.com',
    });
    expect(parseMailbox('"Frontier Dev" <hello@example.com>')?.name).toBe('Frontier Dev');
    expect(parseMailbox('Frontier <not-an-address>')).toBeUndefined();
    expect(parseMailbox('hello@example.com, other@example.com')).toBeUndefined();
  });
});

describe('addressKey: the form in which e-mails are matched (ADMIN_EMAILS, invitations)', () => {
  it('lower-cases ASCII letters only', () => {
    expect(addressKey(' Boss@Example.COM ')).toBe('boss@example.com');
  });

  it.each([
    ['the Kelvin sign for K', '\u212Aim@example.com'],
    ['a capital I with a dot above', '\u0130nfo@example.com'],
    ['a dotless i', 'adm\u0131n@example.com'],
    ['a zero-width space', 'ad\u200Bmin@example.com'],
    ['full-width letters', '\uFF41dmin@example.com'],
    ['a Cyrillic a', '\u0430dmin@example.com'],
  ])('gives no key to an address with %s, so it matches nothing', (_, address) => {
    expect(addressKey(address)).toBeUndefined();
  });
});
