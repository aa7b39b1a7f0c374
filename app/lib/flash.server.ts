import { z } from 'zod';
import { clearCookie, readCookie, serializeCookie } from './cookies.server';

/** A toast that must survive a redirect travels in this short-lived cookie. */
export const FLASH_COOKIE = 'flash';

const flashSchema = z.object({
  type: z.enum(['info', 'success', 'warning', 'error', 'default']),
  message: z.string().min(1).max(300),
});
export type Flash = z.infer<typeof flashSchema>;

export function flashCookie(flash: Flash, secure: boolean): string {
  return serializeCookie(FLASH_COOKIE, JSON.stringify(flash), { maxAgeSeconds: 60, secure });
}

export function clearFlashCookie(secure: boolean): string {
  return clearCookie(FLASH_COOKIE, { secure });
}

export function readFlash(cookieHeader: string | null): Flash | null {
  const raw = readCookie(cookieHeader, FLASH_COOKIE);
  if (!raw) return null;
  try {
    const parsed = flashSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
