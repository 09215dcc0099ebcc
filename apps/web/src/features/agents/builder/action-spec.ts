import type { ActionMetadata, ActionAuthType, ApiKeyScheme } from '../agents-api';

export interface ActionAuthForm {
  type: ActionAuthType;
  apiKey: string;
  scheme: ApiKeyScheme;
  customHeader: string;
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  scope: string;
  tokenExchange: 'default_post' | 'basic_auth_header';
}

export const EMPTY_AUTH: ActionAuthForm = {
  type: 'none',
  apiKey: '',
  scheme: 'bearer',
  customHeader: '',
  clientId: '',
  clientSecret: '',
  authorizationUrl: '',
  tokenUrl: '',
  scope: '',
  tokenExchange: 'default_post',
};

export type SpecProblem = 'spec_required' | 'spec_invalid' | 'spec_no_server' | 'spec_no_operations';
export type AuthProblem = 'api_key_required' | 'header_required' | 'oauth_urls_required' | 'oauth_client_required';

export interface ReadSpec {
  url: string;
  /** The operations' ids: one function each (LibreChat's builder sends their signatures). */
  operations: string[];
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function jsonOperations(paths: unknown): string[] {
  if (typeof paths !== 'object' || paths === null) return [];
  const ids: string[] = [];
  for (const item of Object.values(paths as Record<string, unknown>)) {
    if (typeof item !== 'object' || item === null) continue;
    for (const [method, op] of Object.entries(item as Record<string, unknown>)) {
      const id = (op as { operationId?: unknown } | null)?.operationId;
      if (HTTP_METHODS.includes(method) && typeof id === 'string') ids.push(id);
    }
  }
  return ids;
}

/**
 * The first server URL and the operation ids of a pasted OpenAPI spec (JSON or YAML), read
 * enough to name the action's domain and catch an obviously wrong paste; the server validates
 * the spec itself and derives the real function signatures from it.
 * @example readSpec('{"openapi":"3.1.0","servers":[{"url":"https://api.example.com"}],"paths":{}}')
 */
export function readSpec(spec: string): ReadSpec | { problem: SpecProblem } {
  const text = spec.trim();
  if (!text) return { problem: 'spec_required' };
  let url: string | undefined;
  let operations: string[];
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { openapi?: unknown; servers?: { url?: unknown }[]; paths?: unknown };
      if (typeof parsed.openapi !== 'string') return { problem: 'spec_invalid' };
      const first = parsed.servers?.[0]?.url;
      url = typeof first === 'string' ? first : undefined;
      operations = jsonOperations(parsed.paths);
    } catch {
      return { problem: 'spec_invalid' };
    }
  } else {
    if (!/^\s*openapi\s*:/m.test(text)) return { problem: 'spec_invalid' };
    url = /^\s*-?\s*url\s*:\s*['"]?([^'"\s]+)/m.exec(text)?.[1];
    operations = [...text.matchAll(/^\s*operationId\s*:\s*['"]?([^'"\s]+)/gm)].map((m) => m[1] ?? '');
  }
  if (!url) return { problem: 'spec_no_server' };
  try {
    url = new URL(url).href;
  } catch {
    return { problem: 'spec_no_server' };
  }
  if (operations.length === 0) return { problem: 'spec_no_operations' };
  return { url, operations };
}

/** The function list LibreChat's builder sends with a spec: one per operation (the server derives its own). */
export function toActionFunctions(operations: readonly string[]): unknown[] {
  return operations.map((name) => ({ type: 'function', function: { name, parameters: { type: 'object', properties: {} } } }));
}

/** What the chosen auth type still lacks. Saved secrets are not sent back, so an edit may leave them blank. */
export function validateAuth(auth: ActionAuthForm, isEdit: boolean): AuthProblem[] {
  const problems: AuthProblem[] = [];
  if (auth.type === 'service_http') {
    if (!isEdit && !auth.apiKey.trim()) problems.push('api_key_required');
    if (auth.scheme === 'custom' && !auth.customHeader.trim()) problems.push('header_required');
  }
  if (auth.type === 'oauth') {
    if (!auth.authorizationUrl.trim() || !auth.tokenUrl.trim()) problems.push('oauth_urls_required');
    if (!isEdit && (!auth.clientId.trim() || !auth.clientSecret.trim())) problems.push('oauth_client_required');
  }
  return problems;
}

/** The metadata LibreChat's action save takes: the spec, its domain and the auth settings. */
export function toActionMetadata(spec: string, serverUrl: string, auth: ActionAuthForm): ActionMetadata {
  const metadata: ActionMetadata = { raw_spec: spec, domain: new URL(serverUrl).hostname, auth: { type: auth.type } };
  if (auth.type === 'service_http') {
    metadata.auth = {
      type: 'service_http',
      authorization_type: auth.scheme,
      ...(auth.scheme === 'custom' ? { custom_auth_header: auth.customHeader.trim() } : {}),
    };
    if (auth.apiKey.trim()) metadata.api_key = auth.apiKey.trim();
  }
  if (auth.type === 'oauth') {
    metadata.auth = {
      type: 'oauth',
      authorization_url: auth.authorizationUrl.trim(),
      client_url: auth.tokenUrl.trim(),
      scope: auth.scope.trim(),
      token_exchange_method: auth.tokenExchange,
    };
    if (auth.clientId.trim()) metadata.oauth_client_id = auth.clientId.trim();
    if (auth.clientSecret.trim()) metadata.oauth_client_secret = auth.clientSecret.trim();
  }
  return metadata;
}

/** The auth form of a saved action (its secrets are never sent back). */
export function authFormOf(metadata: ActionMetadata | undefined): ActionAuthForm {
  const auth = metadata?.auth;
  if (!auth) return EMPTY_AUTH;
  return {
    ...EMPTY_AUTH,
    type: auth.type,
    scheme: auth.authorization_type ?? 'bearer',
    customHeader: auth.custom_auth_header ?? '',
    authorizationUrl: auth.authorization_url ?? '',
    tokenUrl: auth.client_url ?? '',
    scope: auth.scope ?? '',
    tokenExchange: auth.token_exchange_method ?? 'default_post',
  };
}
