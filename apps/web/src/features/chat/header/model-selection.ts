import type { Conversation, ModelSettings } from '@confab/shared';
import { create } from 'zustand';
import type { EndpointsConfig, ModelsConfig } from '../api/chat-api';
import { readStorage, writeStorage } from '../../../lib/storage';

export interface ModelSelection {
  endpoint: string;
  model: string;
  /** The model spec this choice came from (SPEC 3, Model spec), if any. */
  spec?: string | null;
  /** The agent chosen on the agents endpoint (SPEC 3, agent_id); `model` is then the agent's. */
  agentId?: string;
}

/** What a new or continued conversation runs with: where to send and the model settings. */
export interface ConversationSetup {
  selection: ModelSelection;
  settings: ModelSettings;
}

/** SPEC 3, local storage: the last model chosen, restored for new conversations. */
export const LAST_MODEL_KEY = 'lastSelectedModel';
/** SPEC 3, local storage: the last model spec chosen (SPEC 4, default model spec). */
export const LAST_SPEC_KEY = 'lastSelectedSpec';

function readLastSelection(): ModelSelection | null {
  const value = readStorage<Partial<ModelSelection> | null>(LAST_MODEL_KEY, null);
  if (!value || typeof value.endpoint !== 'string' || typeof value.model !== 'string') return null;
  return {
    endpoint: value.endpoint,
    model: value.model,
    ...(typeof value.spec === 'string' ? { spec: value.spec } : {}),
    ...(typeof value.agentId === 'string' ? { agentId: value.agentId } : {}),
  };
}

function readLastSpec(): string | null {
  const value = readStorage<unknown>(LAST_SPEC_KEY, null);
  return typeof value === 'string' ? value : null;
}

interface SelectionState {
  last: ModelSelection | null;
  lastSpec: string | null;
  /** Choices made in a conversation (or set up for a new chat) by conversation key. */
  byConversation: Record<string, ModelSelection>;
  /**
   * Settings that apply to the next sends of a conversation, laid over its stored ones
   * (`null` unsets a stored value). From the parameters panel, a preset, a spec or the URL.
   */
  settings: Record<string, ModelSettings>;
}

export const useModelSelectionStore = create<SelectionState>(() => ({
  last: readLastSelection(),
  lastSpec: readLastSpec(),
  byConversation: {},
  settings: {},
}));

function remember(selection: ModelSelection): void {
  writeStorage(LAST_MODEL_KEY, selection);
  if (selection.spec) writeStorage(LAST_SPEC_KEY, selection.spec);
  useModelSelectionStore.setState((s) => ({ last: selection, lastSpec: selection.spec ?? s.lastSpec }));
}

/** A model chosen for a conversation (its settings stay); remembered for new chats. */
export function chooseModel(conversationKey: string, selection: ModelSelection): void {
  remember(selection);
  useModelSelectionStore.setState((s) => ({ byConversation: { ...s.byConversation, [conversationKey]: selection } }));
}

/**
 * Puts a whole setup on a conversation: `replace` starts its settings over from the setup's
 * (a new chat), otherwise they are laid over the current ones. `isUserChoice` remembers it
 * as the last selection; a new chat's automatic start does not.
 */
export function applySetup(
  conversationKey: string,
  setup: ConversationSetup,
  options: { replace: boolean; isUserChoice: boolean },
): void {
  if (options.isUserChoice) remember(setup.selection);
  useModelSelectionStore.setState((s) => ({
    byConversation: { ...s.byConversation, [conversationKey]: setup.selection },
    settings: {
      ...s.settings,
      [conversationKey]: options.replace
        ? { ...setup.settings }
        : { ...s.settings[conversationKey], ...setup.settings },
    },
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
  // An agent carries its own model; whether the agent still exists is the server's to say.
  if (selection.agentId) return true;
  const list = models[selection.endpoint];
  return !list || list.length === 0 || list.includes(selection.model);
}

/** Whether a remembered or configured choice can still be used. */
export function isSelectionAvailable(
  selection: ModelSelection | null | undefined,
  endpoints: EndpointsConfig | undefined,
  models: ModelsConfig | undefined,
): selection is ModelSelection {
  return !!endpoints && !!models && isAvailable(selection, endpoints, models);
}

/** Endpoint names in the server's order. */
export function sortedEndpoints(endpoints: EndpointsConfig): string[] {
  return Object.keys(endpoints).sort(
    (a, b) => (endpoints[a]?.order ?? 0) - (endpoints[b]?.order ?? 0) || a.localeCompare(b),
  );
}

/** The first model of the first endpoint that has one. */
export function firstSelection(endpoints: EndpointsConfig, models: ModelsConfig): ModelSelection | null {
  for (const endpoint of sortedEndpoints(endpoints)) {
    const model = models[endpoint]?.[0];
    if (model) return { endpoint, model };
  }
  return null;
}

/**
 * The model a send uses: a choice made in this conversation, else the conversation's own,
 * else (new chats) the last one chosen, else the first model of the first endpoint.
 */
export function resolveSelection(args: {
  chosen: ModelSelection | undefined;
  conversation: (Pick<Conversation, 'endpoint' | 'model' | 'spec'> & { agent_id?: string | null }) | null | undefined;
  last: ModelSelection | null;
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
}): ModelSelection | null {
  const { chosen, conversation, last, endpoints, models } = args;
  if (!endpoints || !models) return chosen ?? null;
  if (isAvailable(chosen, endpoints, models)) return chosen;
  if (conversation?.endpoint && endpoints[conversation.endpoint]) {
    if (conversation.agent_id)
      return { endpoint: conversation.endpoint, model: conversation.model ?? '', agentId: conversation.agent_id };
    const list = models[conversation.endpoint] ?? [];
    const model =
      conversation.model && (list.length === 0 || list.includes(conversation.model)) ? conversation.model : list[0];
    if (model)
      return { endpoint: conversation.endpoint, model, ...(conversation.spec ? { spec: conversation.spec } : {}) };
  }
  if (isAvailable(last, endpoints, models)) return last;
  return firstSelection(endpoints, models);
}
