/**
 * `npm start` runs this, compiled: `node build/server/server.js`. Vite builds it as the
 * second entry of the server bundle, beside React Router's server build (index.js), so
 * the Express server and the routes share one compiled copy of the app's code.
 */
import { fileURLToPath } from 'node:url';
import * as build from 'virtual:react-router/server-build';
import { runServer } from './start-server';

runServer({
  mode: 'production',
  build,
  clientDir: fileURLToPath(new URL('../client', import.meta.url)),
});
