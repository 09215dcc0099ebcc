import { Square, Volume2 } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { MessageActionButton } from '../chat/messages/message-action-button';
import { watchFinishedReplies } from './automatic-playback';
import { useSpeechConfig } from './speech-api';
import { stopReadAloud, toggleReadAloud, useReadAloud } from './read-aloud';
import { useSpeechSettings } from './speech-settings';

// Started with the chat's message rows, so the first reply of a new chat is heard too.
watchFinishedReplies();

/**
 * A reading stops when its reply leaves the screen (another conversation, another branch), but
 * not when its row is only replaced, as a new chat's first reply is once the chat has its id.
 */
const mountedButtons = new Map<string, number>();
const REMOUNT_GRACE_MS = 500;

/** The speaker under a finished reply: reads it aloud, or stops the reading (SPEC 4). */
export function ReadAloudButton({ messageId, text }: { messageId: string; text: string }) {
  const { t } = useTranslation('speech');
  // The server's engine and speechTab defaults apply before the Speech tab was ever opened.
  useSpeechConfig();
  const isEnabled = useSpeechSettings((s) => s.textToSpeech);
  const isPlaying = useReadAloud((s) => s.messageId === messageId);
  const isLoading = useReadAloud((s) => s.messageId === messageId && s.isLoading);
  useEffect(() => {
    mountedButtons.set(messageId, (mountedButtons.get(messageId) ?? 0) + 1);
    return () => {
      mountedButtons.set(messageId, (mountedButtons.get(messageId) ?? 1) - 1);
      setTimeout(() => {
        if (!mountedButtons.get(messageId) && useReadAloud.getState().messageId === messageId) stopReadAloud();
      }, REMOUNT_GRACE_MS);
    };
  }, [messageId]);
  if (!isEnabled) return null;
  return (
    <MessageActionButton
      label={isPlaying ? t('stop_reading') : t('read_aloud')}
      onClick={() => toggleReadAloud(messageId, text)}
      testId="read-aloud"
    >
      {isLoading ? <Spinner /> : isPlaying ? <Square /> : <Volume2 />}
    </MessageActionButton>
  );
}
