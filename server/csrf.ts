import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing request must come from our own pages: its Origin header must be
 * the site's origin (or, when a browser omits Origin, Sec-Fetch-Site must be
 * same-origin). Anything else, including a request with neither, is refused.
 */
export function refuseCrossOriginWrites(origin: string): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const requestOrigin = req.get('origin');
    if (requestOrigin === origin) return next();
    if (!requestOrigin && req.get('sec-fetch-site') === 'same-origin') return next();
    res.locals.log?.warn(
      { event: 'csrf-refused', method: req.method, path: req.path, origin: requestOrigin ?? null },
      'security',
    );
    res.status(403).type('text').send('Cross-site request refused.');
  };
}
