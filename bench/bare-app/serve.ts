/** What `react-router-serve` does (the project does not install it), for the bare app. */
import { AsyncLocalStorage } from 'node:async_hooks';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import type { ServerBuild } from 'react-router';
import type { FloorPage } from './app/floor-page';
import { floorKey, floorPages } from './floor-pages';

const build = (await import(pathToFileURL(resolve('build/server/index.js')).href)) as ServerBuild;
const app = express();
app.disable('x-powered-by');
app.use(compression());
app.use(
  '/assets',
  express.static(resolve('build/client/assets'), { immutable: true, maxAge: '1y' }),
);
app.use(express.static(resolve('build/client'), { maxAge: '1h' }));
// The server bench's framework floor (decision 055): the page captured for this URL and
// Cookie header, for the render to find (app/floor-page.ts). Only when the bench gives pages.
const pages = floorPages(process.env.FLOOR_PAGES);
if (pages.size > 0) {
  const current = new AsyncLocalStorage<FloorPage | undefined>();
  (globalThis as { benchFloorPage?: () => FloorPage | undefined }).benchFloorPage = () =>
    current.getStore();
  app.use((req, _res, next) =>
    current.run(pages.get(floorKey(req.originalUrl, req.headers.cookie ?? '')), next),
  );
}
app.use(createRequestHandler({ build, mode: 'production' }));
const port = Number(process.env.PORT ?? 3000);
app.listen(port, () => console.log(`bare app on http://localhost:${port}`));
