import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiJson } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { applyServerSpeechConfig, externalEngines, type ServerSpeechConfig } from './speech-settings';

const SPEECH_CONFIG_KEY = ['speech', 'config'] as const;

// No abort signal: a reply's row is replaced as a new chat gets its id, and cancelling the
// fetch with it would leave automatic playback waiting on a cancelled promise.
const fetchSpeechConfig = () =>
  apiJson<ServerSpeechConfig>('/api/files/speech/config/get').catch((): ServerSpeechConfig => ({
    message: 'not_found',
  }));

/** The server's speech config, applied, for code outside React (automatic playback). */
export async function ensureSpeechConfig(): Promise<void> {
  const config = await queryClient.fetchQuery({
    queryKey: SPEECH_CONFIG_KEY,
    queryFn: fetchSpeechConfig,
    staleTime: Infinity,
  });
  applyServerSpeechConfig(config);
}

/** GET /api/files/speech/config/get; a failed call reads as "no server speech" (browser only). */
export function useSpeechConfig() {
  const query = useQuery({
    queryKey: SPEECH_CONFIG_KEY,
    queryFn: ({ signal }) =>
      apiJson<ServerSpeechConfig>('/api/files/speech/config/get', { signal }).catch((): ServerSpeechConfig => ({
        message: 'not_found',
      })),
    staleTime: Infinity,
  });
  useEffect(() => {
    if (query.data) applyServerSpeechConfig(query.data);
  }, [query.data]);
  return { config: query.data ?? null, engines: externalEngines(query.data), isLoading: query.isLoading };
}

/** GET /api/files/speech/tts/voices: the external engine's voice names. */
export function useExternalVoices(isEnabled: boolean) {
  return useQuery({
    queryKey: ['speech', 'voices'],
    queryFn: ({ signal }) => apiJson<unknown>('/api/files/speech/tts/voices', { signal }),
    select: (data) => (Array.isArray(data) ? data.filter((v): v is string => typeof v === 'string') : []),
    enabled: isEnabled,
    staleTime: 5 * 60 * 1000,
  });
}

/** The browser's speechSynthesis voices, which some browsers list only after `voiceschanged`. */
export function useBrowserVoices(): SpeechSynthesisVoice[] {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => synth?.getVoices() ?? []);
  useEffect(() => {
    if (!synth) return;
    const update = () => setVoices(synth.getVoices());
    update();
    synth.addEventListener('voiceschanged', update);
    return () => synth.removeEventListener('voiceschanged', update);
  }, [synth, setVoices]);
  return voices;
}

/** POST /api/files/speech/stt: the recording as multipart `audio`, answered with `{text}`. */
export async function transcribeAudio(audio: Blob, language: string, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  const extension = audio.type.includes('ogg') ? 'ogg' : audio.type.includes('mp4') ? 'm4a' : 'webm';
  form.append('audio', audio, `audio.${extension}`);
  if (language) form.append('language', language);
  const body = await apiJson<{ text?: unknown }>('/api/files/speech/stt', { method: 'POST', body: form, signal });
  return typeof body.text === 'string' ? body.text.trim() : '';
}
