import type { ToolOutput } from '../tools/tool-types.js';
import type { ActionOperation } from './action-spec.js';

/** LibreChat's action auth (SPEC 3, "Assistant/agent action auth"). */
export interface ActionAuth {
  type: 'none' | 'service_http' | 'oauth';
  authorization_type?: 'bearer' | 'basic' | 'custom' | undefined;
  custom_auth_header?: string | undefined;
  authorization_url?: string | undefined;
  client_url?: string | undefined;
  scope?: string | undefined;
  token_exchange_method?: 'default_post' | 'basic_auth_header' | undefined;
}

/** A user's OAuth token for an action. */
export interface ActionToken {
  access_token: string;
  refresh_token?: string | undefined;
  /** Epoch milliseconds. */
  expires_at?: number | undefined;
}

/** SPEC 8's action executor errors; the message is shown as it is. */
export class ActionAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ActionAuthError';
  }
}

export const NO_TOKEN_MESSAGE = 'No access token found. Please log in first.';
export const EXPIRED_TOKEN_MESSAGE = 'Access token is expired. Please re-login.';

const SUPPORTED_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
/** A response larger than this is cut: it goes back to the model as text. */
const MAX_RESPONSE_BYTES = 512 * 1024;
const DEFAULT_TIMEOUT_MS = 30_000;

/** The headers an action's auth adds (LibreChat's ActionRequest.setAuth). */
export function authHeaders(auth: ActionAuth, secrets: { apiKey?: string | undefined; token?: ActionToken | undefined }, now = Date.now()): Record<string, string> {
  if (auth.type === 'service_http') {
    const key = secrets.apiKey ?? '';
    if (!key) return {};
    if (auth.authorization_type === 'basic') return { Authorization: `Basic ${Buffer.from(key).toString('base64')}` };
    if (auth.authorization_type === 'custom' && auth.custom_auth_header) return { [auth.custom_auth_header]: key };
    return { Authorization: `Bearer ${key}` };
  }
  if (auth.type === 'oauth') {
    if (!secrets.token?.access_token) throw new ActionAuthError(NO_TOKEN_MESSAGE);
    if (secrets.token.expires_at !== undefined && now >= secrets.token.expires_at) throw new ActionAuthError(EXPIRED_TOKEN_MESSAGE);
    return { Authorization: `Bearer ${secrets.token.access_token}` };
  }
  return {};
}

export interface PlannedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | undefined;
}

const scalar = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Places the model's arguments in path, query, header (or cookie) and body, as the spec says. */
export function planActionRequest(serverUrl: string, op: ActionOperation, args: Record<string, unknown>, auth: Record<string, string>): PlannedRequest {
  const method = op.method.toLowerCase();
  if (!SUPPORTED_METHODS.has(method)) throw new Error(`Unsupported HTTP method: ${method}`);
  const rest: Record<string, unknown> = { ...args };
  let path = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const param of op.params) {
    const value = rest[param.name];
    delete rest[param.name];
    if (value === undefined || value === null) continue;
    if (param.in === 'path') path = path.replaceAll(`{${param.name}}`, encodeURIComponent(scalar(value)));
    else if (param.in === 'query') for (const item of Array.isArray(value) ? value : [value]) query.append(param.name, scalar(item));
    else if (param.in === 'header') headers[param.name] = scalar(value);
    else cookies.push(`${encodeURIComponent(param.name)}=${encodeURIComponent(scalar(value))}`);
  }
  if (cookies.length) headers.Cookie = cookies.join('; ');
  let body: string | undefined;
  if (op.bodyContentType) {
    const payload = op.isWholeBody ? rest.body : rest;
    if (op.bodyContentType.includes('x-www-form-urlencoded') && payload && typeof payload === 'object') {
      body = new URLSearchParams(Object.entries(payload as Record<string, unknown>).map(([k, v]): [string, string] => [k, scalar(v)])).toString();
    } else {
      body = JSON.stringify(payload ?? {});
    }
    headers['Content-Type'] = op.bodyContentType;
  } else if (method === 'get' || method === 'delete') {
    // LibreChat sends whatever the schema did not place as query parameters of a GET.
    for (const [name, value] of Object.entries(rest)) if (value !== undefined && value !== null) query.append(name, scalar(value));
  } else if (Object.keys(rest).length) {
    body = JSON.stringify(rest);
    headers['Content-Type'] = 'application/json';
  }
  const qs = query.toString();
  // Auth last: an argument named like the auth header cannot replace the credentials.
  return { url: `${serverUrl}${path}${qs ? `?${qs}` : ''}`, method: method.toUpperCase(), headers: { ...headers, ...auth }, body };
}

async function readCapped(response: Response): Promise<{ text: string; isCut: boolean }> {
  if (!response.body) return { text: '', isCut: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let isCut = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      isCut = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  const text = Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES).toString('utf8');
  return { text, isCut };
}

/**
 * Sends a planned request with the fetch it is given (the egress-guarded fetch in the app: the
 * spec is user-supplied) and turns the answer into a tool output.
 */
export async function sendActionRequest(fetchImpl: typeof fetch, plan: PlannedRequest, signal: AbortSignal, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<ToolOutput> {
  const response = await fetchImpl(plan.url, {
    method: plan.method,
    headers: plan.headers,
    ...(plan.body !== undefined ? { body: plan.body } : {}),
    signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
  });
  const { text, isCut } = await readCapped(response);
  const shown = isCut ? `${text}\n[response cut at ${MAX_RESPONSE_BYTES} bytes]` : text;
  if (response.status >= 300) {
    const location = response.headers.get('location');
    const why = location ? `redirected to ${location} (not followed)` : shown.slice(0, 2000);
    return { isError: true, parts: [{ type: 'text', text: `HTTP ${response.status}${why ? `: ${why}` : ''}` }] };
  }
  return { parts: [{ type: 'text', text: shown }] };
}
