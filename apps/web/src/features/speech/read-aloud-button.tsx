import { Square, Volume2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { MessageActionButton } from '../chat/messages/message-action-button';
import { useSpeechConfig } from './speech-api';
import { stopReadAloud, toggleReadAloud, useReadAloud } from './read-aloud';
import { useSpeechSettings } from './speech-settings';

/** The speaker under a finished reply: reads it aloud, or stops the reading (SPEC 4). */
export function ReadAloudButton({ messageId, text }: { messageId: string; text: string }) {
  const { t } = useTranslation('speech');
  // The server's engine and speechTab defaults apply before the Speech tab was ever opened.
  useSpeechConfig();
  const isEnabled = useSpeechSettings((s) => s.textToSpeech);
  const isPlaying = useReadAloud((s) => s.messageId === messageId);
  const isLoading = useReadAloud((s) => s.messageId === messageId && s.isLoading);
  // A reading stops when its reply leaves the screen (another conversation, another branch).
  useEffect(
    () => () => {
      if (useReadAloud.getState().messageId === messageId) stopReadAloud();
    },
    [messageId],
  );
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

/**
 * Automatic playback (SPEC 3): the latest reply is read aloud once it finishes streaming in this
 * tab; a reply that was already there when the conversation opened is not.
 */
export function useAutomaticPlayback({
  messageId,
  text,
  isStreaming,
  isLatest,
  hasError,
}: {
  messageId: string;
  text: string;
  isStreaming: boolean;
  isLatest: boolean;
  hasError: boolean;
}) {
  const wasStreaming = useRef(isStreaming);
  useEffect(() => {
    const justFinished = wasStreaming.current && !isStreaming;
    wasStreaming.current = isStreaming;
    if (!justFinished || !isLatest || hasError) return;
    const { automaticPlayback, textToSpeech } = useSpeechSettings.getState();
    if (automaticPlayback && textToSpeech) toggleReadAloud(messageId, text);
  }, [isStreaming, isLatest, hasError, messageId, text]);
}
