/** Requests as a browser on the site sends them, timed to the first and the last byte. */
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import * as zlib from 'node:zlib';
import { errorText, log } from './common';

const { brotliDecompressSync, gunzipSync, inflateSync } = zlib;
/** Node 22.15 and later; an older node cannot decode zstd (nor offer it). */
const zstdDecompressSync = (zlib as { zstdDecompressSync?: (body: Buffer) => Buffer })
  .zstdDecompressSync;

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

/** An answer as it came over the wire: body bytes still compressed, and decompressed. */
export type RawAnswer = {
  status: number;
  headers: IncomingHttpHeaders;
  /** The header block's size as sent (status line and CRLFs included). */
  headerBytes: number;
  body: Buffer;
  decoded: Buffer;
};

const DECODERS: Record<string, (body: Buffer) => Buffer> = {
  gzip: gunzipSync,
  br: brotliDecompressSync,
  deflate: inflateSync,
  ...(zstdDecompressSync ? { zstd: zstdDecompressSync } : {}),
};

/** One GET by node:http, which (unlike fetch) leaves the body as the server compressed it. */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const request = httpGet(url, { headers, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = String(response.headers['content-encoding'] ?? 'identity');
        const decode = DECODERS[encoding];
        const lines = response.rawHeaders.reduce(
          (sum, item) => sum + item.length + 2, // after a name ': ', after a value CRLF
          0,
        );
        done({
          status: response.statusCode ?? 0,
          headers: response.headers,
          headerBytes:
            `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length + lines + 2,
          body,
          decoded: decode ? decode(body) : body,
        });
      });
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', fail);
  });
}

/** A browser's cookie store for one origin, as far as the bench needs: names and values. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(header = '') {
    for (const pair of header.split(';')) {
      const [name, ...value] = pair.trim().split('=');
      if (name) this.cookies.set(name, value.join('='));
    }
  }

  /** Takes an answer's Set-Cookie lines; an expired or emptied cookie is deleted. */
  take(setCookie: string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', ...value] = pair.trim().split('=');
      const expired = attributes.some((a) => {
        const [key = '', v = ''] = a.trim().split('=');
        if (/^max-age$/i.test(key)) return Number(v) <= 0;
        return /^expires$/i.test(key) && Date.parse(v) <= Date.now();
      });
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value.join('='));
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
