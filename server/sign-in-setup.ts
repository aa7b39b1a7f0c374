import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import { loadDevProvider } from '../dev-idp/load-provider';
import { createOidcClient, type OidcClient } from '~/features/auth/oidc-client.server';
import { EnvError, type Env } from '~/lib/env.server';
import { isLoopbackHost, isLoopbackUrl, loopbackInterfaceFor } from '~/lib/loopback.server';

export const DEV_IDP_PATH = '/dev-idp';
const GOOGLE_ISSUER = 'https://accounts.google.com';

export interface SignInSetup {
  oidc: OidcClient;
  provider: 'google' | 'local';
  /** The local provider's request handler, mounted at DEV_IDP_PATH. */
  localProviderHandler?: RequestHandler;
  /** The interface to listen on; undefined means every interface. */
  listenHost: string | undefined;
}

/**
 * Google when its credentials are set; otherwise the local development provider, which
 * fails closed: it lets anyone sign in as anyone, so it only serves a loopback origin and
 * the server then listens on loopback only (a public address could otherwise reach it).
 */
export async function setUpSignIn(env: Env): Promise<SignInSetup> {
  const redirectUri = `${env.ORIGIN}/auth/google/callback`;
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    return {
      provider: 'google',
      listenHost: env.HOST,
      oidc: createOidcClient({
        issuer: env.OIDC_ISSUER ?? GOOGLE_ISSUER,
        clientId: env.GOOGLE_CLIENT_ID,
        clientSecret: env.GOOGLE_CLIENT_SECRET,
        redirectUri,
        prompt: 'select_account',
      }),
    };
  }
  if (!isLoopbackUrl(env.ORIGIN)) {
    throw new EnvError(
      `Sign-in is not configured: ORIGIN (${env.ORIGIN}) is not a loopback address, so the local development provider will not run. Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (see docs/deploy.md), or use ORIGIN=http://localhost:${env.PORT} on your own machine.`,
    );
  }
  if (env.HOST !== undefined && !isLoopbackHost(env.HOST)) {
    throw new EnvError(
      `HOST (${env.HOST}) is not a loopback address: the local development provider lets anyone sign in as anyone, so the server only listens on loopback while it runs. Leave HOST unset (or 127.0.0.1), or set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to listen on other interfaces.`,
    );
  }
  const issuer = `${env.ORIGIN}${DEV_IDP_PATH}`;
  const clientId = 'bootcamp-local';
  const clientSecret = randomBytes(32).toString('base64url');
  const { createDevProvider } = await loadDevProvider();
  const local = createDevProvider({
    issuer,
    clientId,
    clientSecret,
    redirectUris: [redirectUri],
    cookieKeys: [randomBytes(32).toString('base64url')],
  });
  return {
    provider: 'local',
    listenHost: env.HOST ?? loopbackInterfaceFor(env.ORIGIN),
    localProviderHandler: local.handler as RequestHandler,
    oidc: createOidcClient({ issuer, clientId, clientSecret, redirectUri }),
  };
}
