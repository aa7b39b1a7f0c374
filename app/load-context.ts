import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '~/db/database.server';
import type { Database } from '~/db/schema';
import type { OidcClient } from '~/features/auth/oidc-client.server';
import type { SessionLookup, SessionSettings } from '~/features/auth/session.server';
import type { PaymentsSetup } from '~/features/enrolment/payment-provider.server';
import type { Env } from '~/lib/env.server';
import type { EventBus } from '~/lib/events.server';
import type { FlashCookie } from '~/lib/flash.server';
import type { Logger } from '~/lib/logger.server';

/** Long-lived collaborators the server creates once (`server/start-server.ts`). */
export interface AppServices {
  env: Env;
  /** The server keeps the whole handle: it pings it for /readyz and closes it on shutdown. */
  database: DatabaseHandle;
  logger: Logger;
  oidc: OidcClient;
  sessionSettings: SessionSettings;
  /** The signed cookie a toast travels in across a redirect (`redirectWithFlash`). */
  flash: FlashCookie;
  /** Changes to users, cohorts, transfers and sessions, for live pages on every instance. */
  changeEvents: EventBus;
  payments: PaymentsSetup;
  mail: {
    /** Mail goes to the local mailbox (no SMTP_URL): `/dev-mail` shows it. */
    localMailbox: boolean;
    /** A message was just committed to the outbox: send it now rather than at the next poll. */
    wakeWorker: () => void;
  };
}

/**
 * The server's parts that every request's context shares, flat beside the request's own
 * (decision 078): the database as the Kysely handle `db`, which is all loaders and actions
 * use of it; the server's `logger` stays behind, each request logging through its `log`.
 */
export type SharedContext = Pick<
  AppServices,
  'env' | 'oidc' | 'sessionSettings' | 'flash' | 'changeEvents' | 'payments' | 'mail'
> & { db: Kysely<Database> };

export function sharedContextOf(services: AppServices): SharedContext {
  const { env, database, oidc, sessionSettings, flash, changeEvents, payments, mail } = services;
  return { env, db: database.db, oidc, sessionSettings, flash, changeEvents, payments, mail };
}

// A type alias (not an interface) so it fits React Router's index-signature context type.
export type RequestContext = SharedContext & {
  /** The per-request nonce that every inline script must carry. */
  cspNonce: string;
  requestId: string;
  /** The server's logger with this request's id on every line. */
  log: Logger;
  /** The client's address, through a trusted proxy when TRUST_PROXY is set. */
  clientAddress: string;
  /** The request's session, read from the database once per request. */
  session: () => Promise<SessionLookup>;
  /**
   * A document request's HTML fragments, which loaders fill for the render only
   * (`~/lib/page-fragments`); absent for a data request, whose answer carries the HTML.
   */
  pageFragments?: Map<string, string>;
};

declare module 'react-router' {
  // During prerendering React Router calls loaders without our server: every field is
  // then absent, which `isPrerendering` detects.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface AppLoadContext extends Partial<RequestContext> {}
}

export function isPrerendering(context: Partial<RequestContext>): boolean {
  return context.db === undefined;
}

/** The context of a request the running server answers: every part is there. */
export function requireServerContext(context: Partial<RequestContext>): RequestContext {
  if (!context.db || !context.log || !context.session || !context.cspNonce) {
    throw new Error('This loader needs the running server and cannot be prerendered');
  }
  return context as RequestContext;
}
