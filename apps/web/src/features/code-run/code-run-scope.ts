import { createContext, useContext } from 'react';

/**
 * The reply a code block belongs to, for its Run button (LibreChat's message context): the
 * message, the content part whose markdown holds the block (`partText`, in which the block finds
 * its index), and whether the reply is still streaming. Only the owner's chat provides it: user
 * messages, shared pages and other markdown render code blocks without Run.
 */
export interface CodeRunScope {
  messageId: string;
  conversationId: string;
  partIndex: number;
  partText: string;
  isStreaming: boolean;
}

export const CodeRunScopeContext = createContext<CodeRunScope | null>(null);

export function useCodeRunScope(): CodeRunScope | null {
  return useContext(CodeRunScopeContext);
}
