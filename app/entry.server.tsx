import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from 'react-router';
import { dropModulePreloads } from '~/lib/drop-module-preloads.server';
import { InlineCssProvider } from '~/lib/inline-css';
import { NonceProvider } from '~/lib/nonce';
import { SERVE_TIME_SLOTS } from '~/lib/serve-time-slots';
import stylesheet from './app.css?inline';

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
 * Renders the whole document before sending it. No page suspends (loaders resolve before
 * rendering), so streaming would send the same bytes in a few dozen writes instead of one;
 * each write cost a pass through the stream adapters and a compressor flush (about a
 * third of a course page's server CPU, measured with --cpu-prof).
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

  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    // Errors a Suspense boundary caught: the document still completes, with status 500.
    // (A failed shell is rejected instead, and React Router reports it.)
    const recovered: unknown[] = [];
    const document = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        for (const error of recovered) loadContext.log?.error({ err: error }, 'render failed');
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        responseHeaders.set('Cache-Control', 'no-cache');
        const html = dropModulePreloads(Buffer.concat(chunks).toString('utf8'));
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={stylesheet}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          pipe(document);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          recovered.push(error);
        },
      },
    );
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
  });
}
