// The few parts of oidc-provider (v9, shipped without types) that the test authorization server uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface ClientView {
    readonly clientId: string;
    readonly clientAuthMethod: string;
    grantTypeAllowed(grantType: string): boolean;
  }

  export interface ResourceServerInfo {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: "jwt" | "opaque";
    jwt?: { sign?: { alg: string } };
  }

  export interface InteractionDetails {
    readonly uid: string;
    readonly grantId?: string;
    readonly session?: { readonly accountId: string };
    readonly params: Readonly<Record<string, unknown>> & { readonly client_id: string };
    readonly prompt: {
      readonly name: "login" | "consent" | string;
      readonly reasons: readonly string[];
      readonly details: {
        readonly missingOIDCScope?: readonly string[];
        readonly missingOIDCClaims?: readonly string[];
        readonly missingResourceScopes?: Readonly<Record<string, readonly string[]>>;
      };
    };
  }

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: readonly string[]): void;
    addResourceScope(resource: string, scope: string): void;
    rejectOIDCScope(scope: string): void;
    rejectResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantModel {
    new (init: { accountId: string; clientId: string }): GrantInstance;
    find(id: string): Promise<GrantInstance | undefined>;
  }

  export interface StoredToken {
    readonly jti: string;
    readonly clientId?: string;
    readonly accountId?: string;
    readonly scope?: string;
    destroy(): Promise<void>;
  }

  export interface TokenModel {
    find(value: string): Promise<StoredToken | undefined>;
  }

  export interface InteractionResult {
    login?: { accountId: string };
    consent?: { grantId: string };
    error?: string;
    error_description?: string;
  }

  export type Configuration = Record<string, unknown>;

  export class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    readonly Grant: GrantModel;
    readonly AccessToken: TokenModel;
    readonly RefreshToken: TokenModel;
    readonly ClientCredentials: TokenModel;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResult,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
  };

  export default Provider;
}
