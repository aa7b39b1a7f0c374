// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authStateFromViewer,
  DEFAULT_AUTH_STATE,
  readPersistedAuthState,
  writePersistedAuthState,
} from './persisted-auth-state';
import { safeReturnTo } from './sign-in-messages';

beforeEach(() => localStorage.clear());

describe('persisted auth state (SPEC §3)', () => {
  it('has the specification defaults', () => {
    expect(readPersistedAuthState(localStorage)).toEqual({
      isLoggedIn: false,
      username: '',
      userExists: false,
      userID: '',
    });
  });

  it('round-trips the signed-in state and falls back per key on foreign values', () => {
    const state = authStateFromViewer({ id: 'abc', name: 'Ife', access: 'none' });
    writePersistedAuthState(localStorage, state);
    expect(readPersistedAuthState(localStorage)).toEqual({
      isLoggedIn: true,
      username: 'Ife',
      userExists: true,
      userID: 'abc',
    });
    localStorage.setItem('isLoggedIn', 'not json');
    localStorage.setItem('username', '42');
    expect(readPersistedAuthState(localStorage)).toMatchObject({
      isLoggedIn: false,
      username: '',
      userID: 'abc',
    });
  });

  it('writes only the keys that changed, so other tabs hear only real changes', () => {
    writePersistedAuthState(localStorage, DEFAULT_AUTH_STATE);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    writePersistedAuthState(localStorage, DEFAULT_AUTH_STATE);
    expect(setItem).not.toHaveBeenCalled();
    writePersistedAuthState(localStorage, { ...DEFAULT_AUTH_STATE, username: 'x' });
    expect(setItem).toHaveBeenCalledTimes(1);
    setItem.mockRestore();
  });
});

describe('safeReturnTo', () => {
  it('keeps same-origin paths and refuses anything else', () => {
    expect(safeReturnTo('/fed/react')).toBe('/fed/react');
    expect(safeReturnTo('/admin/home?q=a&page=2')).toBe('/admin/home?q=a&page=2');
    // Headers take Latin-1 only: anything else comes back percent-encoded.
    expect(safeReturnTo('/\u3002evil')).toBe('/%E3%80%82evil');
    expect(safeReturnTo('/admin/home?q=Zoë')).toBe('/admin/home?q=Zo%C3%AB');
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'fed',
      '',
      null,
      '/x\u0000y',
    ]) {
      expect(safeReturnTo(bad)).toBe('/fed/home');
    }
  });

  it.each([
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/a/..//evil.example',
    '/a/b/../..//evil.example',
    '/./%2e//evil.example',
    '/.//evil.example/fed?x=1',
  ])('refuses %s, which normalises to a protocol-relative URL', (bad) => {
    expect(safeReturnTo(bad)).toBe('/fed/home');
  });

  it('keeps paths whose dot segments resolve to a same-origin path', () => {
    expect(safeReturnTo('/a/../fed/react')).toBe('/fed/react');
    expect(safeReturnTo('/fed/./react')).toBe('/fed/react');
  });
});
