/** What `react-router-serve` does (the project does not install it), for the bare app. */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import type { ServerBuild } from 'react-router';

const build = (await import(pathToFileURL(resolve('build/server/index.js')).href)) as ServerBuild;
const app = express();
app.disable('x-powered-by');
app.use(compression());
app.use(
  '/assets',
  express.static(resolve('build/client/assets'), { immutable: true, maxAge: '1y' }),
);
app.use(express.static(resolve('build/client'), { maxAge: '1h' }));
app.use(createRequestHandler({ build, mode: 'production' }));
const port = Number(process.env.PORT ?? 3000);
app.listen(port, () => console.log(`bare app on http://localhost:${port}`));
