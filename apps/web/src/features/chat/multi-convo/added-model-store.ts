import { create } from 'zustand';
import type { ModelSelection } from '../header/model-selection';

interface AddedModelState {
  /**
   * The model the "+" added beside the header's, by conversation key: the next send of that
   * conversation asks both (MULTI_CONVO). Kept per conversation, as LibreChat resets it on a new
   * chat: another conversation or a new chat starts without one; coming back to this one in the
   * same tab finds it again.
   */
  byConversation: Readonly<Record<string, ModelSelection>>;
}

export const useAddedModelStore = create<AddedModelState>(() => ({
  byConversation: {},
}));

/** The model added to this conversation's sends, if any. */
export function useAddedModel(conversationKey: string): ModelSelection | null {
  return useAddedModelStore((s) => s.byConversation[conversationKey] ?? null);
}

export function setAddedModel(conversationKey: string, added: ModelSelection | null): void {
  useAddedModelStore.setState((s) => {
    const { [conversationKey]: _previous, ...others } = s.byConversation;
    return { byConversation: added ? { ...others, [conversationKey]: added } : others };
  });
}

/** A new chat's added model goes with it once it is a conversation (as its model selection does). */
export function moveAddedModel(fromKey: string, toKey: string): void {
  const added = useAddedModelStore.getState().byConversation[fromKey];
  if (!added) return;
  setAddedModel(fromKey, null);
  setAddedModel(toKey, added);
}

/**
 * The chat store key of a conversation's second column (the added model's reply): beside the
 * conversation's own key, so each column streams, stops and settles on its own.
 */
export function addedColumnKey(conversationKey: string): string {
  return `added:${conversationKey}`;
}
