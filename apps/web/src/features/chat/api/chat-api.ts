import type { ActiveJob, Conversation, Message } from '@confab/shared';
import { apiFetch, apiJson } from '../../../lib/api-client';

/** GET /api/endpoints: endpoint name → its config (LibreChat's shape). */
export interface EndpointConfig {
  type?: 'custom';
  userProvide: boolean;
  userProvideURL?: boolean;
  order: number;
  modelDisplayLabel?: string;
  iconURL?: string;
}
export type EndpointsConfig = Record<string, EndpointConfig>;
/** GET /api/models: endpoint name → model ids. */
export type ModelsConfig = Record<string, string[]>;

/** The final-shaped JSON of an abort (SPEC 7); null fields when nothing was stored. */
export interface AbortResult {
  final: true;
  conversation: Conversation | null;
  requestMessage: Message | null;
  responseMessage: Message | null;
}

const enc = encodeURIComponent;

export function fetchConversation(conversationId: string, signal?: AbortSignal): Promise<Conversation> {
  return apiJson<Conversation>(`/api/convos/${enc(conversationId)}`, { signal });
}

export function fetchMessages(conversationId: string, signal?: AbortSignal): Promise<Message[]> {
  return apiJson<Message[]>(`/api/messages/${enc(conversationId)}`, { signal });
}

export function fetchEndpoints(signal?: AbortSignal): Promise<EndpointsConfig> {
  return apiJson<EndpointsConfig>('/api/endpoints', { signal });
}

export function fetchModels(signal?: AbortSignal): Promise<ModelsConfig> {
  return apiJson<ModelsConfig>('/api/models', { signal });
}

export async function fetchActiveJobs(): Promise<ActiveJob[]> {
  const body = await apiJson<{ jobs?: ActiveJob[] }>('/api/chat/active');
  return body.jobs ?? [];
}

/** Save-only edit (SPEC 7): the stored message comes back. */
export function updateMessageText(
  conversationId: string,
  messageId: string,
  body: { text: string; index?: number; model?: string },
): Promise<Message> {
  return apiJson<Message>(`/api/messages/${enc(conversationId)}/${enc(messageId)}`, { method: 'PUT', json: body });
}

/** Stops a generation; null when nothing was running (404/204). */
export async function abortGeneration(
  routeEndpoint: string,
  abortKey: string,
  endpoint: string,
): Promise<AbortResult | null> {
  const response = await apiFetch(`${chatPath(routeEndpoint)}/abort`, {
    method: 'POST',
    json: { abortKey, endpoint },
  });
  if (response.status === 404 || response.status === 204) return null;
  if (!response.ok) throw new Error(`Abort failed with status ${response.status}`);
  const body = (await response.json().catch(() => null)) as AbortResult | null;
  return body && body.final ? body : null;
}

export function generateTitle(conversationId: string): Promise<{ title: string }> {
  return apiJson<{ title: string }>('/api/convos/gen_title', { method: 'POST', json: { conversationId } });
}

/** The agents endpoint's route (LibreChat's agents chat). */
export const AGENTS_ROUTE = 'agents';

/**
 * Where a chat is posted: `/api/ask/{route}`, or LibreChat's agents chat for agents (its abort
 * is `/api/agents/chat/abort`).
 */
export function chatPath(routeEndpoint: string): string {
  return routeEndpoint === AGENTS_ROUTE ? '/api/agents/chat' : `/api/ask/${enc(routeEndpoint)}`;
}

/**
 * The URL a new message is posted to. A model endpoint's chat with tools on (LibreChat's
 * ephemeral agent) goes to the agents chat under its endpoint, as LibreChat posts it; its stop
 * still goes to `chatPath`'s abort, which stops any job of the user's by its key.
 */
export function chatSendUrl(routeEndpoint: string, hasEphemeralAgent = false): string {
  if (routeEndpoint === AGENTS_ROUTE) return '/api/agents/chat/agents';
  return hasEphemeralAgent ? `/api/agents/chat/${enc(routeEndpoint)}` : chatPath(routeEndpoint);
}

/** The chat route of an endpoint: custom endpoints share `/api/ask/custom`. */
export function askRoute(
  endpoint: string,
  config: EndpointConfig | undefined,
): { routeEndpoint: string; endpointType: 'custom' | null } {
  return config?.type === 'custom'
    ? { routeEndpoint: 'custom', endpointType: 'custom' }
    : { routeEndpoint: endpoint, endpointType: null };
}
