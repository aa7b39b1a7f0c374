import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { join } from 'node:path';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { ServerBuild } from 'react-router';
import { lookupSession, sessionCookieName } from '~/features/auth/session.server';
import { nextCohortSentenceFor } from '~/features/cohorts/cohorts.server';
import { site } from '~/content/site';
import { readCookie } from '~/lib/cookies.server';
import { flashCookieName } from '~/lib/flash.server';
import type { AppServices, RequestContext } from '~/load-context';
import { checkoutOriginsOf } from '~/features/enrolment/payment-provider.server';
import {
  contentSecurityPolicy,
  createNonce,
  DOCUMENT_ONLY_HEADERS,
  securityHeaders,
} from '~/lib/security-headers.server';
import { refuseCrossOriginWrites } from './csrf';
import { servePrerenderedPages } from './prerendered-pages';
import { BodyTooLargeError } from './request-body';
import { createReactRouterHandler } from './react-router-handler';

const MAX_BODY_BYTES = 64 * 1024;
/** A path with an extension other than the prerendered outputs' `.html` and `.data`. */
const PUBLIC_FILE = /\.(?!html$|data$)[\w]+$/;
const REQUEST_ID_PATTERN = /^[\w-]{8,64}$/;

/** How the app gets its build: compiled files in production, Vite's in development. */
export type ServerMode =
  | {
      mode: 'production';
      build: ServerBuild;
      /** The built client folder: assets, public files and prerendered pages. */
      clientDir: string;
    }
  | {
      mode: 'development';
      build: () => Promise<ServerBuild>;
      devMiddleware: express.RequestHandler;
    };

export type AppOptions = ServerMode & {
  services: AppServices;
  /** The local OpenID provider, mounted at `/dev-idp` when Google is not configured. */
  localProvider?: { path: string; handler: express.RequestHandler };
  /**
   * False once shutdown has begun: /readyz answers 503 and every response carries
   * `Connection: close`, so keep-alive clients move to another instance while this one
   * still serves them.
   */
  isReady: () => boolean;
};

export async function createApp(options: AppOptions): Promise<express.Express> {
  const { services, mode } = options;
  const { env } = services;
  const app = express();
  const https = env.ORIGIN.startsWith('https://');
  const checkoutOrigins = checkoutOriginsOf(services.payments);
  const frameOrigins = [site.aboutVideo.host];
  app.disable('x-powered-by');
  app.set('trust proxy', env.TRUST_PROXY ? 1 : false);

  app.use((req, res, next) => {
    const incoming = req.get('x-request-id');
    const requestId = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    const log = services.logger.child({ requestId });
    const started = process.hrtime.bigint();
    res.locals.requestId = requestId;
    res.locals.log = log;
    res.locals.cspNonce = createNonce();
    res.set('X-Request-Id', requestId);
    if (!options.isReady()) res.set('Connection', 'close');
    res.set(
      securityHeaders({
        nonce: res.locals.cspNonce as string,
        path: req.path,
        https,
        development: mode === 'development',
        checkoutOrigins,
        frameOrigins,
      }),
    );
    // Read now: a mounted handler (the local provider, /assets) strips its prefix from
    // req.path while it runs. The path only: query strings can hold OAuth codes and state.
    const path = req.path;
    // 'close', not 'finish': a request the client dropped (or an event stream it closed)
    // is logged too, marked as not completed.
    res.on('close', () => {
      log.info(
        {
          method: req.method,
          path,
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          ...(res.writableFinished ? {} : { completed: false }),
        },
        'request',
      );
    });
    next();
  });

  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'alive' });
  });
  app.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!options.isReady()) return res.status(503).json({ status: 'shutting-down' });
    try {
      await services.database.ping();
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'database-unavailable' });
    }
  });

  // A session or a pending toast makes the answer personal.
  const isPersonal = (req: Request) => {
    const cookies = req.headers.cookie;
    return (
      readCookie(cookies, sessionCookieName(services.sessionSettings.secure)) !== undefined ||
      readCookie(cookies, flashCookieName(services.sessionSettings.secure)) !== undefined
    );
  };

  if (options.mode === 'production') {
    // Already compressed: in front of `compression()`, which would only look and pass.
    app.use(
      await servePrerenderedPages({
        clientDir: options.clientDir,
        // The paths react-router.config.ts prerendered, as the build records them.
        paths: options.build.prerender,
        origin: env.ORIGIN,
        contentSecurityPolicy: (scriptHashes) =>
          contentSecurityPolicy({
            scriptHashes,
            https,
            development: false,
            checkoutOrigins,
            frameOrigins,
          }),
        // A personal page (the header shows who is signed in) is rendered instead.
        wantsServerRender: isPersonal,
        nextCohort: (today) => nextCohortSentenceFor(services.database.db, today),
        onCohortsChanged: (listener) => {
          services.changeEvents.subscribe({
            onEvent: (event) => {
              if (event.collection === 'cohorts') listener();
            },
            onResync: listener,
          });
        },
      }),
    );
  }

  app.use(compression());

  // The provider's own endpoints include a server-to-server token call without an Origin.
  if (options.localProvider) app.use(options.localProvider.path, options.localProvider.handler);
  // React Router runs a route's action for any method but GET and HEAD: only POST may.
  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'POST') return next();
    res.set('Allow', 'GET, HEAD, POST').status(405).type('text').send('Method not allowed.');
  });
  app.use(refuseCrossOriginWrites(env.ORIGIN));

  if (options.mode === 'development') app.use(options.devMiddleware);
  if (options.mode === 'production') {
    app.use(
      '/assets',
      express.static(join(options.clientDir, 'assets'), {
        immutable: true,
        maxAge: '1y',
        index: false,
        // Hashed names never change content: validators would only add bytes.
        etag: false,
        lastModified: false,
        setHeaders: withoutDocumentHeaders,
        // A missing asset (an old deployment's hashed name) is no page: a plain 404 from
        // the error handler below, as is a 400 for a name that does not decode.
        fallthrough: false,
      }),
    );
    // Public files (media, icons) may change between deployments: revalidate after a day.
    // Every public file has an extension, so a page's path costs no file-system lookup.
    // Prerendered HTML and `.data` files are never served raw: their serve-time slots
    // must be filled, so they go through the handlers above and below.
    const publicFiles = express.static(options.clientDir, {
      maxAge: '1d',
      index: false,
      redirect: false,
      setHeaders: withoutDocumentHeaders,
    });
    app.use((req, res, next) =>
      PUBLIC_FILE.test(req.path) ? publicFiles(req, res, next) : next(),
    );
  }

  app.all(
    '/{*path}',
    createReactRouterHandler({
      build: options.build,
      mode,
      origin: env.ORIGIN,
      maxBodyBytes: MAX_BODY_BYTES,
      isPersonal,
      getLoadContext: (req, res): RequestContext => {
        let session: ReturnType<RequestContext['session']> | undefined;
        return {
          services,
          cspNonce: res.locals.cspNonce as string,
          requestId: res.locals.requestId as string,
          log: res.locals.log as AppServices['logger'],
          clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
          pageFragments: req.path.endsWith('.data') ? undefined : new Map(),
          session: () =>
            (session ??= lookupSession(
              services.database.db,
              req.headers.cookie,
              services.sessionSettings,
            )),
        };
      },
    }),
  );

  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    if (error instanceof BodyTooLargeError) {
      return res.status(413).type('text').send('The request body is too large.');
    }
    // The client's mistake, flagged by Express or a static file handler (an address whose
    // percent-encoding does not decode is a URIError with status 400; a missing asset a
    // 404): its plain answer, and the request's own log line, without a stack trace.
    const status = clientErrorStatus(error);
    if (status) return res.status(status).type('text').send(STATUS_CODES[status]);
    (res.locals.log as AppServices['logger']).error({ err: error }, 'unhandled error');
    res.status(500).type('text').send('Something went wrong on our side. Please try again.');
  });

  return app;
}

function clientErrorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** A file being served: the headers that act on documents only are dropped. */
function withoutDocumentHeaders(res: Response) {
  for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
}
