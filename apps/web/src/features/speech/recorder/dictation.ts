import i18next from 'i18next';
import { create } from 'zustand';
import { showToast } from '../../../components/ui/toast-store';
import { focusComposer, requestSend, setComposerText, useComposerStore } from '../../chat/input/composer-store';
import { onReadAloudEnded } from '../read-aloud';
import { ensureSpeechConfig, transcribeAudio } from '../speech-api';
import { useSpeechSettings } from '../speech-settings';
import { startBrowserRecognition, type BrowserRecognition } from './browser-recognition';
import { startMicrophoneRecording, type MicrophoneRecording } from './microphone-recording';
import { MIN_RECORDING_MS } from './silence';
import { VOICE_ERRORS, VoiceError } from './voice-errors';

/** SPEC 4: the recorder's states. */
export type DictationState = 'idle' | 'recording' | 'transcribing';

export const useDictation = create<{ state: DictationState }>(() => ({ state: 'idle' }));

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, { ns: 'speech', ...options });
const setState = (state: DictationState) => useDictation.setState({ state });

let recording: MicrophoneRecording | null = null;
let recognition: BrowserRecognition | null = null;
let transcribing: AbortController | null = null;
let autoSendTimer: ReturnType<typeof setTimeout> | undefined;
/** Conversation mode: a dictated message was sent, so the reply's reading ends in listening again. */
let isAwaitingSpokenReply = false;

function showError(error: unknown): void {
  if (error instanceof VoiceError) return void showToast({ message: error.message, status: 'error' });
  const message = error instanceof Error && error.message ? error.message : t('error_audio_process');
  showToast({ message: t('error_processing', { message }), status: 'error' });
}

const joined = (before: string, after: string) => (before.trim() ? `${before.trimEnd()} ${after}` : after);

function cancelAutoSend(): void {
  clearTimeout(autoSendTimer);
  autoSendTimer = undefined;
}

/**
 * Sends the transcript after the user's auto-send delay (SPEC 4), unless they edit it first. In
 * conversation mode the reply to it is listened for once it has been read aloud.
 */
function scheduleAutoSend(): void {
  const { autoSendText, conversationMode } = useSpeechSettings.getState();
  if (autoSendText < 0) return;
  const expected = useComposerStore.getState().text;
  cancelAutoSend();
  autoSendTimer = setTimeout(() => {
    autoSendTimer = undefined;
    if (useComposerStore.getState().text !== expected || !expected.trim()) return;
    isAwaitingSpokenReply = conversationMode;
    requestSend();
  }, autoSendText * 1000);
}

// Typing during the delay means the user is editing: the transcript waits for their own send.
useComposerStore.subscribe((state, previous) => {
  if (autoSendTimer && state.text !== previous.text) cancelAutoSend();
});

function insertTranscript(text: string): void {
  if (!text) return void showToast({ message: t('no_speech'), status: 'warning' });
  setComposerText(joined(useComposerStore.getState().text, text));
  focusComposer();
  scheduleAutoSend();
}

export interface StartOptions {
  /** A reply is generating: SPEC 4 refuses speech to text with a toast. */
  isSubmitting: boolean;
}

/** Starts listening with the engine the user chose (SPEC 4 idle → recording). */
export async function startDictation({ isSubmitting }: StartOptions): Promise<void> {
  const { state } = useDictation.getState();
  if (state === 'transcribing') return showError(new VoiceError(VOICE_ERRORS.busy));
  if (state === 'recording') return showError(new VoiceError(VOICE_ERRORS.alreadyListening));
  if (isSubmitting) return void showToast({ message: t('error_while_submitting'), status: 'error' });
  cancelAutoSend();
  isAwaitingSpokenReply = false;
  await ensureSpeechConfig().catch(() => undefined);
  const settings = useSpeechSettings.getState();
  // Claimed before the microphone prompt, so a second press meanwhile is "already listening".
  setState('recording');
  try {
    if (settings.engineSTT === 'external') {
      recording = await startMicrophoneRecording({
        decibelValue: settings.decibelValue,
        onSilence: settings.autoTranscribeAudio ? () => void stopDictation() : undefined,
      });
    } else {
      const before = useComposerStore.getState().text;
      let heard = '';
      recognition = startBrowserRecognition({
        language: settings.languageSTT,
        stopOnPause: settings.autoTranscribeAudio,
        onText: (text) => {
          heard = text;
          setComposerText(joined(before, text));
        },
        onError: showError,
        onEnd: () => {
          recognition = null;
          setState('idle');
          if (heard) {
            focusComposer();
            scheduleAutoSend();
          }
        },
      });
    }
  } catch (error) {
    setState('idle');
    showError(error);
  }
}

/** Stops listening and transcribes what was said (SPEC 4 recording → transcribing → idle). */
export async function stopDictation(): Promise<void> {
  if (recognition) return recognition.stop();
  const current = recording;
  if (!current) {
    if (useDictation.getState().state === 'idle') showError(new VoiceError(VOICE_ERRORS.notRecording));
    return;
  }
  recording = null;
  setState('transcribing');
  const controller = new AbortController();
  transcribing = controller;
  try {
    const audio = await current.stop();
    if (audio.durationMs < MIN_RECORDING_MS || audio.blob.size === 0) throw new VoiceError(VOICE_ERRORS.tooShort);
    if (!audio.heardSound) return void showToast({ message: t('no_speech'), status: 'warning' });
    const text = await transcribeAudio(audio.blob, useSpeechSettings.getState().languageSTT, controller.signal);
    if (!controller.signal.aborted) insertTranscript(text);
  } catch (error) {
    if (!controller.signal.aborted) showError(error);
  } finally {
    if (transcribing === controller) {
      transcribing = null;
      setState('idle');
    }
  }
}

/** The microphone button and Shift+Alt+L: start when idle, stop when recording. */
export function toggleDictation(options: StartOptions): void {
  const { state } = useDictation.getState();
  if (state === 'recording') void stopDictation();
  else void startDictation(options);
}

/**
 * Throws away whatever is being recorded or transcribed, and a pending auto-send (the message box
 * went away). A reply conversation mode awaits is still awaited: a new chat's box is replaced as
 * the chat gets its id, right after the dictated message was sent.
 */
export function cancelDictation(): void {
  cancelAutoSend();
  recognition?.abort();
  recognition = null;
  recording?.cancel();
  recording = null;
  transcribing?.abort();
  transcribing = null;
  setState('idle');
}

// Conversation mode (SPEC 4): once the reply to a dictated message has been read to its end,
// listen for the next one. A reading the user stopped, or one that failed, ends the loop.
onReadAloudEnded((_messageId, hasPlayedToEnd) => {
  if (!isAwaitingSpokenReply) return;
  isAwaitingSpokenReply = false;
  if (!hasPlayedToEnd) return;
  const { conversationMode, speechToText } = useSpeechSettings.getState();
  if (conversationMode && speechToText && useDictation.getState().state === 'idle') {
    void startDictation({ isSubmitting: false });
  }
});
