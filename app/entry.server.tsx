import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from 'react-router';
import { dropModulePreloads } from '~/lib/module-preloads.server';
import { NonceProvider } from '~/lib/nonce';
import { PageFragmentsProvider } from '~/lib/page-fragments';
import { SERVE_TIME_SLOTS } from '~/lib/serve-time-slots';
import { stylesheetTags } from '~/lib/stylesheet.server';
import stylesheet from './app.css?inline';
import stylesheetHref from './app.css?url';

export const streamTimeout = 5_000;

/**
 * Loader, action and render errors go to the request's logger as one JSON line with its
 * request id (React Router would print a stack trace to the console). What is expected is
 * not an error: a request the client abandoned, or a 4xx such as a POST to a page that has
 * no form (405) or an unknown address (404).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const log = (context as AppLoadContext).log;
  if (log) log.error({ err: error }, 'request failed');
  else console.error(error);
};

/**
 * Streams the document. Rendering it whole and sending it in one write cost about a third
 * less CPU, but under 100 busy connections some of them then waited seconds for an answer
 * while others were served at once (decision 012): a streamed page yields to the event loop
 * between its pieces, which keeps the connections taking turns.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Prerendering has no server context: the slot is removed when the page is prepared.
  const nonce = loadContext.cspNonce ?? SERVE_TIME_SLOTS.nonce;
  // A prerendered page is written to a file: wait for all of it.
  const readyOption: keyof RenderToPipeableStreamOptions = loadContext.cspNonce
    ? 'onShellReady'
    : 'onAllReady';

  const styles = stylesheetTags({
    css: stylesheet,
    href: stylesheetHref,
    cookieHeader: request.headers.get('Cookie'),
    prerendering: !loadContext.cspNonce,
    secure: loadContext.sessionSettings?.secure ?? false,
  });
  if (styles.setCookie) responseHeaders.append('Set-Cookie', styles.setCookie);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <PageFragmentsProvider value={loadContext.pageFragments}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PageFragmentsProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          // A route may ask for stricter caching through its `headers` export.
          if (!responseHeaders.has('Cache-Control'))
            responseHeaders.set('Cache-Control', 'no-cache');
          pipe(dropModulePreloads(styles.html)).pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // A failed shell is reported by React Router; this logs what failed after it.
          if (shellRendered) loadContext.log?.error({ err: error }, 'streaming render failed');
        },
      },
    );
  });
}
