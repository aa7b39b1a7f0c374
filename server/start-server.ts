import { createServer, type RequestListener } from 'node:http';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '~/db/database.server';
import { activeSigningKey } from '~/features/credentials/signing-keys.server';
import { startEmailWorker, type EmailWorker } from '~/features/email/email-worker.server';
import type { PaymentsSetup } from '~/features/enrolment/payment-provider.server';
import { site } from '~/content/site';
import { EnvError, parseEnv, type Env } from '~/lib/env.server';
import type { AppServices } from '~/load-context';
import { createFlashCookie } from '~/lib/flash.server';
import { createLogger, type Logger } from '~/lib/logger.server';
import { createInProcessEventBus } from '~/lib/events.server';
import { isLoopbackUrl } from '~/lib/loopback.server';
import { createApp, type ServerMode } from './app';
import { startBackgroundPasses } from './background-passes';
import { seedDemoUsers } from './demo-users';
import { installGracefulShutdown } from './graceful-shutdown';
import { answerOnlyOrigin, listenHostFor } from './local-stand-ins';
import { checkMailSettings, setUpMail, type MailSetup } from './mail-setup';
import { setUpPayments } from './payments-setup';
import { DEV_IDP_PATH, setUpSignIn, type SignInSetup } from './sign-in-setup';

/**
 * Validates the environment, opens and migrates the database, sets up sign-in and serves
 * the app until SIGTERM/SIGINT. Production calls it from the compiled bundle
 * (`server/production-entry.ts`), development from `server/dev.ts` with Vite.
 */
export async function startServer(serverMode: ServerMode): Promise<void> {
  const development = serverMode.mode === 'development';
  const env = parseEnv(process.env);
  const logger = createLogger({ level: env.LOG_LEVEL, pretty: development });
  if (!development && env.NODE_ENV !== 'production') {
    logger.warn(
      { NODE_ENV: env.NODE_ENV ?? '(unset)' },
      'NODE_ENV is not production: React renders with its slower development build. Start the server with npm run serve.',
    );
  }
  const signIn = setUpSignIn(env);
  checkMailSettings(env);
  const payments = setUpPayments(env, logger);
  const database = openDatabase(env.DATABASE_URL);
  await migrateToLatest(database.db);
  const mail = setUpMail(env, database.db);
  const emailWorker = startEmailWorker({
    db: database.db,
    engine: database.engine,
    transport: mail.transport,
    from: mail.from,
    replyTo: site.email.display,
    origin: env.ORIGIN,
    logger,
  });
  const localStandInRuns =
    signIn.provider === 'local' ||
    mail.localMailbox ||
    (payments.mode === 'automatic' && payments.localProvider !== undefined);
  const listenHost = listenHostFor(env, localStandInRuns);
  if (signIn.provider === 'local') {
    const created = await seedDemoUsers(database.db);
    if (created > 0) logger.info({ created }, 'demo users created for the local sign-in provider');
  }
  await warnOfInstanceKeys(env, database, logger);
  const services = await servicesOf({ env, logger, database, signIn, payments, mail, emailWorker });
  const stopBackgroundPasses = startBackgroundPasses({
    db: database.db,
    sessionSettings: services.sessionSettings,
    graceDays: env.OVERDUE_GRACE_DAYS,
    logger,
    wakeEmailWorker: () => emailWorker.wake(),
    accessChanged: (userId) => services.changeEvents.publish({ collection: 'users', id: userId }),
  });
  let ready = true;
  const app = await createApp({
    ...serverMode,
    services,
    isReady: () => ready,
    localProvider: signIn.localProviderHandler && {
      path: DEV_IDP_PATH,
      handler: signIn.localProviderHandler,
    },
  });
  serve(localStandInRuns ? answerOnlyOrigin(env.ORIGIN, app) : app, {
    services,
    listenHost,
    signIn: signIn.provider,
    mail: mail.transport.description,
    onDrainStart: () => {
      ready = false;
    },
    onClose: stopBackgroundPasses,
    closeResources: async () => {
      await emailWorker.stop();
      mail.transport.close();
      await database.close();
    },
  });
}

/**
 * Keys each instance would make for itself where several instances need one: said at start,
 * so an operator reads it before a person meets it.
 */
async function warnOfInstanceKeys(env: Env, database: DatabaseHandle, logger: Logger) {
  if (!env.COOKIE_SECRET && database.engine === 'postgres') {
    logger.warn(
      'COOKIE_SECRET is not set: every instance signs its flash cookie with its own key, so a toast after a redirect answered by another instance is dropped',
    );
  }
  // The credentials' key is made now if there is none, not by the first visitor's download.
  const signingKey = await activeSigningKey(database.db, env.ORIGIN);
  if (signingKey.source === 'database' && !isLoopbackUrl(env.ORIGIN)) {
    logger.warn(
      'CREDENTIAL_SIGNING_KEY is not set: credentials are signed with a key kept in the database (see docs/deploy.md, "Credential signing key")',
    );
  }
}

/** The services every request's load context carries, from the parts set up at start. */
async function servicesOf(parts: {
  env: Env;
  logger: Logger;
  database: DatabaseHandle;
  signIn: SignInSetup;
  payments: PaymentsSetup;
  mail: MailSetup;
  emailWorker: EmailWorker;
}): Promise<AppServices> {
  const { env, logger, database, mail, emailWorker } = parts;
  const secure = env.ORIGIN.startsWith('https://');
  return {
    env,
    database,
    logger,
    oidc: parts.signIn.oidc,
    sessionSettings: {
      secure,
      idleDays: env.SESSION_IDLE_DAYS,
      maxDays: env.SESSION_MAX_DAYS,
    },
    // One SQLite file means one server process; PostgreSQL may serve several instances.
    flash: createFlashCookie({
      secure,
      secrets: env.COOKIE_SECRET ?? [randomBytes(32).toString('base64url')],
    }),
    changeEvents:
      database.engine === 'postgres'
        ? (await import('~/lib/postgres-event-bus.server')).createPostgresEventBus(
            env.DATABASE_URL,
            logger,
            `${hostname()}:${env.PORT}`,
          )
        : createInProcessEventBus(),
    payments: parts.payments,
    mail: { localMailbox: mail.localMailbox, wakeWorker: () => emailWorker.wake() },
  };
}

/** Listens on the configured port, and drains and closes in order on SIGTERM/SIGINT. */
function serve(
  handler: RequestListener,
  options: {
    services: AppServices;
    listenHost: string | undefined;
    signIn: SignInSetup['provider'];
    mail: string;
    onDrainStart: () => void;
    onClose: () => void;
    closeResources: () => Promise<void>;
  },
): void {
  const { env, logger, database } = options.services;
  const server = createServer(handler);
  installGracefulShutdown({
    server,
    logger,
    drainMs: env.SHUTDOWN_DRAIN_MS,
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    onDrainStart: options.onDrainStart,
    onClose: () => {
      options.onClose();
      // Open event streams would otherwise keep the server from closing.
      void options.services.changeEvents.close();
    },
    // A send in progress finishes first; what is still queued waits for the next start.
    closeResources: options.closeResources,
  });
  server.listen(env.PORT, options.listenHost, () => {
    logger.info(
      {
        origin: env.ORIGIN,
        host: options.listenHost ?? 'all interfaces',
        engine: database.engine,
        signIn: options.signIn,
        mail: options.mail,
      },
      'server listening',
    );
  });
}

/** Runs `startServer`, turning a configuration error into one line and exit code 1. */
export function runServer(serverMode: ServerMode | (() => Promise<ServerMode>)): void {
  Promise.resolve(typeof serverMode === 'function' ? serverMode() : serverMode)
    .then(startServer)
    .catch((error: unknown) => {
      if (error instanceof EnvError) {
        console.error(error.message);
      } else {
        console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      }
      process.exit(1);
    });
}
