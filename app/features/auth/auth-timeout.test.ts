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

/** SPEC §9: each environment's timeout. */
const TIMEOUTS = [
  ['an online desktop', { mobile: false, online: true }, 30_000],
  ['an online mobile', { mobile: true, online: true }, 60_000],
  ['an offline desktop', { mobile: false, online: false }, 5_000],
  ['an offline mobile', { mobile: true, online: false }, 5_000],
] as const;

describe('authRequestTimeoutMs', () => {
  it.each(TIMEOUTS)('on %s is %i ms', (_label, environment, ms) => {
    expect(authRequestTimeoutMs(environment)).toBe(ms);
  });
});

describe('currentAuthEnvironment', () => {
  const MOBILE = { mobile: true, online: true };
  const DESKTOP = { mobile: false, online: true };
  it.each([
    ['detects an iPhone from the user agent', { userAgent: IPHONE_UA, onLine: true }, MOBILE],
    [
      'detects an Android phone from the user agent',
      { userAgent: ANDROID_UA, onLine: true },
      MOBILE,
    ],
    ['treats a desktop user agent as desktop', { userAgent: DESKTOP_UA, onLine: true }, DESKTOP],
    [
      'prefers userAgentData.mobile = true over a desktop user agent',
      { userAgent: DESKTOP_UA, userAgentData: { mobile: true }, onLine: true },
      MOBILE,
    ],
    [
      'prefers userAgentData.mobile = false over a mobile user agent',
      { userAgent: ANDROID_UA, userAgentData: { mobile: false }, onLine: true },
      DESKTOP,
    ],
    [
      'falls back to the user agent when userAgentData has no mobile flag',
      { userAgent: IPHONE_UA, userAgentData: {}, onLine: true },
      MOBILE,
    ],
    [
      'reports offline when navigator.onLine is false',
      { userAgent: DESKTOP_UA, onLine: false },
      { mobile: false, online: false },
    ],
    [
      'reports an offline mobile',
      { userAgent: IPHONE_UA, onLine: false },
      { mobile: true, online: false },
    ],
    [
      'treats a navigator without onLine (Node 21+) as an online desktop',
      { userAgent: 'Node.js/22' },
      DESKTOP,
    ],
    ['is an online desktop on the server (no navigator)', undefined, DESKTOP],
  ])('%s', (_label, navigator, environment) => {
    vi.stubGlobal('navigator', navigator);
    expect(currentAuthEnvironment()).toEqual(environment);
  });
});

describe('withAuthTimeout', () => {
  it.each(TIMEOUTS)('on %s uses AbortSignal.timeout(%i)', (_label, environment, ms) => {
    const userAgent = environment.mobile ? IPHONE_UA : DESKTOP_UA;
    vi.stubGlobal('navigator', { userAgent, onLine: environment.online });
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
