import { afterEach, describe, it, expect, vi } from 'vitest';

import {
  AUTH_TIMEOUT_MS,
  authRequestTimeoutMs,
  currentAuthEnvironment,
  withAuthTimeout,
} from './auth-timeout';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AUTH_TIMEOUT_MS', () => {
  it('holds the SPEC §9 values', () => {
    expect(AUTH_TIMEOUT_MS).toEqual({ desktop: 30_000, mobile: 60_000, offline: 5_000 });
  });
});

describe('authRequestTimeoutMs', () => {
  it('is 30 s on an online desktop', () => {
    expect(authRequestTimeoutMs({ mobile: false, online: true })).toBe(30_000);
  });

  it('is 60 s on an online mobile', () => {
    expect(authRequestTimeoutMs({ mobile: true, online: true })).toBe(60_000);
  });

  it('is capped at 5 s on an offline desktop', () => {
    expect(authRequestTimeoutMs({ mobile: false, online: false })).toBe(5_000);
  });

  it('is capped at 5 s on an offline mobile', () => {
    expect(authRequestTimeoutMs({ mobile: true, online: false })).toBe(5_000);
  });
});

describe('currentAuthEnvironment', () => {
  it('detects an iPhone from the user agent', () => {
    vi.stubGlobal('navigator', { userAgent: IPHONE_UA, onLine: true });
    expect(currentAuthEnvironment()).toEqual({ mobile: true, online: true });
  });

  it('detects an Android phone from the user agent', () => {
    vi.stubGlobal('navigator', { userAgent: ANDROID_UA, onLine: true });
    expect(currentAuthEnvironment()).toEqual({ mobile: true, online: true });
  });

  it('treats a desktop user agent as desktop', () => {
    vi.stubGlobal('navigator', { userAgent: DESKTOP_UA, onLine: true });
    expect(currentAuthEnvironment()).toEqual({ mobile: false, online: true });
  });

  it('prefers userAgentData.mobile = true over a desktop user agent', () => {
    vi.stubGlobal('navigator', {
      userAgent: DESKTOP_UA,
      userAgentData: { mobile: true },
      onLine: true,
    });
    expect(currentAuthEnvironment()).toEqual({ mobile: true, online: true });
  });

  it('prefers userAgentData.mobile = false over a mobile user agent', () => {
    vi.stubGlobal('navigator', {
      userAgent: ANDROID_UA,
      userAgentData: { mobile: false },
      onLine: true,
    });
    expect(currentAuthEnvironment()).toEqual({ mobile: false, online: true });
  });

  it('falls back to the user agent when userAgentData has no mobile flag', () => {
    vi.stubGlobal('navigator', { userAgent: IPHONE_UA, userAgentData: {}, onLine: true });
    expect(currentAuthEnvironment()).toEqual({ mobile: true, online: true });
  });

  it('reports offline when navigator.onLine is false', () => {
    vi.stubGlobal('navigator', { userAgent: DESKTOP_UA, onLine: false });
    expect(currentAuthEnvironment()).toEqual({ mobile: false, online: false });
  });

  it('reports an offline mobile', () => {
    vi.stubGlobal('navigator', { userAgent: IPHONE_UA, onLine: false });
    expect(currentAuthEnvironment()).toEqual({ mobile: true, online: false });
  });

  it('treats a navigator without onLine (Node 21+) as an online desktop', () => {
    vi.stubGlobal('navigator', { userAgent: 'Node.js/22' });
    expect(currentAuthEnvironment()).toEqual({ mobile: false, online: true });
  });

  it('is an online desktop on the server (no navigator)', () => {
    vi.stubGlobal('navigator', undefined);
    expect(currentAuthEnvironment()).toEqual({ mobile: false, online: true });
  });
});

describe('withAuthTimeout', () => {
  it.each([
    ['an online desktop', { userAgent: DESKTOP_UA, onLine: true }, 30_000],
    ['an online mobile', { userAgent: IPHONE_UA, onLine: true }, 60_000],
    ['an offline desktop', { userAgent: DESKTOP_UA, onLine: false }, 5_000],
    ['an offline mobile', { userAgent: IPHONE_UA, onLine: false }, 5_000],
  ])('uses AbortSignal.timeout with the right ms on %s', (_label, nav, ms) => {
    vi.stubGlobal('navigator', nav);
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const init = withAuthTimeout();
    expect(timeout).toHaveBeenCalledExactlyOnceWith(ms);
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(init.signal?.aborted).toBe(false);
  });

  it('uses 30 s on the server', () => {
    vi.stubGlobal('navigator', undefined);
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    withAuthTimeout();
    expect(timeout).toHaveBeenCalledExactlyOnceWith(30_000);
  });

  it('keeps the other RequestInit fields and does not mutate the input', () => {
    vi.stubGlobal('navigator', undefined);
    const init: RequestInit = { method: 'POST', headers: { 'content-type': 'application/json' } };
    const result = withAuthTimeout(init);
    expect(result).not.toBe(init);
    expect(result.method).toBe('POST');
    expect(result.headers).toEqual({ 'content-type': 'application/json' });
    expect(init.signal).toBeUndefined();
    expect(result.signal).toBeInstanceOf(AbortSignal);
  });

  it('returns a signal that aborts when the timeout fires', () => {
    vi.stubGlobal('navigator', undefined);
    const timer = new AbortController();
    vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timer.signal);
    const { signal } = withAuthTimeout();
    expect(signal?.aborted).toBe(false);
    timer.abort(new DOMException('timed out', 'TimeoutError'));
    expect(signal?.aborted).toBe(true);
    expect((signal?.reason as DOMException).name).toBe('TimeoutError');
  });

  it('really aborts with a TimeoutError after the timeout elapses', async () => {
    vi.stubGlobal('navigator', undefined);
    const real = AbortSignal.timeout.bind(AbortSignal);
    vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => real(10));
    const { signal } = withAuthTimeout();
    await new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve()));
    expect(signal?.aborted).toBe(true);
    expect((signal?.reason as DOMException).name).toBe('TimeoutError');
  });

  it('combines an existing signal with the timeout via AbortSignal.any', () => {
    vi.stubGlobal('navigator', undefined);
    const any = vi.spyOn(AbortSignal, 'any');
    const caller = new AbortController();
    const { signal } = withAuthTimeout({ signal: caller.signal });
    expect(any).toHaveBeenCalledOnce();
    expect(signal).not.toBe(caller.signal);
    expect(signal?.aborted).toBe(false);
    caller.abort(new Error('user navigated away'));
    expect(signal?.aborted).toBe(true);
    expect((signal?.reason as Error).message).toBe('user navigated away');
  });

  it('aborts the combined signal when the timeout fires first', () => {
    vi.stubGlobal('navigator', undefined);
    const timer = new AbortController();
    vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timer.signal);
    const caller = new AbortController();
    const { signal } = withAuthTimeout({ signal: caller.signal });
    timer.abort(new DOMException('timed out', 'TimeoutError'));
    expect(signal?.aborted).toBe(true);
    expect(caller.signal.aborted).toBe(false);
  });

  it('combines signals without AbortSignal.any (older browsers)', () => {
    vi.stubGlobal('navigator', undefined);
    const timer = new AbortController();
    vi.spyOn(AbortSignal, 'timeout').mockReturnValue(timer.signal);
    const original = AbortSignal.any;
    try {
      (AbortSignal as { any?: unknown }).any = undefined;
      const caller = new AbortController();
      const { signal } = withAuthTimeout({ signal: caller.signal });
      expect(signal?.aborted).toBe(false);
      timer.abort('late');
      expect(signal?.aborted).toBe(true);
      expect(signal?.reason).toBe('late');

      const already = new AbortController();
      already.abort('early');
      expect(withAuthTimeout({ signal: already.signal }).signal?.reason).toBe('early');
    } finally {
      AbortSignal.any = original;
    }
  });

  it('keeps a null init.signal from overriding the timeout', () => {
    vi.stubGlobal('navigator', undefined);
    const { signal } = withAuthTimeout({ signal: null });
    expect(signal).toBeInstanceOf(AbortSignal);
  });
});
