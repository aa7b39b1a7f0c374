import * as client from 'openid-client';
import { isLoopbackUrl } from '~/lib/loopback.server';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Google's `select_account` lets a person with several accounts pick one. */
  prompt?: string;
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface IdentityClaims {
  sub?: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

/**
 * The OpenID Connect relying party. Discovery happens on first use (the local provider
 * may be mounted on this very server) and is retried after a failure.
 */
export function createOidcClient(settings: OidcSettings) {
  let configuration: Promise<client.Configuration> | undefined;

  const getConfiguration = () => {
    configuration ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        client.ClientSecretBasic(settings.clientSecret),
        {
          // Plain http is allowed only for a provider on this machine (the local one).
          execute: isLoopbackUrl(settings.issuer) ? [client.allowInsecureRequests] : [],
          timeout: 10,
        },
      )
      .then((config) => {
        client.enableNonRepudiationChecks(config);
        return config;
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    async createAuthorizationRequest(): Promise<AuthorizationRequest> {
      const config = await getConfiguration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...(settings.prompt ? { prompt: settings.prompt } : {}),
      });
      return { url, state, nonce, codeVerifier };
    },

    /** Exchanges the code; the ID token's signature, issuer, audience, expiry and nonce are checked. */
    async exchangeCode(
      callbackUrl: URL,
      expected: { state: string; nonce: string; codeVerifier: string },
    ): Promise<IdentityClaims> {
      const config = await getConfiguration();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        pkceCodeVerifier: expected.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      return {
        sub: typeof claims?.sub === 'string' && claims.sub !== '' ? claims.sub : undefined,
        email: typeof claims?.email === 'string' ? claims.email : undefined,
        emailVerified: claims?.email_verified === true,
        name: typeof claims?.name === 'string' ? claims.name : undefined,
      };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
