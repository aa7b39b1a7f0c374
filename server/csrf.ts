import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Payment providers' webhooks: proven by their signatures instead (and by nothing less). */
const WEBHOOKS = /^\/webhooks\/[a-z]+$/;

/**
 * A reminder's one-click unsubscribe (RFC 8058): mail clients POST it from their own origin,
 * without cookies. Safe without the Origin check: the random token in the path is the
 * proof, and the one thing it can do is turn that person's reminders off.
 */
const UNSUBSCRIBE = /^\/unsubscribe\/[\w-]+$/;

/**
 * Every state-changing request must come from our own pages: its Origin header must be
 * the site's origin (or, when a browser omits Origin, Sec-Fetch-Site must be
 * same-origin). Anything else, including a request with neither, is refused. The
 * exceptions are a provider's webhook, which no browser sends, and a reminder's one-click
 * unsubscribe.
 */
export function refuseCrossOriginWrites(origin: string): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.method === 'POST' && WEBHOOKS.test(req.path)) return next();
    if (req.method === 'POST' && UNSUBSCRIBE.test(req.path)) {
      // React Router refuses an action whose Origin is another site's, with no exception
      // for a route: a mail client's origin proves nothing here either way, so it goes.
      delete req.headers.origin;
      return next();
    }
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
