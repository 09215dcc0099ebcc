import { createContext, useContext } from 'react';

/**
 * Where the memes of a reply are being looked at: the owner's chat (its conversation) or a shared
 * link (its share id, which reactions and video downloads go through instead of the owner's token).
 */
export interface MemeScope {
  conversationId?: string;
  shareId?: string;
}

export const MemeScopeContext = createContext<MemeScope>({});

/** The scope the nearest provider gave; `{}` in the owner's chat when none did. */
export function useMemeScope(): MemeScope {
  return useContext(MemeScopeContext);
}
