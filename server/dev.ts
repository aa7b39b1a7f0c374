/**
 * `npm run dev`: the same server with Vite's middleware and hot reloading, run from source
 * by tsx. Production never loads this file (see server/production-entry.ts).
 */
import type { ServerBuild } from 'react-router';
import { runServer } from './start-server';

runServer(async () => {
  const vite = await import('vite');
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  return {
    mode: 'development',
    devMiddleware: viteServer.middlewares,
    build: () =>
      viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
  };
});
