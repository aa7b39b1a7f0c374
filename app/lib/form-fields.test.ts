import { describe, expect, it } from 'vitest';
import { isCalendarDay } from './days';
import { calendarDay, wholeNumber } from './form-fields';

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
