import { z } from 'zod';
import { clearCookie, readCookie, serializeCookie } from './cookies.server';

/**
 * A toast that must survive a redirect travels in this short-lived cookie; on https it is
 * `__Host-` prefixed like the session cookie (Secure, this host only, Path=/).
 */
export function flashCookieName(secure: boolean): string {
  return secure ? '__Host-flash' : 'flash';
}

const flashSchema = z.object({
  type: z.enum(['info', 'success', 'warning', 'error', 'default']),
  message: z.string().min(1).max(300),
});
export type Flash = z.infer<typeof flashSchema>;

export function flashCookie(flash: Flash, secure: boolean): string {
  return serializeCookie(flashCookieName(secure), JSON.stringify(flash), {
    maxAgeSeconds: 60,
    secure,
  });
}

export function clearFlashCookie(secure: boolean): string {
  return clearCookie(flashCookieName(secure), { secure });
}

export function readFlash(cookieHeader: string | null, secure: boolean): Flash | null {
  const raw = readCookie(cookieHeader, flashCookieName(secure));
  if (!raw) return null;
  try {
    const parsed = flashSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
