/** What a provider says about the person who signed in, reduced to what an account needs. */
export interface SocialProfile {
  /** The provider's stable id of the person (OpenID `sub`, GitHub's numeric id…). */
  subject: string;
  email: string | undefined;
  /** Only true when the provider asserts it; linking to an existing account depends on it. */
  emailVerified: boolean;
  name: string | undefined;
  username: string | undefined;
  picture: string | undefined;
}

/** The secrets of one sign-in attempt, kept in the flow cookie between the redirect and the callback. */
export interface FlowChecks {
  state: string;
  codeVerifier: string;
  nonce: string;
}

export interface OAuthProviderAdapter {
  /** Apple answers with a cross-site form POST, which needs a SameSite=None flow cookie. */
  readonly formPost: boolean;
  authorizationUrl(checks: FlowChecks): Promise<URL>;
  /** Exchanges the callback's code (all callback parameters given) and reads the profile. */
  profile(params: URLSearchParams, checks: FlowChecks): Promise<SocialProfile>;
}
