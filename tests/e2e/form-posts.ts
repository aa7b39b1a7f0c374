import { E2E_ORIGIN } from '../e2e-origin';

/**
 * A form sent straight to the e2e server as a browser on `origin` would send it, with the
 * session in `cookie`, its redirect answered rather than followed: for what the pages'
 * forms never send (tampered values, other people's sessions, other sites).
 */
export function postForm(
  path: string,
  cookie: string,
  fields: Record<string, string> | string,
  { origin = E2E_ORIGIN, method = 'POST' }: { origin?: string; method?: string } = {},
): Promise<Response> {
  return fetch(`${E2E_ORIGIN}${path}`, {
    method,
    redirect: 'manual',
    headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: typeof fields === 'string' ? fields : new URLSearchParams(fields),
  });
}
