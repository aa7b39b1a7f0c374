import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.server';

describe('ADMIN_EMAILS', () => {
  it('is a list of addresses in the form they are matched in', () => {
    expect(
      parseEnv({ ADMIN_EMAILS: ' Boss@Example.com, ,second@example.com ' }).ADMIN_EMAILS,
    ).toEqual(['boss@example.com', 'second@example.com']);
  });

  it.each(['\u0130nfo@example.com', '\u212Aim@example.com', 'ad\u200Bmin@example.com'])(
    'refuses %j, which could only ever match a look-alike, naming the variable',
    (address) => {
      expect(() => parseEnv({ ADMIN_EMAILS: `boss@example.com,${address}` })).toThrow(
        /ADMIN_EMAILS .*plain ASCII/,
      );
    },
  );
});
