import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { fillServeTimeSlots } from '~/lib/serve-time-slots';

/**
 * Serves the HTML React Router prerendered at build time, filling its serve-time slots.
 * Only anonymous requests get the static copy: a signed-in person's header depends on who
 * they are, so `wantsServerRender` sends such requests on to server rendering.
 */
export function servePrerenderedPages(options: {
  clientDir: string;
  paths: readonly string[];
  origin: string;
  wantsServerRender: (req: Request) => boolean;
}) {
  const cache = new Map<string, Promise<string>>();
  const load = (path: string) => {
    let html = cache.get(path);
    if (!html) {
      const file = join(options.clientDir, path === '/' ? '' : path, 'index.html');
      html = readFile(file, 'utf8');
      cache.set(path, html);
    }
    return html;
  };
  return async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !options.paths.includes(req.path)) {
      return next();
    }
    if (options.wantsServerRender(req)) return next();
    try {
      const html = fillServeTimeSlots(await load(req.path), {
        nonce: res.locals.cspNonce as string,
        origin: options.origin,
        year: String(new Date().getUTCFullYear()),
      });
      res.status(200).type('html').set('Cache-Control', 'no-cache').send(html);
    } catch (error) {
      next(error);
    }
  };
}
