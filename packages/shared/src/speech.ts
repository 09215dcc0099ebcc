import { z } from 'zod';

/** The speech routes (SPEC 7), as librechat-data-provider calls them. */
export const SPEECH_ROUTES = {
  stt: '/api/files/speech/stt',
  tts: '/api/files/speech/tts',
  ttsManual: '/api/files/speech/tts/manual',
  voices: '/api/files/speech/tts/voices',
  config: '/api/files/speech/config/get',
} as const;

/** Longest text one TTS request speaks: four times the 4096-character long-audio warning. */
export const SPEECH_TEXT_MAX = 4096 * 4;
/** Largest audio one STT request takes (OpenAI's own transcription limit). */
export const SPEECH_AUDIO_MAX_BYTES = 25 * 1024 * 1024;

export const ttsRequestSchema = z.object({
  input: z.string().max(SPEECH_TEXT_MAX).optional(),
  voice: z.string().max(200).optional(),
  messageId: z.string().max(200).optional(),
  runId: z.string().max(200).optional(),
});
export type TtsRequest = z.infer<typeof ttsRequestSchema>;
