// oidc-provider (v9) ships no type declarations. This declares only the parts the
// local development provider (dev-idp/provider.server.ts) uses.
declare module 'oidc-provider' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: number;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Account {
    accountId: string;
    claims(
      use: string,
      scope: string,
      claims: Record<string, unknown>,
      rejected: string[],
    ): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  /** The Koa context oidc-provider passes to its configuration helpers (partial). */
  export interface KoaContextWithOIDC {
    status: number;
    type: string;
    body: unknown;
    set(field: string, value: string): void;
    oidc: {
      result?: { login?: { accountId: string } } & Record<string, unknown>;
    } & Record<string, unknown>;
  }

  export interface ErrorOut {
    error: string;
    error_description?: string;
    state?: string;
  }

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris?: string[];
    response_types?: string[];
    grant_types?: string[];
    token_endpoint_auth_method?: string;
    [key: string]: unknown;
  }

  export interface CookieOptions {
    httpOnly?: boolean;
    sameSite?: 'lax' | 'strict' | 'none';
    secure?: boolean;
    path?: string;
    domain?: string;
    overwrite?: boolean;
    signed?: boolean;
  }

  export interface InteractionPrompt {
    name: string;
    reasons: string[];
    details: Record<string, unknown>;
  }

  export interface Interaction {
    readonly uid: string;
    readonly exp: number;
    readonly returnTo: string;
    prompt: InteractionPrompt;
    params: Record<string, unknown>;
    session?: { uid?: string; accountId?: string; cookie?: string; acr?: string; amr?: string[] };
    grantId?: string;
    result?: Record<string, unknown>;
    save(ttl: number): Promise<string>;
    destroy(): Promise<void>;
  }

  export interface Grant {
    readonly jti: string;
    addOIDCScope(scope: string): void;
    save(ttl?: number): Promise<string>;
  }

  export interface Session {
    readonly uid: string;
    accountId?: string;
    destroy(): Promise<void>;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; ts?: number; amr?: string[]; acr?: string };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
    [key: string]: unknown;
  }

  export class Check {
    constructor(
      reason: string,
      description: string,
      check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>,
    );
    static readonly REQUEST_PROMPT: true;
    static readonly NO_NEED_TO_PROMPT: false;
  }

  export class Prompt {
    readonly name: string;
    readonly checks: Check[];
  }

  export interface PromptList extends Array<Prompt> {
    get(name: string): Prompt | undefined;
  }

  export const interactionPolicy: {
    base(): PromptList;
    Check: typeof Check;
    Prompt: typeof Prompt;
  };

  export const errors: {
    SessionNotFound: new (description?: string) => Error;
    OIDCProviderError: new (status: number, message: string) => Error;
  };

  export interface Configuration {
    adapter?: new (name: string) => Adapter;
    clients?: ClientMetadata[];
    jwks?: { keys: Record<string, unknown>[] };
    cookies?: {
      keys?: (string | Buffer)[];
      names?: { session?: string; interaction?: string; resume?: string };
      long?: CookieOptions;
      short?: CookieOptions;
    };
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    responseTypes?: string[];
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: unknown) => boolean };
    conformIdTokenClaims?: boolean;
    features?: Record<string, { enabled: boolean; [key: string]: unknown }>;
    interactions?: {
      url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => string | Promise<string>;
      policy?: PromptList;
    };
    findAccount?: (
      ctx: KoaContextWithOIDC,
      sub: string,
      token?: unknown,
    ) => Account | undefined | Promise<Account | undefined>;
    renderError?: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => void | Promise<void>;
    ttl?: Record<string, number | ((...args: never[]) => number)>;
    [key: string]: unknown;
  }

  export class Provider extends EventEmitter {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    readonly Grant: new (properties: { accountId: string; clientId: string }) => Grant;
    readonly Session: { findByUid(uid: string): Promise<Session | undefined> };
  }

  export default Provider;
}
