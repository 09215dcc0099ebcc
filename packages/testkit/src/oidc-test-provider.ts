/**
 * PLACEHOLDER (issue 22, OAuth helper): a real OpenID Connect provider (oidc-provider) for tests
 * and the e2e server. Its login screen takes an account's `sub` as the login name (any password).
 */
export interface OidcTestAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

export interface OidcTestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface OidcTestProvider {
  /** The issuer URL (discovery at `${issuer}/.well-known/openid-configuration`). */
  issuer: string;
  close(): Promise<void>;
}

export async function startOidcTestProvider(_options: {
  port?: number;
  host?: string;
  clients: OidcTestClient[];
  accounts: OidcTestAccount[];
}): Promise<OidcTestProvider> {
  throw new Error('startOidcTestProvider is not implemented yet');
}
