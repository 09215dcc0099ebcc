import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { EndpointConfig } from '../chat/api/chat-api';
import { needsUserKey } from '../model-selector/endpoint-meta';
import { describeKey, isKeyUsable, type KeyState } from './key-expiry';
import { fetchKeyStatus } from './keys-api';

export const keyKeys = { status: (name: string) => ['userKey', name] as const, all: ['userKey'] as const };

export function useKeyStatusQuery(name: string | null, isEnabled = true) {
  return useQuery({
    queryKey: keyKeys.status(name ?? ''),
    queryFn: ({ signal }) => fetchKeyStatus(name ?? '', signal),
    enabled: !!name && isEnabled,
    staleTime: 60_000,
  });
}

/** A clock that ticks once a minute, so an expiry passing while the page is open is seen. */
function useMinuteClock(isActive: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isActive) return;
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [isActive]);
  return now;
}

export interface EndpointKeyState {
  /** The endpoint takes the user's own key (or base URL). */
  needsKey: boolean;
  /** Known once the key's status has loaded; `none` until then. */
  state: KeyState;
  isLoading: boolean;
  /** SPEC 4: sending is blocked: a needed key is missing or expired (or not known yet). */
  isBlocked: boolean;
}

/** Whether the selected endpoint can be used as it is, or first needs the user's key. */
export function useEndpointKey(endpoint: string | null, config: EndpointConfig | undefined): EndpointKeyState {
  const needsKey = needsUserKey(config);
  const query = useKeyStatusQuery(endpoint, needsKey);
  const now = useMinuteClock(needsKey);
  if (!needsKey) return { needsKey, state: { kind: 'never' }, isLoading: false, isBlocked: false };
  const state = describeKey(query.data, now);
  // A failed status call does not lock the user out: the send itself will tell.
  const isBlocked = query.isPending ? true : query.isError ? false : !isKeyUsable(state);
  return { needsKey, state, isLoading: query.isPending, isBlocked };
}
