/** Requests as a browser on the site sends them, timed to the first and the last byte. */
import { errorText, log } from './common';

/** One request (status 0 when it failed); a POST carries the Origin the server checks. */
export async function send(
  url: string,
  init: {
    cookie?: string;
    method?: string;
    headers?: Record<string, string>;
    body?: BodyInit;
  } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.method === 'POST') headers.origin = new URL(url).origin;
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    const firstByteMs = performance.now() - started;
    const body = Buffer.from(await response.arrayBuffer());
    const answer = { status: response.status, headers: response.headers, body, firstByteMs };
    return { ...answer, ms: performance.now() - started };
  } catch (error) {
    log(`${init.method ?? 'GET'} ${url} failed: ${errorText(error)}`);
    const ms = performance.now() - started;
    return { status: 0, headers: new Headers(), body: Buffer.alloc(0), firstByteMs: ms, ms };
  }
}
