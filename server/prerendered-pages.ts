import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import { fillServeTimeSlots, SERVE_TIME_SLOTS, type ServeTimeValues } from '~/lib/serve-time-slots';

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

type Encoding = 'br' | 'gzip' | 'identity';

export interface PreparedPage {
  /** The page's bytes in each encoding, compressed once. */
  bodies: Record<Encoding, Buffer>;
  /** Strong validators, one per encoding (they are different bytes). */
  etags: Record<Encoding, string>;
  /** sha256 (base64) of each inline script, for the page's Content-Security-Policy. */
  scriptHashes: string[];
}

/** Inline scripts the browser runs: no `src`, and not a data block such as JSON-LD. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const DATA_BLOCK = /\btype="application\/(ld\+)?json"/;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    hashes.add(createHash('sha256').update(body, 'utf8').digest('base64'));
  }
  return [...hashes];
}

/** Fills a prerendered page's slots and compresses it with brotli and gzip, once. */
export async function preparePage(
  template: string,
  values: ServeTimeValues,
): Promise<PreparedPage> {
  const html = fillServeTimeSlots(template, values);
  for (const slot of Object.values(SERVE_TIME_SLOTS)) {
    if (html.includes(slot)) {
      throw new Error(`A prerendered page still holds the serve-time slot ${slot}`);
    }
  }
  const identity = Buffer.from(html, 'utf8');
  const [br, gzipped] = await Promise.all([
    compressBrotli(identity, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    compressGzip(identity, { level: 9 }),
  ]);
  const digest = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  return {
    bodies: { br, gzip: gzipped, identity },
    etags: { br: `"${digest}-br"`, gzip: `"${digest}-gz"`, identity: `"${digest}"` },
    scriptHashes: inlineScriptHashes(html),
  };
}

/** The next UTC midnight: a year may turn, and a cohort's start date may pass. */
function startOfNextDay(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
}

/**
 * Serves the pages React Router prerendered at build time as ready-made bytes: the
 * serve-time slots are filled and each page is compressed with brotli and gzip when the
 * server starts (the origin is a deployment setting, unknown at build time), and again when
 * the year or the next cohort's sentence has changed (checked at each UTC midnight, and at
 * once when `onCohortsChanged` reports an admin's change), so a request costs a header
 * check and a write.
 *
 * Only anonymous requests get the static copy: a signed-in person's header depends on who
 * they are, so `wantsServerRender` sends such requests on to server rendering (hence
 * `Vary: Cookie`).
 */
export async function servePrerenderedPages(options: PrerenderedPagesOptions) {
  const templates = await readTemplates(options.clientDir, options.paths);
  let current = await prepareAll(templates, options, new Date());
  let renewing: Promise<void> | undefined;
  // Counts changes, so a renewal that read the cohorts before a change does not stand for
  // the pages after it: its result is kept only as already stale.
  let changes = 0;
  options.onCohortsChanged(() => {
    changes += 1;
    current = { ...current, validUntil: 0 };
  });
  const renew = async (changesSeen: number) => {
    const renewed = await prepareAll(templates, options, new Date(), current);
    current = changes === changesSeen ? renewed : { ...renewed, validUntil: 0 };
  };

  return async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !templates.has(req.path)) {
      return next();
    }
    if (options.wantsServerRender(req)) return next();
    try {
      // Again while a change came in during the renewal this request waited for.
      while (Date.now() >= current.validUntil) {
        // Cleared either way: a failed renewal is tried again by the next request.
        renewing ??= renew(changes).finally(() => {
          renewing = undefined;
        });
        await renewing;
      }
      const page = current.pages.get(req.path);
      if (!page) return next();
      sendPage(req, res, page);
    } catch (error) {
      next(error);
    }
  };
}

interface PrerenderedPagesOptions {
  clientDir: string;
  paths: readonly string[];
  origin: string;
  contentSecurityPolicy: (scriptHashes: readonly string[]) => string;
  wantsServerRender: (req: Request) => boolean;
  /** The next cohort's sentence for `today` (`YYYY-MM-DD`). */
  nextCohort: (today: string) => Promise<string>;
  /** Calls back whenever cohorts change, on this instance or (PostgreSQL) another. */
  onCohortsChanged: (listener: () => void) => void;
}

type ServedPage = PreparedPage & { csp: string };
type Prepared = {
  pages: Map<string, ServedPage>;
  values: ServeTimeValues;
  validUntil: number;
};

/** Each prerendered path's HTML as the build wrote it, slots still unfilled. */
async function readTemplates(clientDir: string, paths: readonly string[]) {
  return new Map(
    await Promise.all(
      paths.map(
        async (path) =>
          [
            path,
            await readFile(join(clientDir, path === '/' ? '' : path, 'index.html'), 'utf8'),
          ] as const,
      ),
    ),
  );
}

/**
 * Every page with today's values, valid until the next UTC midnight: the previous pages
 * again when the values have not changed.
 */
async function prepareAll(
  templates: Map<string, string>,
  options: PrerenderedPagesOptions,
  now: Date,
  previous?: Prepared,
): Promise<Prepared> {
  const values: ServeTimeValues = {
    origin: options.origin,
    year: String(now.getUTCFullYear()),
    nextCohort: await options.nextCohort(now.toISOString().slice(0, 10)),
  };
  const validUntil = startOfNextDay(now);
  if (
    previous &&
    previous.values.year === values.year &&
    previous.values.nextCohort === values.nextCohort
  ) {
    return { ...previous, validUntil };
  }
  const entries = await Promise.all(
    [...templates].map(async ([path, template]) => {
      const page = await preparePage(template, values);
      return [path, { ...page, csp: options.contentSecurityPolicy(page.scriptHashes) }] as const;
    }),
  );
  return { pages: new Map(entries), values, validUntil };
}

/** A prepared page in the best encoding the client accepts, or 304 for the copy it has. */
function sendPage(req: Request, res: Response, page: ServedPage): void {
  // The best the client accepts (brotli, then gzip), honouring `q=0`.
  const encoding = (req.acceptsEncodings('br', 'gzip', 'identity') || 'identity') as Encoding;
  const etag = page.etags[encoding];
  res.set({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    'Content-Security-Policy': page.csp,
    Vary: 'Accept-Encoding, Cookie',
    ETag: etag,
  });
  if (encoding !== 'identity') res.set('Content-Encoding', encoding);
  const known = req.headers['if-none-match'];
  if (known && known.split(',').some((tag) => tag.trim() === etag)) {
    res.status(304).end();
    return;
  }
  const body = page.bodies[encoding];
  res.status(200).set('Content-Length', String(body.length));
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}
