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
import { sharedContextOf, type AppServices, type RequestContext } from '~/load-context';
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

/**
 * The Express app, in the order a request meets it: its id, log line and security headers;
 * the health checks; the prerendered pages; compression; the local sign-in provider; the
 * method and origin checks; the built files; React Router; the error answer.
 */
export async function createApp(options: AppOptions): Promise<express.Express> {
  const { services, mode } = options;
  const { env } = services;
  const app = express();
  const policy: PolicyOrigins = {
    https: env.ORIGIN.startsWith('https://'),
    checkoutOrigins: checkoutOriginsOf(services.payments),
    frameOrigins: [site.aboutVideo.host],
  };
  app.disable('x-powered-by');
  app.set('trust proxy', env.TRUST_PROXY ? 1 : false);

  app.use(identifyAndLog(options, policy));
  mountHealthChecks(app, options);
  const isPersonal = isPersonalRequest(services);
  if (options.mode === 'production') {
    // Already compressed: in front of `compression()`, which would only look and pass.
    app.use(await prerenderedPages(options, policy, isPersonal));
  }
  app.use(compression());

  // The provider's own endpoints include a server-to-server token call without an Origin.
  if (options.localProvider) app.use(options.localProvider.path, options.localProvider.handler);
  app.use(refuseOtherMethods);
  app.use(refuseCrossOriginWrites(env.ORIGIN));

  if (options.mode === 'development') app.use(options.devMiddleware);
  if (options.mode === 'production') mountBuiltFiles(app, options.clientDir);

  app.all(
    '/{*path}',
    createReactRouterHandler({
      build: options.build,
      mode,
      origin: env.ORIGIN,
      maxBodyBytes: MAX_BODY_BYTES,
      isPersonal,
      getLoadContext: loadContextOf(services),
    }),
  );
  app.use(answerError);
  return app;
}

/** What the security headers allow besides the site: set once from the configuration. */
interface PolicyOrigins {
  https: boolean;
  checkoutOrigins: readonly string[];
  frameOrigins: string[];
}

/**
 * Every response's request id, CSP nonce and security headers, and the request's one log
 * line when it ends.
 */
function identifyAndLog(options: AppOptions, policy: PolicyOrigins): express.RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const requestId = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    const log = options.services.logger.child({ requestId });
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
        ...policy,
        development: options.mode === 'development',
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
  };
}

function mountHealthChecks(app: express.Express, options: AppOptions): void {
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'alive' });
  });
  app.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!options.isReady()) return res.status(503).json({ status: 'shutting-down' });
    try {
      await options.services.database.ping();
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'database-unavailable' });
    }
  });
}

/** A session or a pending toast makes the answer personal. */
function isPersonalRequest(services: AppServices): (req: Request) => boolean {
  return (req) => {
    const cookies = req.headers.cookie;
    return (
      readCookie(cookies, sessionCookieName(services.sessionSettings.secure)) !== undefined ||
      readCookie(cookies, flashCookieName(services.sessionSettings.secure)) !== undefined
    );
  };
}

function prerenderedPages(
  options: Extract<AppOptions, { mode: 'production' }>,
  policy: PolicyOrigins,
  isPersonal: (req: Request) => boolean,
) {
  const { services } = options;
  return servePrerenderedPages({
    clientDir: options.clientDir,
    // The paths react-router.config.ts prerendered, as the build records them.
    paths: options.build.prerender,
    origin: services.env.ORIGIN,
    contentSecurityPolicy: (scriptHashes) =>
      contentSecurityPolicy({ scriptHashes, ...policy, development: false }),
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
  });
}

/** React Router runs a route's action for any method but GET and HEAD: only POST may. */
function refuseOtherMethods(req: Request, res: Response, next: NextFunction): void {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'POST') return next();
  res.set('Allow', 'GET, HEAD, POST').status(405).type('text').send('Method not allowed.');
}

/** The build's hashed assets, immutable for a year, and the public files, for a day. */
function mountBuiltFiles(app: express.Express, clientDir: string): void {
  app.use(
    '/assets',
    express.static(join(clientDir, 'assets'), {
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
  const publicFiles = express.static(clientDir, {
    maxAge: '1d',
    index: false,
    redirect: false,
    setHeaders: withoutDocumentHeaders,
  });
  app.use((req, res, next) => (PUBLIC_FILE.test(req.path) ? publicFiles(req, res, next) : next()));
}

/** What every loader and action gets: the services, the request's own parts, its session. */
function loadContextOf(services: AppServices) {
  const shared = sharedContextOf(services);
  return (req: Request, res: Response): RequestContext => {
    let session: ReturnType<RequestContext['session']> | undefined;
    return {
      ...shared,
      cspNonce: res.locals.cspNonce as string,
      requestId: res.locals.requestId as string,
      log: res.locals.log as RequestContext['log'],
      clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      pageFragments: req.path.endsWith('.data') ? undefined : new Map(),
      session: () =>
        (session ??= lookupSession(shared.db, req.headers.cookie, shared.sessionSettings)),
    };
  };
}

function answerError(error: unknown, _req: Request, res: Response, next: NextFunction) {
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
}

function clientErrorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** A file being served: the headers that act on documents only are dropped. */
function withoutDocumentHeaders(res: Response) {
  for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
}
