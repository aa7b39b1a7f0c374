/**
 * React Router 7.18's default node entry (@react-router/dev's entry.server.node.tsx), plus
 * the framework floor (decision 055): when the bench captured a page of the site for this
 * URL and Cookie header, the render gets it as React elements through FloorPageContext.
 */
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';
import { FloorPageContext, type FloorPage } from './floor-page';
import { floorPage } from './markup.server';

export const streamTimeout = 5_000;

type Captured = { path: string; cookie: string; html: string };
const keyOf = (path: string, cookie: string) => `${path}\n${cookie}`;
/** FLOOR_PAGES names the bench's JSON file of captured documents; parsed once, here. */
const pages = new Map<string, FloorPage>(
  process.env.FLOOR_PAGES
    ? (JSON.parse(readFileSync(process.env.FLOOR_PAGES, 'utf8')) as Captured[]).map((page) => [
        keyOf(page.path, page.cookie),
        floorPage(page.html),
      ])
    : [],
);

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const url = new URL(request.url);
  const page = pages.get(keyOf(url.pathname + url.search, request.headers.get('cookie') ?? ''));

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const { pipe, abort } = renderToPipeableStream(
      <FloorPageContext value={page ?? null}>
        <ServerRouter context={routerContext} url={request.url} />
      </FloorPageContext>,
      {
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
