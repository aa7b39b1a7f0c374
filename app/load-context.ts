import type { DatabaseHandle } from '~/db/database.server';
import type { OidcClient } from '~/features/auth/oidc-client.server';
import type { SessionLookup, SessionSettings } from '~/features/auth/session.server';
import type { PaymentsSetup } from '~/features/enrolment/payment-provider.server';
import type { Env } from '~/lib/env.server';
import type { EventBus } from '~/lib/events.server';
import type { FlashCookie } from '~/lib/flash.server';
import type { Logger } from '~/lib/logger.server';

/** Long-lived collaborators the server creates once and hands to every loader and action. */
export interface AppServices {
  env: Env;
  database: DatabaseHandle;
  logger: Logger;
  oidc: OidcClient;
  sessionSettings: SessionSettings;
  /** The signed cookie a toast travels in across a redirect (`redirectWithFlash`). */
  flash: FlashCookie;
  /** Changes to users, cohorts, transfers and sessions, for live pages on every instance. */
  changeEvents: EventBus;
  payments: PaymentsSetup;
  email: {
    /** Mail goes to the local mailbox (no SMTP_URL): `/dev-mail` shows it. */
    localMailbox: boolean;
    /** A message was just committed to the outbox: send it now rather than at the next poll. */
    wakeWorker: () => void;
  };
}

// A type alias (not an interface) so it fits React Router's index-signature context type.
export type RequestContext = {
  services: AppServices;
  /** The per-request nonce that every inline script must carry. */
  cspNonce: string;
  requestId: string;
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
  return context.services === undefined;
}

export function requireServices(context: Partial<RequestContext>): RequestContext {
  if (!context.services || !context.log || !context.session || !context.cspNonce) {
    throw new Error('This loader needs the running server and cannot be prerendered');
  }
  return context as RequestContext;
}
