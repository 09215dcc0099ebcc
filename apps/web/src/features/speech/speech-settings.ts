import { z } from 'zod';
import { create } from 'zustand';
import { readStorage, writeStorage } from '../../lib/storage';

/** SPEC 5, Speech settings. */
export const SPEECH_RANGES = {
  playbackRate: { min: 0.1, max: 2, step: 0.1 },
  /** -1 disables auto-send; otherwise the seconds to wait after a transcript. */
  autoSendText: { min: -1, max: 60, step: 1 },
  decibelValue: { min: -100, max: -30, step: 1 },
} as const;

export const SPEECH_ENGINES = ['browser', 'external'] as const;
export type SpeechEngine = (typeof SPEECH_ENGINES)[number];

/** The fixed language lists of SPEC 5 ('' lets the browser or engine pick). */
export const SPEECH_LANGUAGES = [
  '',
  'en-US',
  'en-GB',
  'de-DE',
  'fr-FR',
  'es-ES',
  'it-IT',
  'pt-BR',
  'nl-NL',
  'pl-PL',
  'ru-RU',
  'tr-TR',
  'ja-JP',
  'ko-KR',
  'zh-CN',
  'ar-SA',
  'hi-IN',
] as const;

const clamp = (min: number, max: number, fallback: number) =>
  z
    .number()
    .finite()
    .transform((n) => Math.min(max, Math.max(min, n)))
    .catch(fallback);

/**
 * The Speech tab's settings (SPEC 3, Speech config) and their defaults (SPEC 3's preference
 * defaults; otherwise LibreChat's). Each is kept in localStorage under LibreChat's own name, and
 * a missing or malformed value reads as the default; numbers outside SPEC 5's ranges are clamped.
 */
const speechSettingsSchema = z.object({
  advancedMode: z.boolean().catch(false),
  conversationMode: z.boolean().catch(false),
  speechToText: z.boolean().catch(true),
  engineSTT: z.enum(SPEECH_ENGINES).catch('browser'),
  languageSTT: z.string().catch(''),
  autoTranscribeAudio: z.boolean().catch(false),
  decibelValue: clamp(SPEECH_RANGES.decibelValue.min, SPEECH_RANGES.decibelValue.max, -45),
  autoSendText: clamp(SPEECH_RANGES.autoSendText.min, SPEECH_RANGES.autoSendText.max, -1),
  textToSpeech: z.boolean().catch(true),
  engineTTS: z.enum(SPEECH_ENGINES).catch('browser'),
  voice: z.string().catch(''),
  cloudBrowserVoices: z.boolean().catch(false),
  languageTTS: z.string().catch(''),
  automaticPlayback: z.boolean().catch(false),
  playbackRate: clamp(SPEECH_RANGES.playbackRate.min, SPEECH_RANGES.playbackRate.max, 1),
  cacheTTS: z.boolean().catch(true),
});
export type SpeechSettings = z.infer<typeof speechSettingsSchema>;
export type SpeechSettingName = keyof SpeechSettings;

export const DEFAULT_SPEECH_SETTINGS: SpeechSettings = speechSettingsSchema.parse({});
const NAMES = Object.keys(speechSettingsSchema.shape) as SpeechSettingName[];

/** What GET /api/files/speech/config/get answers: LibreChat's flattened `speechTab`, or not_found. */
export type ServerSpeechConfig = Partial<Record<SpeechSettingName, unknown>> & {
  sttExternal?: boolean;
  ttsExternal?: boolean;
  message?: string;
};

/** The engine names the server offers (`openai`, `local`, ...); null where it offers none (SPEC 6). */
export function externalEngines(config: ServerSpeechConfig | null | undefined): {
  tts: string | null;
  stt: string | null;
} {
  if (!config || config.message === 'not_found') return { tts: null, stt: null };
  const name = (value: unknown, isOn: boolean | undefined) =>
    typeof value === 'string' && value && value !== 'browser' ? value : isOn ? 'external' : null;
  return { tts: name(config.engineTTS, config.ttsExternal), stt: name(config.engineSTT, config.sttExternal) };
}

/**
 * The settings with the server's `speechTab` values in place of the defaults the user never
 * changed (a stored value always wins), and 'external' engines only where the server has one.
 */
export function resolveSpeechSettings(
  stored: Partial<Record<SpeechSettingName, unknown>>,
  config: ServerSpeechConfig | null | undefined,
): SpeechSettings {
  const engines = externalEngines(config);
  const fromServer: Partial<Record<SpeechSettingName, unknown>> = {};
  if (engines.tts) fromServer.engineTTS = 'external';
  if (engines.stt) fromServer.engineSTT = 'external';
  if (config && config.message !== 'not_found') {
    for (const name of NAMES) {
      if (name === 'engineTTS' || name === 'engineSTT') continue;
      if (config[name] !== undefined) fromServer[name] = config[name];
    }
  }
  const merged: Record<string, unknown> = { ...fromServer };
  for (const name of NAMES) if (stored[name] !== undefined) merged[name] = stored[name];
  const settings = speechSettingsSchema.parse(merged);
  if (!engines.tts) settings.engineTTS = 'browser';
  if (!engines.stt) settings.engineSTT = 'browser';
  return settings;
}

function readStored(): Partial<Record<SpeechSettingName, unknown>> {
  return Object.fromEntries(NAMES.map((name) => [name, readStorage<unknown>(name, undefined)]));
}

let serverConfig: ServerSpeechConfig | null = null;

/** The settings in effect; `applyServerSpeechConfig` and `setSpeechSetting` change them. */
export const useSpeechSettings = create<SpeechSettings>(() => resolveSpeechSettings(readStored(), null));

/** Called once config/get answers: server defaults fill what the user never set. */
export function applyServerSpeechConfig(config: ServerSpeechConfig | null): void {
  // Every reply's button reports the same cached answer; only a new one changes anything.
  if (config === serverConfig && config !== null) return;
  serverConfig = config;
  useSpeechSettings.setState(resolveSpeechSettings(readStored(), config));
}

/**
 * Changes one setting, at once and for later loads (clamped to SPEC 5's ranges).
 *
 * @example setSpeechSetting('playbackRate', 1.5);
 */
export function setSpeechSetting<K extends SpeechSettingName>(name: K, value: SpeechSettings[K]): void {
  writeStorage(name, value);
  useSpeechSettings.setState(resolveSpeechSettings(readStored(), serverConfig));
}

/**
 * Conversation mode (SPEC 4) sets auto-send to 3 s, sensitivity -45 and auto-transcribe on; it
 * needs both directions, so turning it on turns speech to text and text to speech on too.
 */
export function setConversationMode(isOn: boolean): void {
  setSpeechSetting('conversationMode', isOn);
  if (!isOn) return;
  setSpeechSetting('autoSendText', 3);
  setSpeechSetting('decibelValue', -45);
  setSpeechSetting('autoTranscribeAudio', true);
  setSpeechSetting('speechToText', true);
  setSpeechSetting('textToSpeech', true);
}
