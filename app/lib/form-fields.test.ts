import { describe, expect, it } from 'vitest';
import { isCalendarDay } from './days';
import { calendarDay, httpsLink, LINK_MESSAGES, wholeNumber } from './form-fields';

const MESSAGE = 'Enter a number.';

describe('wholeNumber', () => {
  it.each([
    ['7', 7],
    [' 12 ', 12],
    ['100', 100],
  ])('reads %j as %j', (typed, expected) => {
    expect(wholeNumber(MESSAGE, 1, 100).parse(typed)).toBe(expected);
  });

  it.each(['', '0', '101', '-3', '1.5', '12.0', '1e2', '0x10', '12 weeks', '9999999999'])(
    'refuses %j with the form’s message',
    (typed) => {
      const parsed = wholeNumber(MESSAGE, 1, 100).safeParse(typed);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([MESSAGE]);
    },
  );

  it('refuses a field left out of a tampered form', () => {
    expect(wholeNumber(MESSAGE, 1, 100).safeParse(undefined).success).toBe(false);
  });

  it('takes an optional field left empty (or left out) as null, and still checks a typed one', () => {
    const optional = wholeNumber(MESSAGE, 1, 100, { optional: true });
    expect(optional.parse('')).toBeNull();
    expect(optional.parse('  ')).toBeNull();
    expect(optional.parse(undefined)).toBeNull();
    expect(optional.parse('40')).toBe(40);
    expect(optional.safeParse('400').success).toBe(false);
  });
});

describe('calendar days', () => {
  it.each(['2026-11-26', '2024-02-29', '2027-12-31'])('%s is a day', (day) => {
    expect(isCalendarDay(day)).toBe(true);
  });

  it.each(['2026-02-29', '2027-02-30', '2026-13-01', '2026-00-10', '26-11-2026', '2026-1-5', ''])(
    '%j is none',
    (day) => {
      expect(isCalendarDay(day)).toBe(false);
    },
  );

  it('reads a date field, its message on anything else', () => {
    const required = calendarDay('Enter the date.');
    expect(required.parse(' 2026-11-26 ')).toBe('2026-11-26');
    for (const typed of ['', undefined, '2026-13-01']) {
      expect(required.safeParse(typed).error?.issues.map((issue) => issue.message)).toEqual([
        'Enter the date.',
      ]);
    }
    const optional = calendarDay('Enter the date.', { optional: true });
    expect(optional.parse('')).toBeNull();
    expect(optional.safeParse('2026-13-01').success).toBe(false);
  });
});

describe('httpsLink', () => {
  const LINK = 'Enter the link to your repository.';
  const messagesOf = (typed: string) =>
    httpsLink(LINK)
      .safeParse(typed)
      .error?.issues.map((issue) => issue.message);

  it.each([
    'https://github.com/ada/portfolio',
    'https://github.com/ada/portfolio?tab=readme#setup',
    'https://meet.example.com:8443/room/42',
    'https://example.com',
    'https://example.com/',
    'HTTPS://GitHub.com/Ada',
    'https://xn--bcher-kva.example/katalog',
    'https://bücher.example/katalog',
    'https://例え.テスト/ページ',
    'https://[2001:db8::1]/status',
    'https://github.com/ada/my%20profile',
  ])('takes %j as typed', (typed) => {
    expect(httpsLink(LINK).parse(typed)).toBe(typed);
  });

  it.each([
    ['a right-to-left override', 'https://github.com/ada/\u202Egpj.exe'],
    ['a right-to-left override in the host', 'https://evil\u202Emoc.github.com/'],
    ['a left-to-right isolate', 'https://github.com/\u2066ada\u2069'],
    ['a zero-width space', 'https://git\u200Bhub.com/ada'],
    ['a zero-width joiner', 'https://github.com/ad\u200Da'],
    ['a soft hyphen', 'https://git\u00ADhub.com/ada'],
    ['a byte-order mark', 'https://github.com/\uFEFFada'],
    ['a word joiner', 'https://github.com/ada\u2060/p'],
    ['a right-to-left mark', 'https://github.com/ada\u200F'],
    ['an Arabic letter mark', 'https://github.com/\u061Cada'],
    ['a Hangul filler', 'https://github.com/\u3164/ada'],
    ['a no-break space', 'https://github.com/ada\u00A0p'],
    ['a backslash before an @', 'https://evil.com\\@github.com/'],
    ['no slashes after the scheme', 'https:github.com/x'],
    ['one slash after the scheme', 'https:/github.com/x'],
    ['three slashes after the scheme', 'https:///github.com/x'],
    ['a backslash for the slashes', 'https:\\\\github.com/x'],
    ['a percent-encoded host', 'https://git%68ub.com/ada'],
    ['full-width letters that fold into another host', 'https://\uFF47ithub.com/ada'],
    ['a host written as a number', 'https://0x7f.1/'],
    ['an empty name before the host', 'https://@github.com/ada'],
    ['the default port typed out', 'https://github.com:443/ada'],
    ['a Latin host with a Cyrillic letter', 'https://p\u0430ypal.com/'],
  ])('refuses %s with the field’s message', (_, typed) => {
    expect(messagesOf(typed)).toEqual([LINK]);
  });

  it('still names a password as the reason', () => {
    expect(messagesOf('https://ada:secret@github.com/ada')).toEqual([LINK_MESSAGES.credentials]);
  });
});
