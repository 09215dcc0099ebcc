import { z } from 'zod';

/**
 * LibreChat's `speech:` section of librechat.yaml (its `ttsSchema`, `sttSchema` and `speechTab` in
 * librechat-data-provider's config.ts). `${VAR}` values are resolved by the config loader before
 * this schema sees them. Objects pass unknown fields through, so a LibreChat file with fields
 * this server does not read still loads.
 */
const voices = z.array(z.string());

/** `url` is the whole endpoint (…/v1/audio/speech) in LibreChat; a base URL (…/v1) works too. */
const ttsOpenAiSchema = z
  .object({ url: z.string().optional(), apiKey: z.string(), model: z.string(), voices })
  .passthrough();

/** `instanceName` is the resource name, a host ending in .azure.com, or (ours) a whole origin. */
const ttsAzureOpenAiSchema = z
  .object({
    instanceName: z.string(),
    apiKey: z.string(),
    deploymentName: z.string(),
    apiVersion: z.string(),
    model: z.string(),
    voices,
  })
  .passthrough();

const ttsElevenLabsSchema = z
  .object({
    /** The whole endpoint in LibreChat; an origin alone (ours) gets `/v1/text-to-speech/{voice}/stream`. */
    url: z.string().optional(),
    websocketUrl: z.string().optional(),
    apiKey: z.string(),
    model: z.string(),
    voices,
    voice_settings: z
      .object({
        similarity_boost: z.number().optional(),
        stability: z.number().optional(),
        style: z.number().optional(),
        use_speaker_boost: z.boolean().optional(),
      })
      .passthrough()
      .optional(),
    pronunciation_dictionary_locators: z.array(z.string()).optional(),
  })
  .passthrough();

/** `url` is LocalAI's TTS endpoint itself, for example http://localhost:8080/tts. */
const ttsLocalAiSchema = z
  .object({ url: z.string(), apiKey: z.string().optional(), voices, backend: z.string() })
  .passthrough();

const ttsSchema = z
  .object({
    openai: ttsOpenAiSchema.optional(),
    azureOpenAI: ttsAzureOpenAiSchema.optional(),
    elevenlabs: ttsElevenLabsSchema.optional(),
    localai: ttsLocalAiSchema.optional(),
  })
  .passthrough();

const sttSchema = z
  .object({
    /** The whole endpoint (…/v1/audio/transcriptions) in LibreChat; a base URL works too. */
    openai: z.object({ url: z.string().optional(), apiKey: z.string(), model: z.string() }).passthrough().optional(),
    azureOpenAI: z
      .object({ instanceName: z.string(), apiKey: z.string(), deploymentName: z.string(), apiVersion: z.string() })
      .passthrough()
      .optional(),
  })
  .passthrough();

/**
 * LibreChat types engineSTT/engineTTS as its provider names, yet its web app compares them with
 * `browser` and `external`; ours also has `local`. Any string is taken and sent on as written.
 */
const speechTabSchema = z
  .object({
    conversationMode: z.boolean().optional(),
    advancedMode: z.boolean().optional(),
    speechToText: z
      .union([
        z.boolean(),
        z
          .object({
            engineSTT: z.string().optional(),
            languageSTT: z.string().optional(),
            autoTranscribeAudio: z.boolean().optional(),
            decibelValue: z.number().optional(),
            autoSendText: z.number().optional(),
          })
          .passthrough(),
      ])
      .optional(),
    textToSpeech: z
      .union([
        z.boolean(),
        z
          .object({
            engineTTS: z.string().optional(),
            voice: z.string().optional(),
            languageTTS: z.string().optional(),
            automaticPlayback: z.boolean().optional(),
            playbackRate: z.number().min(0.25).max(4).optional(),
            cacheTTS: z.boolean().optional(),
          })
          .passthrough(),
      ])
      .optional(),
  })
  .passthrough();

export const speechConfigSchema = z
  .object({ tts: ttsSchema.optional(), stt: sttSchema.optional(), speechTab: speechTabSchema.optional() })
  .passthrough();
export type SpeechConfig = z.infer<typeof speechConfigSchema>;
