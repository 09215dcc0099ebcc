import { create } from 'zustand';
import type { ModelSelection } from '../header/model-selection';

interface AddedModelState {
  /** The model the "+" added beside the header's: the next send asks both (MULTI_CONVO). */
  added: ModelSelection | null;
  /** User messages sent to both models in this tab: their replies show side by side while they stream. */
  multiUserMessageIds: ReadonlySet<string>;
}

export const useAddedModelStore = create<AddedModelState>(() => ({
  added: null,
  multiUserMessageIds: new Set(),
}));

export function setAddedModel(added: ModelSelection | null): void {
  useAddedModelStore.setState({ added });
}

export function rememberMultiUserMessage(messageId: string): void {
  useAddedModelStore.setState((s) => ({ multiUserMessageIds: new Set([...s.multiUserMessageIds, messageId]) }));
}

/**
 * The chat store key of a conversation's second column (the added model's reply): beside the
 * conversation's own key, so each column streams, stops and settles on its own.
 */
export function addedColumnKey(conversationKey: string): string {
  return `added:${conversationKey}`;
}
