import { TIMING } from '@confab/shared';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hasChatQuery, parseChatQuery, type ChatQuery } from './chat-query';

/**
 * Applies the chat URL query once the page can act on it (SPEC 2): polls every 100 ms, at most
 * 50 times, for `isReady`, applies the query, then removes it from the URL. `keepState` rides
 * along on that navigation so the page knows it is still the same chat.
 */
export function useChatUrlQuery(
  isReady: () => boolean,
  apply: (query: ChatQuery) => void,
  keepState: Record<string, unknown>,
): void {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  const latest = useRef({ isReady, apply, keepState });
  latest.current = { isReady, apply, keepState };

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!hasChatQuery(params) || handled.current === location.key) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries++;
      if (!latest.current.isReady() && tries < TIMING.streamStartPollTries) return;
      clearInterval(timer);
      if (handled.current === location.key) return;
      handled.current = location.key;
      latest.current.apply(parseChatQuery(params));
      void navigate({ pathname: location.pathname, search: '' }, { replace: true, state: latest.current.keepState });
    }, TIMING.streamStartPollMs);
    return () => clearInterval(timer);
  }, [location.key, location.pathname, location.search, navigate]);
}
