import { useQuery } from '@tanstack/react-query';
import { WEB_SEARCH_TOOL } from '@confab/shared';
import { useState } from 'react';
import { apiJson } from '../../lib/api-client';
import { useStartupConfig } from '../config/use-startup-config';
import { toolAuthKey, type ToolKeySpec } from '../tool-keys/tool-key-dialog';

/** How each keyed provider is named to people, and where it hands out keys. */
const PROVIDERS: Record<string, { name: string; getKeyUrl: string }> = {
  serper: { name: 'Serper', getKeyUrl: 'https://serper.dev/api-key' },
  tavily: { name: 'Tavily', getKeyUrl: 'https://app.tavily.com/home' },
};

/** GET /api/agents/tools/web_search/auth (LibreChat's getVerifyAgentToolAuth). */
interface ToolAuth {
  authenticated: boolean;
  message: string;
}

export interface WebSearchKeyGate {
  /** The dialog's spec when the provider wants each user's own key; undefined otherwise. */
  spec: ToolKeySpec | undefined;
  isInstalled: boolean;
  /** Turning web search on must ask for the key first. */
  mustAsk: boolean;
  isOpen: boolean;
  setOpen(isOpen: boolean): void;
}

/**
 * Web search on a provider the administrator left to each user's key (issue 41): turning it on
 * asks for the key first, in the same dialog as the Code API key, so a chat never sends a search
 * the server can only refuse. Asks the server only when a key is wanted at all.
 */
export function useWebSearchKey(): WebSearchKeyGate {
  const webSearch = useStartupConfig().data?.webSearch;
  const [isOpen, setOpen] = useState(false);
  const keyField = webSearch?.requiresUserKey ? webSearch.keyField : undefined;
  const auth = useQuery({
    queryKey: toolAuthKey(WEB_SEARCH_TOOL),
    queryFn: ({ signal }) => apiJson<ToolAuth>(`/api/agents/tools/${WEB_SEARCH_TOOL}/auth`, { signal }),
    enabled: keyField !== undefined,
    staleTime: 5 * 60_000,
  });
  if (!keyField || !webSearch) return { spec: undefined, isInstalled: true, mustAsk: false, isOpen: false, setOpen };
  const provider = PROVIDERS[webSearch.provider] ?? { name: webSearch.provider, getKeyUrl: undefined };
  const isInstalled = auth.data?.authenticated === true;
  return {
    spec: {
      toolId: WEB_SEARCH_TOOL,
      authField: keyField,
      namespace: 'web-search',
      getKeyUrl: provider.getKeyUrl,
      textValues: { provider: provider.name },
      testIdPrefix: 'web-search-key',
      dialogTestId: 'web-search-key-dialog',
    },
    isInstalled,
    // While the answer loads, the switch waits for it rather than guessing.
    mustAsk: !isInstalled,
    isOpen,
    setOpen,
  };
}
