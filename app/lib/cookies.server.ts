import { parse, serialize } from 'cookie';

/**
 * Cookie reading and writing through the `cookie` package (what React Router's own
 * cookies use), with the product's fixed attributes: `Path=/`, `SameSite=Lax`, `HttpOnly`
 * unless asked otherwise, and `Secure` on https.
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  return parse(header)[name];
}

export interface CookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
  path?: string;
  httpOnly?: boolean;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return serialize(name, value, {
    path: options.path ?? '/',
    maxAge: Math.max(0, Math.floor(options.maxAgeSeconds)),
    sameSite: 'lax',
    httpOnly: options.httpOnly !== false,
    secure: options.secure,
  });
}

export function clearCookie(name: string, options: Omit<CookieOptions, 'maxAgeSeconds'>): string {
  return serializeCookie(name, '', { ...options, maxAgeSeconds: 0 });
}
