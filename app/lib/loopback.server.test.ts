import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isLoopbackUrl } from './loopback.server';

describe('isLoopbackHost', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    '127.0.0.1',
    '127.255.3.4',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
  ])('accepts %s', (host) => expect(isLoopbackHost(host)).toBe(true));

  it.each([
    '127.academy.example',
    '127.0.0.1.nip.io',
    'localhost.example.com',
    'evil-localhost',
    '0.0.0.0',
    '::',
    '10.0.0.1',
    '128.0.0.1',
    '::2',
    '::ffff:10.0.0.1',
    '',
  ])('refuses %s', (host) => expect(isLoopbackHost(host)).toBe(false));
});

describe('isLoopbackUrl', () => {
  it('reads the host of an origin', () => {
    expect(isLoopbackUrl('http://localhost:3000')).toBe(true);
    expect(isLoopbackUrl('http://127.1:3000')).toBe(true);
    expect(isLoopbackUrl('http://[::1]:3000')).toBe(true);
    expect(isLoopbackUrl('https://127.academy.example')).toBe(false);
    expect(isLoopbackUrl('https://academy.example')).toBe(false);
  });
});
