import { create } from 'zustand';
import i18next from 'i18next';
import { apiFetch, ApiError } from '../../lib/api-client';
import { showToast } from '../../components/ui/toast-store';
import { speakableText } from './speakable-text';
import { canStreamMpeg, openMpegStream } from './streamed-playback';
import { useSpeechSettings } from './speech-settings';

/** SPEC 8: input this long or longer shows the long-audio warning. */
export const LONG_AUDIO_CHARS = 4096;
/** SPEC 9: a TTS read that stalls this long fails and the audio is cleared. */
export const TTS_READ_TIMEOUT_MS = 15_000;
const CACHE_NAME = 'tts-responses';

/** Which reply is being read aloud (one at a time). */
export const useReadAloud = create<{ messageId: string | null; isLoading: boolean }>(() => ({
  messageId: null,
  isLoading: false,
}));

let stopCurrent: (() => void) | null = null;

type EndListener = (messageId: string, hasPlayedToEnd: boolean) => void;
const endListeners = new Set<EndListener>();

/**
 * Called when a reading ends: played to its end, or stopped, failed or replaced (then
 * `hasPlayedToEnd` is false). Conversation mode listens again only after the first kind.
 */
export function onReadAloudEnded(listener: EndListener): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

export function stopReadAloud(): void {
  end(false);
}

function end(hasPlayedToEnd: boolean): void {
  const { messageId } = useReadAloud.getState();
  stopCurrent?.();
  stopCurrent = null;
  useReadAloud.setState({ messageId: null, isLoading: false });
  if (messageId) for (const listener of endListeners) listener(messageId, hasPlayedToEnd);
}

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, { ns: 'speech', ...options });

/** Reads one reply aloud with the chosen engine, voice and rate; a second call for it stops it. */
export function toggleReadAloud(messageId: string, markdown: string): void {
  if (useReadAloud.getState().messageId === messageId) return stopReadAloud();
  stopReadAloud();
  const text = speakableText(markdown);
  if (!text) return;
  if (text.length >= LONG_AUDIO_CHARS) showToast({ message: t('long_audio_warning'), status: 'warning' });
  const settings = useSpeechSettings.getState();
  useReadAloud.setState({ messageId, isLoading: settings.engineTTS === 'external' });
  const finished = (hasPlayedToEnd = false) => {
    if (useReadAloud.getState().messageId === messageId) end(hasPlayedToEnd);
  };
  if (settings.engineTTS === 'external') {
    void playExternal(messageId, text, settings.voice, settings.playbackRate, settings.cacheTTS, finished);
  } else {
    playBrowser(text, settings.voice, settings.playbackRate, finished);
  }
}

function playBrowser(text: string, voiceName: string, rate: number, onEnd: (hasPlayedToEnd?: boolean) => void): void {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  if (!synth) {
    showToast({ message: t('error_audio_play'), status: 'error' });
    return onEnd();
  }
  const utterance = new SpeechSynthesisUtterance(text);
  const voice = synth.getVoices().find((v) => v.name === voiceName);
  if (voice) utterance.voice = voice;
  utterance.rate = rate;
  utterance.onend = () => onEnd(true);
  utterance.onerror = (event) => {
    // 'interrupted' and 'canceled' are our own stop.
    if (event.error !== 'interrupted' && event.error !== 'canceled') {
      showToast({ message: t('error_audio_play'), status: 'error' });
    }
    onEnd();
  };
  stopCurrent = () => synth.cancel();
  synth.cancel();
  synth.speak(utterance);
}

/**
 * Reads a stream to the end, failing when one read stalls over the SPEC 9 timeout. Each chunk is
 * handed to `onChunk` (awaited) as it arrives, for playback while the rest is still coming.
 */
export async function readAllWithTimeout(
  body: ReadableStream<Uint8Array>,
  timeoutMs = TTS_READ_TIMEOUT_MS,
  onChunk?: (chunk: Uint8Array) => Promise<void>,
) {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Reader promise timed out')), timeoutMs);
    });
    try {
      const { done, value } = await Promise.race([reader.read(), timeout]);
      if (done) return chunks;
      chunks.push(value);
      clearTimeout(timer);
      await onChunk?.(value);
    } catch (error) {
      void reader.cancel().catch(() => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Settings → Data: forgets every reply's audio kept for replay. Resolves to false when this
 * browser keeps no such cache (it was never filled, or the page is not a secure context).
 */
export async function clearTtsCache(): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  return caches.delete(CACHE_NAME);
}

async function cachedAudio(key: string): Promise<Blob | null> {
  try {
    if (typeof caches === 'undefined') return null;
    const hit = await (await caches.open(CACHE_NAME)).match(key);
    return hit ? await hit.blob() : null;
  } catch {
    return null;
  }
}

async function storeAudio(key: string, blob: Blob): Promise<void> {
  try {
    if (typeof caches === 'undefined') return;
    await (await caches.open(CACHE_NAME)).put(key, new Response(blob, { headers: { 'Content-Type': 'audio/mpeg' } }));
  } catch {
    // The cache is an optimisation; without it the audio is fetched again next time.
  }
}

async function playExternal(
  messageId: string,
  text: string,
  voice: string,
  rate: number,
  useCache: boolean,
  onEnd: (hasPlayedToEnd?: boolean) => void,
): Promise<void> {
  const controller = new AbortController();
  const audio = new Audio();
  let url: string | null = null;
  stopCurrent = () => {
    controller.abort();
    audio.pause();
    audio.removeAttribute('src');
    if (url) URL.revokeObjectURL(url);
  };
  // The cache key is a same-origin URL naming what was spoken, so a new voice is a new entry.
  const key = `/tts-cache/${encodeURIComponent(voice)}/${encodeURIComponent(messageId)}`;
  const startPlaying = async () => {
    useReadAloud.setState({ isLoading: false });
    try {
      await audio.play();
    } catch (error) {
      if (controller.signal.aborted) return;
      showToast({ message: t('error_audio_play'), status: 'error' });
      console.error(error);
      onEnd();
    }
  };
  audio.defaultPlaybackRate = rate;
  audio.onended = () => onEnd(true);
  try {
    const cached = useCache ? await cachedAudio(key) : null;
    if (cached) {
      if (controller.signal.aborted) return;
      url = URL.createObjectURL(cached);
      audio.src = url;
      audio.playbackRate = rate;
      return void (await startPlaying());
    }
    const response = await apiFetch('/api/files/speech/tts', {
      method: 'POST',
      json: { input: text, voice, messageId },
      signal: controller.signal,
    });
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      throw new ApiError(response.status, body, 'Failed to fetch audio');
    }
    if (!response.body) throw new Error('Null Response body');
    let chunks: Uint8Array[];
    if (canStreamMpeg()) {
      // Plays from the first sentence's audio on, while the server still speaks the rest.
      const stream = openMpegStream(audio);
      url = stream.url;
      audio.playbackRate = rate;
      let hasStarted = false;
      chunks = await readAllWithTimeout(response.body, TTS_READ_TIMEOUT_MS, async (chunk) => {
        await stream.append(chunk);
        if (hasStarted || controller.signal.aborted) return;
        hasStarted = true;
        void startPlaying();
      });
      await stream.end();
    } else {
      chunks = await readAllWithTimeout(response.body);
      if (controller.signal.aborted) return;
      url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'audio/mpeg' }));
      audio.src = url;
      audio.playbackRate = rate;
      void startPlaying();
    }
    if (useCache) void storeAudio(key, new Blob(chunks as BlobPart[], { type: 'audio/mpeg' }));
  } catch (error) {
    if (controller.signal.aborted) return;
    const message = error instanceof Error ? error.message : t('error_audio_process');
    showToast({ message: t('error_processing', { message }), status: 'error' });
    stopCurrent?.();
    onEnd();
  }
}
