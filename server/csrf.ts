import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Payment providers' webhooks: proven by their signatures instead (and by nothing less). */
const WEBHOOKS = /^\/webhooks\/[a-z]+$/;

/**
 * Every state-changing request must come from our own pages: its Origin header must be
 * the site's origin (or, when a browser omits Origin, Sec-Fetch-Site must be
 * same-origin). Anything else, including a request with neither, is refused. The one
 * exception is a provider's webhook, which no browser sends.
 */
export function refuseCrossOriginWrites(origin: string): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.method === 'POST' && WEBHOOKS.test(req.path)) return next();
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
