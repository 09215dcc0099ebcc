import { z } from 'zod';

/**
 * LibreChat's `speech:` section of librechat.yaml. Objects pass unknown fields through, so a
 * LibreChat file with fields this server does not read still loads.
 */
const voices = z.array(z.string()).min(1);

const ttsSchema = z
  .object({
    openai: z
      .object({ url: z.string().optional(), apiKey: z.string(), model: z.string(), voices })
      .passthrough()
      .optional(),
    azureOpenAI: z
      .object({
        instanceName: z.string(),
        apiKey: z.string(),
        deploymentName: z.string(),
        apiVersion: z.string(),
        model: z.string(),
        voices,
      })
      .passthrough()
      .optional(),
    elevenlabs: z
      .object({
        url: z.string().optional(),
        websocketUrl: z.string().optional(),
        apiKey: z.string(),
        model: z.string(),
        voices,
        voice_settings: z.record(z.string(), z.unknown()).optional(),
        pronunciation_dictionary_locators: z.array(z.string()).optional(),
      })
      .passthrough()
      .optional(),
    localai: z
      .object({ url: z.string(), apiKey: z.string().optional(), voices, backend: z.string().optional() })
      .passthrough()
      .optional(),
  })
  .passthrough();

const sttSchema = z
  .object({
    openai: z.object({ url: z.string().optional(), apiKey: z.string(), model: z.string() }).passthrough().optional(),
    azureOpenAI: z
      .object({ instanceName: z.string(), apiKey: z.string(), deploymentName: z.string(), apiVersion: z.string() })
      .passthrough()
      .optional(),
  })
  .passthrough();

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
            playbackRate: z.number().optional(),
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
