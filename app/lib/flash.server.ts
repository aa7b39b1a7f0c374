import { createCookie, redirect } from 'react-router';
import { z } from '~/lib/zod';

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

export interface FlashCookie {
  /** The `Set-Cookie` value that carries `flash` to the next page. */
  serialize(flash: Flash): Promise<string>;
  /** The flash the request carries, or null: absent, unsigned, signed by no key of ours, or malformed. */
  read(cookieHeader: string | null): Promise<Flash | null>;
  clear(): Promise<string>;
}

/**
 * Signed with `secrets` (React Router's cookie signing, as the Epic Stack's toast): a page
 * on another subdomain or a script cannot plant a message that looks like ours. The first
 * secret signs; every one is accepted, so a secret can be rotated without losing toasts.
 */
export function createFlashCookie(options: { secure: boolean; secrets: string[] }): FlashCookie {
  const cookie = createCookie(flashCookieName(options.secure), {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: options.secure,
    maxAge: 60,
    secrets: options.secrets,
  });
  return {
    serialize: (flash) => cookie.serialize(flash),
    async read(cookieHeader) {
      const parsed = flashSchema.safeParse(await cookie.parse(cookieHeader));
      return parsed.success ? parsed.data : null;
    },
    clear: () => cookie.serialize('', { maxAge: 0 }),
  };
}

/** A redirect that shows `flash` as a toast on the page it lands on. */
export async function redirectWithFlash(
  context: { flash: FlashCookie },
  url: string,
  flash: Flash,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await context.flash.serialize(flash));
  return redirect(url, { ...init, headers });
}
