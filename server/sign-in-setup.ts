import { randomBytes } from 'node:crypto';
import { createDevProvider } from '../dev-idp/provider.server';
import {
  createOidcClient,
  isLoopbackUrl,
  type OidcClient,
} from '~/features/auth/oidc-client.server';
import { EnvError, type Env } from '~/lib/env.server';

export const DEV_IDP_PATH = '/dev-idp';
const GOOGLE_ISSUER = 'https://accounts.google.com';

export interface SignInSetup {
  oidc: OidcClient;
  provider: 'google' | 'local';
  /** The local provider's request handler, mounted at DEV_IDP_PATH. */
  localProviderHandler?: ReturnType<typeof createDevProvider>['handler'];
}

/**
 * Google when its credentials are set; otherwise the local development provider, which
 * fails closed: it lets anyone sign in as anyone, so it only serves a loopback origin.
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
  if (!isLoopbackUrl(env.ORIGIN)) {
    throw new EnvError(
      `Sign-in is not configured: ORIGIN (${env.ORIGIN}) is not a loopback address, so the local development provider will not run. Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (see docs/deploy.md), or use ORIGIN=http://localhost:${env.PORT} on your own machine.`,
    );
  }
  const issuer = `${env.ORIGIN}${DEV_IDP_PATH}`;
  const clientId = 'bootcamp-local';
  const clientSecret = randomBytes(32).toString('base64url');
  const local = createDevProvider({
    issuer,
    clientId,
    clientSecret,
    redirectUris: [redirectUri],
    cookieKeys: [randomBytes(32).toString('base64url')],
  });
  return {
    provider: 'local',
    localProviderHandler: local.handler,
    oidc: createOidcClient({ issuer, clientId, clientSecret, redirectUri }),
  };
}
