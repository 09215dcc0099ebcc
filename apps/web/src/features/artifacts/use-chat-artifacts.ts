import { TIMING, type Message } from '@confab/shared';
import { useMemo } from 'react';
import { useThrottledValue } from '../../lib/use-throttled-value';
import { useChatStore } from '../chat/stream/chat-store';
import { isActivePhase } from '../chat/stream/submission';
import { messageArtifacts, type Artifact } from './conversation-artifacts';

/** A stored message's artifacts, read once per message object (the cache replaces it when it changes). */
const storedArtifacts = new WeakMap<Message, Artifact[]>();

function artifactsOfStored(message: Message): Artifact[] {
  let artifacts = storedArtifacts.get(message);
  if (!artifacts) {
    artifacts = messageArtifacts(message);
    storedArtifacts.set(message, artifacts);
  }
  return artifacts;
}

export interface ChatArtifacts {
  /** The artifacts of the visible branch, oldest first, the streaming reply's as of now. */
  artifacts: Artifact[];
  /** The reply being written, while it is. */
  liveMessageId: string | null;
}

/**
 * The artifacts of a conversation as the panel shows them: those of the visible branch, with the
 * reply that is streaming read from the live stream, at most every 25 ms (SPEC 9).
 */
export function useChatArtifacts(conversationKey: string, branch: readonly Message[]): ChatArtifacts {
  const live = useChatStore((s) => {
    const sub = s.submissions[conversationKey];
    return sub && isActivePhase(sub.phase) ? sub.responseMessage : null;
  });
  const throttled = useThrottledValue(live, TIMING.artifactUpdateThrottleMs);
  // A finished stream shows at once: the final text must not wait for the next tick.
  const current = live ? throttled : null;
  const artifacts = useMemo(
    () =>
      branch.flatMap((message) =>
        current && message.messageId === current.messageId
          ? messageArtifacts(current, Date.now())
          : artifactsOfStored(message),
      ),
    [branch, current],
  );
  return { artifacts, liveMessageId: live?.messageId ?? null };
}
