import { describe, expect, it } from 'vitest';
import {
  isPrerendering,
  requireServerContext,
  sharedContextOf,
  type AppServices,
  type RequestContext,
} from './load-context';

/** The server's parts, each a marker the context must carry as it is. */
const services = {
  env: { ORIGIN: 'https://academy.example' },
  database: { db: { kysely: true }, engine: 'sqlite', ping: () => {}, close: () => {} },
  logger: { server: true },
  oidc: { oidc: true },
  sessionSettings: { secure: true, idleDays: 30, maxDays: 90 },
  flash: { flash: true },
  changeEvents: { bus: true },
  payments: { mode: 'manual' },
  mail: { localMailbox: false, wakeWorker: () => {} },
} as unknown as AppServices;

describe('the request context', () => {
  it('carries the server’s parts flat, the database as its Kysely handle `db`, without the handle or the server’s logger', () => {
    expect(sharedContextOf(services)).toEqual({
      env: services.env,
      db: services.database.db,
      oidc: services.oidc,
      sessionSettings: services.sessionSettings,
      flash: services.flash,
      changeEvents: services.changeEvents,
      payments: services.payments,
      mail: services.mail,
    });
  });

  it('is the running server’s when its parts are there; a prerender’s has none and is refused', () => {
    const context: RequestContext = {
      ...sharedContextOf(services),
      cspNonce: 'nonce',
      requestId: 'request-id',
      log: services.logger,
      clientAddress: '127.0.0.1',
      session: () => Promise.resolve({ user: null, clearCookie: false }),
    };
    expect(isPrerendering(context)).toBe(false);
    expect(requireServerContext(context)).toBe(context);
    expect(isPrerendering({})).toBe(true);
    expect(() => requireServerContext({})).toThrow(
      'This loader needs the running server and cannot be prerendered',
    );
  });
});
