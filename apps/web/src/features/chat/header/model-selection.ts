import type { Conversation, ModelSettings } from '@confab/shared';
import { create } from 'zustand';
import type { EndpointsConfig, ModelsConfig } from '../api/chat-api';

export interface ModelSelection {
  endpoint: string;
  model: string;
}

/** SPEC 3, local storage: the last model chosen, restored for new conversations. */
export const LAST_MODEL_KEY = 'lastSelectedModel';

function readLastSelection(): ModelSelection | null {
  try {
    const raw = globalThis.localStorage?.getItem(LAST_MODEL_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<ModelSelection>) : null;
    return value && typeof value.endpoint === 'string' && typeof value.model === 'string'
      ? { endpoint: value.endpoint, model: value.model }
      : null;
  } catch {
    return null;
  }
}

interface SelectionState {
  last: ModelSelection | null;
  /** Choices made in a conversation (modular chat: the conversation goes on with them). */
  byConversation: Record<string, ModelSelection>;
  /** Settings that apply to the next sends of a conversation (from the URL query). */
  settings: Record<string, ModelSettings>;
}

export const useModelSelectionStore = create<SelectionState>(() => ({
  last: readLastSelection(),
  byConversation: {},
  settings: {},
}));

export function chooseModel(conversationKey: string, selection: ModelSelection): void {
  try {
    globalThis.localStorage?.setItem(LAST_MODEL_KEY, JSON.stringify(selection));
  } catch {
    // Not remembered across loads; this page still uses it.
  }
  useModelSelectionStore.setState((s) => ({
    last: selection,
    byConversation: { ...s.byConversation, [conversationKey]: selection },
  }));
}

export function setConversationSettings(conversationKey: string, settings: ModelSettings): void {
  useModelSelectionStore.setState((s) => ({
    settings: { ...s.settings, [conversationKey]: { ...s.settings[conversationKey], ...settings } },
  }));
}

/** Carries choices made on /c/new over to the conversation once it exists. */
export function moveSelection(fromKey: string, toKey: string): void {
  useModelSelectionStore.setState((s) => {
    const selection = s.byConversation[fromKey];
    const settings = s.settings[fromKey];
    return {
      byConversation: selection ? { ...s.byConversation, [toKey]: selection } : s.byConversation,
      settings: settings ? { ...s.settings, [toKey]: settings } : s.settings,
    };
  });
}

function isAvailable(
  selection: ModelSelection | null | undefined,
  endpoints: EndpointsConfig,
  models: ModelsConfig,
): selection is ModelSelection {
  if (!selection || !endpoints[selection.endpoint]) return false;
  const list = models[selection.endpoint];
  return !list || list.length === 0 || list.includes(selection.model);
}

/** How an endpoint is named in the selector. */
export function endpointLabel(name: string, endpoints: EndpointsConfig | undefined): string {
  if (name === 'openAI') return 'OpenAI';
  return endpoints?.[name]?.modelDisplayLabel ?? name;
}

/** Endpoint names in the server's order. */
export function sortedEndpoints(endpoints: EndpointsConfig): string[] {
  return Object.keys(endpoints).sort(
    (a, b) => (endpoints[a]?.order ?? 0) - (endpoints[b]?.order ?? 0) || a.localeCompare(b),
  );
}

/**
 * The model a send uses: a choice made in this conversation, else the conversation's own,
 * else (new chats) the last one chosen, else the first model of the first endpoint.
 */
export function resolveSelection(args: {
  chosen: ModelSelection | undefined;
  conversation: Pick<Conversation, 'endpoint' | 'model'> | null | undefined;
  last: ModelSelection | null;
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
}): ModelSelection | null {
  const { chosen, conversation, last, endpoints, models } = args;
  if (!endpoints || !models) return chosen ?? null;
  if (isAvailable(chosen, endpoints, models)) return chosen;
  if (conversation?.endpoint && endpoints[conversation.endpoint]) {
    const list = models[conversation.endpoint] ?? [];
    const model =
      conversation.model && (list.length === 0 || list.includes(conversation.model)) ? conversation.model : list[0];
    if (model) return { endpoint: conversation.endpoint, model };
  }
  if (isAvailable(last, endpoints, models)) return last;
  for (const endpoint of sortedEndpoints(endpoints)) {
    const model = models[endpoint]?.[0];
    if (model) return { endpoint, model };
  }
  return null;
}
