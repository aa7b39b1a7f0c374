import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import { loadDevProvider } from '../dev-idp/load-provider';
import { createOidcClient, type OidcClient } from '~/features/auth/oidc-client.server';
import type { Env } from '~/lib/env.server';
import { refuseUnlessLoopback } from './local-stand-ins';

export const DEV_IDP_PATH = '/dev-idp';
const GOOGLE_ISSUER = 'https://accounts.google.com';

export interface SignInSetup {
  oidc: OidcClient;
  provider: 'google' | 'local';
  /** The local provider's request handler, mounted at DEV_IDP_PATH. */
  localProviderHandler?: RequestHandler;
}

/**
 * Google when its credentials are set; otherwise the local development provider, which
 * fails closed (server/local-stand-ins.ts): it lets anyone sign in as anyone.
 */
export function setUpSignIn(env: Env): SignInSetup {
  const redirectUri = `${env.ORIGIN}/auth/google/callback`;
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    return {
      provider: 'google',
      oidc: createOidcClient({
        issuer: env.OIDC_ISSUER ?? GOOGLE_ISSUER,
        clientId: env.GOOGLE_CLIENT_ID,
        clientSecret: env.GOOGLE_CLIENT_SECRET,
        redirectUri,
        prompt: 'select_account',
      }),
    };
  }
  refuseUnlessLoopback(env, {
    service: 'Sign-in',
    name: 'the local development provider',
    risk: 'the local development provider lets anyone sign in as anyone, so the server only listens on loopback while it runs',
    configure: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
  });
  const issuer = `${env.ORIGIN}${DEV_IDP_PATH}`;
  const clientId = 'bootcamp-local';
  const clientSecret = randomBytes(32).toString('base64url');
  const cookieKeys = [randomBytes(32).toString('base64url')];
  // Loaded by its first request (the client's discovery comes first), so a server nobody
  // signs in to does not hold oidc-provider's 600 modules in memory.
  let handler: Promise<RequestHandler> | undefined;
  const localProviderHandler: RequestHandler = (req, res, next) => {
    handler ??= loadDevProvider().then(
      ({ createDevProvider }) =>
        createDevProvider({
          issuer,
          clientId,
          clientSecret,
          redirectUris: [redirectUri],
          cookieKeys,
        }).handler as RequestHandler,
    );
    handler.then((handle) => handle(req, res, next), next);
  };
  return {
    provider: 'local',
    localProviderHandler,
    oidc: createOidcClient({ issuer, clientId, clientSecret, redirectUri }),
  };
}
