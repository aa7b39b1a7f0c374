import { writeReadableStreamToWritable } from '@react-router/node';
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express';
import {
  createRequestHandler,
  matchRoutes,
  type RouteObject,
  type ServerBuild,
} from 'react-router';
import type { RequestContext } from '~/load-context';
import type { RouteHandle } from '~/lib/route-handle';
import { readBody, streamBody } from './request-body';

export interface ReactRouterHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'development' | 'production';
  /** Requests are addressed to the configured public origin, never to the Host header. */
  origin: string;
  maxBodyBytes: number;
  /** The request carries a session or a pending message: its answer is for one person. */
  isPersonal: (req: ExpressRequest) => boolean;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RequestContext;
}

/**
 * Our own Express adapter (instead of `@react-router/express`): the body is read up to a
 * limit before any action runs (a route that takes uploads streams its own, larger one),
 * and the request URL comes from `ORIGIN` so a forged Host header cannot leak into links,
 * redirects or origin checks.
 */
export function createReactRouterHandler(options: ReactRouterHandlerOptions) {
  // A build object (production) is prepared once; a function (development) is asked again
  // on every request so edits show, at the cost of re-deriving the routes each time.
  const handle = createRequestHandler(options.build, options.mode);
  const currentBuild = async () =>
    typeof options.build === 'function' ? options.build() : options.build;
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      if (
        (req.method === 'GET' || req.method === 'HEAD') &&
        req.path.endsWith('.data') &&
        namesNoPage(await currentBuild(), req.path.slice(0, -'.data'.length))
      ) {
        res.status(404).type('text').send('Not Found');
        return;
      }
      const controller = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) controller.abort();
      });
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const uploadLimit =
        req.method === 'POST' && req.is('multipart/form-data')
          ? uploadLimitOf(await currentBuild(), req.path.replace(/\.data$/, ''))
          : undefined;
      const request = new Request(new URL(req.originalUrl, options.origin), {
        method: req.method,
        headers: toHeaders(req.headers),
        body:
          uploadLimit !== undefined
            ? streamBody(req, uploadLimit)
            : hasBody
              ? new Uint8Array(await readBody(req, options.maxBodyBytes))
              : undefined,
        // Required by fetch's Request for a streamed body.
        ...(uploadLimit !== undefined && { duplex: 'half' }),
        signal: controller.signal,
      } as RequestInit);
      const response = await handle(request, options.getLoadContext(req, res));
      res.statusMessage = response.statusText;
      res.status(response.status);
      // A route's own header replaces the global one (e.g. the sign-in callback's
      // Referrer-Policy); only Set-Cookie may repeat, and entries() yields each separately.
      for (const [key, value] of response.headers.entries()) {
        if (key === 'set-cookie') res.append(key, value);
        else res.setHeader(key, value);
      }
      // React Router answers 405 to a POST at a page without an action: it takes only reads.
      if (response.status === 405 && !response.headers.has('Allow'))
        res.setHeader('Allow', 'GET, HEAD');
      // Every page shows whether someone is signed in: a shared cache must key on the
      // cookies, and must never keep a signed-in person's answer at all.
      res.vary('Cookie');
      if (options.isPersonal(req)) res.setHeader('Cache-Control', 'private, no-store');
      if (response.body && req.method !== 'HEAD') {
        await writeReadableStreamToWritable(response.body, res);
      } else {
        await response.body?.cancel();
        res.end();
      }
    } catch (error) {
      // The client went away mid-stream (a closed event stream, a cancelled navigation).
      if (res.destroyed || res.writableEnded) return;
      next(error);
    }
  };
}

const routeTrees = new WeakMap<ServerBuild, RouteObject[]>();

/** The build's routes as the tree `matchRoutes` reads, derived once per build. */
function routeTreeOf(build: ServerBuild): RouteObject[] {
  let tree = routeTrees.get(build);
  if (!tree) {
    const childrenOf = (parentId: string | undefined): RouteObject[] =>
      Object.values(build.routes).flatMap((route) =>
        route && route.parentId === parentId
          ? [
              {
                id: route.id,
                path: route.path,
                index: route.index,
                caseSensitive: route.caseSensitive,
                children: childrenOf(route.id),
              } as RouteObject,
            ]
          : [],
      );
    tree = childrenOf(undefined);
    routeTrees.set(build, tree);
  }
  return tree;
}

/**
 * Whether a path matches no page below the root, only a resource route (a receipt, a feed, a
 * redirect). Its data request is refused: React Router would put the loader's answer into
 * a data response, a receipt's bytes without its sandbox CSP and Content-Disposition. A
 * resource route is answered only as itself.
 */
function namesNoPage(build: ServerBuild, pathname: string): boolean {
  const matches = matchRoutes(routeTreeOf(build), pathname);
  return (
    matches !== null &&
    matches.slice(1).every(({ route }) => !build.routes[route.id!]?.module.default)
  );
}

/**
 * The upload limit the route whose action a path reaches declares in its handle (decision
 * 076), or undefined: its body is read whole under the default limit.
 */
function uploadLimitOf(build: ServerBuild, pathname: string): number | undefined {
  const leaf = matchRoutes(routeTreeOf(build), pathname)?.at(-1)?.route;
  const handle = leaf && (build.routes[leaf.id!]?.module.handle as RouteHandle | undefined);
  return handle?.uploadLimit;
}

function toHeaders(source: ExpressRequest['headers']): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(source)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}
