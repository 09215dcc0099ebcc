import { messageText } from '@confab/shared';
import type { Submission } from '../chat/stream/submission';
import { isActivePhase } from '../chat/stream/submission';
import { useChatStore } from '../chat/stream/chat-store';
import { toggleReadAloud } from './read-aloud';
import { ensureSpeechConfig } from './speech-api';
import { useSpeechSettings } from './speech-settings';

/** A reply that was generating and has just received its `final` (not an error, not a stop). */
export function justFinished(previous: Submission | undefined, current: Submission): boolean {
  return !!previous && isActivePhase(previous.phase) && current.phase === 'done' && !current.responseMessage.error;
}

let isWatching = false;

/**
 * Automatic playback (SPEC 3): a reply is read aloud as it finishes generating in this tab. It
 * watches the submissions rather than a message row because the row of a new chat's first reply
 * is replaced when the chat gets its id, and a reply already there on opening is never read.
 */
export function watchFinishedReplies(): void {
  if (isWatching) return;
  isWatching = true;
  useChatStore.subscribe((state, previous) => {
    // Conversation mode reads every reply too: the user is not looking at the screen.
    const { automaticPlayback, conversationMode, textToSpeech } = useSpeechSettings.getState();
    if (!(automaticPlayback || conversationMode) || !textToSpeech) return;
    for (const [key, sub] of Object.entries(state.submissions)) {
      if (!justFinished(previous.submissions[key], sub)) continue;
      const reply = sub.responseMessage;
      // A new chat's first reply can finish before any reply's button has fetched the engine.
      void ensureSpeechConfig()
        .catch(() => undefined)
        .then(() => toggleReadAloud(reply.messageId, messageText(reply)));
    }
  });
}
