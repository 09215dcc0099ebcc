import type { ConnectionTestResult, ManagedEndpointFamily } from '@confab/shared';
import { buildModelListRequest, type ModelListRequest } from './model-list-requests.js';

export interface ConnectionTarget {
  family: ManagedEndpointFamily;
  baseURL?: string | undefined;
  apiKey: string;
  azure?: { instanceName: string; deploymentName?: string | undefined; apiVersion?: string | undefined } | undefined;
  bedrock?: { region: string; accessKeyId: string } | undefined;
}

type Failure = Extract<ConnectionTestResult, { ok: false }>;

/** How long a provider has to list its models before the test says it timed out. */
export const CONNECTION_TEST_TIMEOUT_MS = 8000;

/** Network error codes that mean "nothing answered there" (refused, no such host, cut). */
const UNREACHABLE_CODES: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused (is the server running?)',
  ENOTFOUND: 'no such host name',
  EAI_AGAIN: 'the host name could not be looked up',
  ECONNRESET: 'the connection was cut',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  UND_ERR_SOCKET: 'the connection was cut',
};

const fail = (code: Failure['code'], error: string): Failure => ({ ok: false, code, error });

/** A vendor's error text, shortened, with the key cut out should the vendor have echoed it. */
function vendorMessage(body: unknown, apiKey: string): string | undefined {
  const candidate =
    (body as { error?: { message?: unknown } } | null)?.error?.message ??
    (body as { message?: unknown } | null)?.message;
  if (typeof candidate !== 'string' || !candidate.trim()) return undefined;
  const safe = apiKey.length >= 4 ? candidate.split(apiKey).join('[key]') : candidate;
  return safe.length > 200 ? `${safe.slice(0, 200)}…` : safe;
}

function describeNetworkError(err: unknown, host: string, timeoutMs: number): Failure {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return fail('timeout', `${host} did not answer within ${timeoutMs / 1000} seconds`);
  }
  const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) {
    return fail('unreachable', `Could not reach ${host}: its TLS certificate was not accepted (${code})`);
  }
  const reason = (code && UNREACHABLE_CODES[code]) ?? 'the connection failed';
  return fail('unreachable', `Could not reach ${host}: ${reason}`);
}

function describeStatus(status: number, host: string, detail: string | undefined): Failure {
  const suffix = detail ? `: ${detail}` : '';
  if (status === 401 || status === 403) {
    // The vendor's own words are left out here: some quote the refused key (masked or not).
    return fail('unauthorized', `${host} refused the key (HTTP ${status}). Check the key and its permissions.`);
  }
  if (status === 404) {
    return fail('not_found', `${host} has no model list at this address (HTTP 404). Check the URL${suffix}`);
  }
  if (status === 408 || status === 504) return fail('timeout', `${host} timed out (HTTP ${status})${suffix}`);
  return fail('bad_response', `${host} answered HTTP ${status}${suffix}`);
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Asks the provider for its model list with this key, as each vendor's API defines it: the
 * cheapest call that proves both the address and the key. Never throws; the key appears in no
 * message (nothing here logs).
 *
 * @param fetchImpl the fetch to use (tests inject one; the default is the global fetch)
 * @param options.timeoutMs how long to wait, default {@link CONNECTION_TEST_TIMEOUT_MS}
 * @example
 * const result = await testConnection({ family: 'custom', baseURL: 'http://localhost:11434/v1', apiKey: '' });
 * if (result.ok) console.log(result.models); // ['llama3.2:1b', ...]
 */
export async function testConnection(
  target: ConnectionTarget,
  fetchImpl: typeof fetch = fetch,
  options: { timeoutMs?: number } = {},
): Promise<ConnectionTestResult> {
  if (target.family === 'custom' && !target.baseURL) return fail('not_found', "Enter the server's URL first");
  if (target.family === 'bedrock' && (!target.bedrock || !target.apiKey)) {
    return fail('unauthorized', 'Enter the region, the access key id and the secret access key');
  }
  let request: ModelListRequest;
  try {
    request = buildModelListRequest(target);
  } catch {
    return fail('not_found', 'The address is not a valid URL');
  }
  const host = new URL(request.url).host;
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? CONNECTION_TEST_TIMEOUT_MS;
  try {
    const res = await fetchImpl(request.url, { headers: request.headers, signal: AbortSignal.timeout(timeoutMs) });
    const body = await readJson(res);
    if (!res.ok) return describeStatus(res.status, host, vendorMessage(body, target.apiKey));
    const models = request.readModels(body);
    if (!models) {
      return fail('bad_response', `${host} answered, but not with a model list. Is this the API's address?`);
    }
    return { ok: true, models: [...new Set(models)].sort(), latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    return describeNetworkError(err, host, timeoutMs);
  }
}
