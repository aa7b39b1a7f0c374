import { generateKeyPairSync } from 'node:crypto';
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

describe('COOKIE_SECRET', () => {
  it('is a list of keys, the first one signing', () => {
    const first = 'a'.repeat(32);
    const retired = 'b'.repeat(40);
    expect(parseEnv({ COOKIE_SECRET: ` ${first} , ${retired}` }).COOKIE_SECRET).toEqual([
      first,
      retired,
    ]);
    expect(parseEnv({}).COOKIE_SECRET).toBeUndefined();
  });

  it('refuses a key shorter than 32 characters, naming it without repeating it', () => {
    const attempt = () => parseEnv({ COOKIE_SECRET: `${'a'.repeat(32)},short-secret` });
    expect(attempt).toThrow(/COOKIE_SECRET must be one or more .* at least 32 characters/);
    expect(attempt).not.toThrow(/short-secret/);
  });
});

describe('CREDENTIAL_SIGNING_KEY', () => {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });

  it('is an Ed25519 private JWK', () => {
    expect(
      parseEnv({ CREDENTIAL_SIGNING_KEY: JSON.stringify(jwk) }).CREDENTIAL_SIGNING_KEY,
    ).toEqual(jwk);
    expect(parseEnv({}).CREDENTIAL_SIGNING_KEY).toBeUndefined();
  });

  it.each([
    ['not JSON', '{"kty":'],
    ['a public key', JSON.stringify({ ...jwk, d: undefined })],
    ['a key whose x is not its d’s', JSON.stringify({ ...jwk, x: `A${jwk.x!.slice(1)}` })],
  ])('refuses %s, naming it without repeating it', (_, value) => {
    let message = '';
    try {
      parseEnv({ CREDENTIAL_SIGNING_KEY: value });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/CREDENTIAL_SIGNING_KEY must be an Ed25519 private key/);
    expect(message).not.toContain(jwk.d);
  });
});
