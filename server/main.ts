import { createServer } from 'node:http';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import type { ServerBuild } from 'react-router';
import { migrateToLatest, openDatabase } from '~/db/database.server';
import { EnvError, parseEnv } from '~/lib/env.server';
import type { AppServices } from '~/lib/load-context';
import { createLogger } from '~/lib/logger.server';
import { createInProcessEventBus } from '~/lib/events.server';
import { createPostgresEventBus } from '~/lib/postgres-event-bus.server';
import { createApp } from './app';
import { seedDemoUsers } from './demo-users';
import { installGracefulShutdown } from './graceful-shutdown';
import { DEV_IDP_PATH, setUpSignIn } from './sign-in-setup';

const development = process.argv.includes('--dev');

async function main() {
  const env = parseEnv({ NODE_ENV: development ? 'development' : 'production', ...process.env });
  const logger = createLogger({ level: env.LOG_LEVEL, pretty: development });
  const signIn = setUpSignIn(env);
  const database = openDatabase(env.DATABASE_URL);
  await migrateToLatest(database.db);
  if (signIn.provider === 'local') {
    const created = await seedDemoUsers(database.db);
    if (created > 0) logger.info({ created }, 'demo users created for the local sign-in provider');
  }
  const services: AppServices = {
    env,
    database,
    logger,
    oidc: signIn.oidc,
    sessionSettings: {
      secure: env.ORIGIN.startsWith('https://'),
      idleDays: env.SESSION_IDLE_DAYS,
      maxDays: env.SESSION_MAX_DAYS,
    },
    // One SQLite file means one server process; PostgreSQL may serve several instances.
    userEvents:
      database.engine === 'postgres'
        ? createPostgresEventBus(env.DATABASE_URL, logger, `${hostname()}:${env.PORT}`)
        : createInProcessEventBus(),
  };
  const localProvider = signIn.localProviderHandler && {
    path: DEV_IDP_PATH,
    handler: signIn.localProviderHandler,
  };

  let ready = true;
  let app;
  if (development) {
    const vite = await import('vite');
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app = createApp({
      services,
      mode: 'development',
      isReady: () => ready,
      localProvider,
      devMiddleware: viteServer.middlewares,
      build: () =>
        viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    });
  } else {
    const buildDir = resolve('build');
    const build = (await import(resolve(buildDir, 'server/index.js'))) as ServerBuild;
    app = createApp({
      services,
      mode: 'production',
      isReady: () => ready,
      localProvider,
      build,
      clientDir: resolve(buildDir, 'client'),
    });
  }

  const server = createServer(app);
  installGracefulShutdown({
    server,
    logger,
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    onShutdownStart: () => {
      ready = false;
      // Open event streams would otherwise keep the server from closing.
      void services.userEvents.close();
    },
    closeResources: () => database.close(),
  });
  server.listen(env.PORT, () => {
    logger.info(
      { origin: env.ORIGIN, engine: database.engine, signIn: signIn.provider },
      'server listening',
    );
  });
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exit(1);
});
