import type { SpeechConfig } from '../../config/speech-config-schema.js';
import type { SttEngine, TtsEngine } from './speech-engines.js';

/**
 * The engines config.yaml's `speech:` section names, calling each vendor as LibreChat's
 * TTSService and STTService do: the same URLs, key headers and bodies.
 */
type Tts = NonNullable<SpeechConfig['tts']>;
type Stt = NonNullable<SpeechConfig['stt']>;
type AzureConfig = { instanceName: string; apiKey: string; deploymentName: string; apiVersion: string };

/** A configured `url` is the whole endpoint in LibreChat; a base URL such as …/v1 is completed. */
function openAiAudioUrl(url: string | undefined, path: 'speech' | 'transcriptions'): string {
  const base = (url ?? 'https://api.openai.com/v1').replace(/\/$/, '');
  return base.endsWith(`/audio/${path}`) ? base : `${base}/audio/${path}`;
}

/** LibreChat's genAzureEndpoint (a resource name or a host ending in .azure.com), plus a whole origin for proxies. */
function azureAudioUrl(c: AzureConfig, path: 'speech' | 'transcriptions'): string {
  const origin = /^https?:\/\//.test(c.instanceName)
    ? c.instanceName.replace(/\/$/, '')
    : c.instanceName.includes('.azure.com')
      ? `https://${c.instanceName}`
      : `https://${c.instanceName}.openai.azure.com`;
  const deployment = encodeURIComponent(c.deploymentName);
  return `${origin}/openai/deployments/${deployment}/audio/${path}?api-version=${encodeURIComponent(c.apiVersion)}`;
}

/** A key header only when there is a key: LibreChat leaves it out for keyless LocalAI and proxies. */
const bearer = (apiKey: string | undefined): Record<string, string> =>
  apiKey ? { authorization: `Bearer ${apiKey}` } : {};
const azureKey = (apiKey: string): Record<string, string> => (apiKey ? { 'api-key': apiKey } : {});

/**
 * The requested voice when config.yaml lists it (or lists `ALL`), else the first listed one.
 * LibreChat picks a random listed voice instead; the first keeps a user's audio predictable.
 */
export function pickVoice(voices: string[], requested: string | undefined): string | undefined {
  const listed = voices.filter((v) => v.toUpperCase() !== 'ALL');
  if (requested && (listed.includes(requested) || listed.length < voices.length)) return requested;
  return listed[0];
}

async function* postForAudio(
  name: string,
  url: string,
  headers: Record<string, string>,
  body: Record<string, unknown>,
  signal: AbortSignal | undefined,
): AsyncIterable<Uint8Array> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: signal ?? null,
  });
  await ensureOk(response, name);
  if (!response.body) return;
  for await (const chunk of response.body) yield chunk as Uint8Array;
}

async function ensureOk(response: Response, name: string): Promise<void> {
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
}

/** OpenAI's speech body, which Azure OpenAI takes too; mp3 asked for, as the routes answer audio/mpeg. */
function openAiProtocolTts(
  name: string,
  url: string,
  headers: Record<string, string>,
  model: string,
  voices: string[],
) {
  const engine: TtsEngine = {
    name,
    voices: async () => voices,
    synthesize: (input, { voice, speed, signal }) =>
      postForAudio(
        name,
        url,
        headers,
        { model, input, voice: pickVoice(voices, voice), response_format: 'mp3', ...(speed ? { speed } : {}) },
        signal,
      ),
  };
  return engine;
}

function elevenLabsTts(c: NonNullable<Tts['elevenlabs']>): TtsEngine {
  // LibreChat always asks for the streaming endpoint and sends `url` unchanged when it is set.
  const urlFor = (voice: string) =>
    c.url?.includes('/text-to-speech/')
      ? c.url
      : `${(c.url ?? 'https://api.elevenlabs.io').replace(/\/$/, '')}/v1/text-to-speech/${encodeURIComponent(voice)}/stream`;
  return {
    name: 'elevenlabs',
    voices: async () => c.voices,
    synthesize(text, { voice, signal }) {
      const body = {
        text,
        model_id: c.model,
        ...(c.voice_settings && Object.keys(c.voice_settings).length ? { voice_settings: c.voice_settings } : {}),
        ...(c.pronunciation_dictionary_locators
          ? { pronunciation_dictionary_locators: c.pronunciation_dictionary_locators }
          : {}),
      };
      const headers = { 'xi-api-key': c.apiKey, accept: 'audio/mpeg' };
      return postForAudio('elevenlabs', urlFor(pickVoice(c.voices, voice) ?? ''), headers, body, signal);
    },
  };
}

/** LocalAI's own TTS endpoint: the voice is sent as `model`, beside the `backend` that speaks it. */
function localAiTts(c: NonNullable<Tts['localai']>): TtsEngine {
  return {
    name: 'localai',
    voices: async () => c.voices,
    synthesize: (input, { voice, signal }) =>
      postForAudio(
        'localai',
        c.url,
        bearer(c.apiKey),
        { input, model: pickVoice(c.voices, voice), backend: c.backend },
        signal,
      ),
  };
}

/** The first TTS provider config.yaml names (LibreChat refuses more than one; we take the first). */
export function createRemoteTts(tts: Tts | undefined): TtsEngine | undefined {
  if (!tts) return undefined;
  for (const key of Object.keys(tts)) {
    if (key === 'openai' && tts.openai) {
      const c = tts.openai;
      return openAiProtocolTts('openai', openAiAudioUrl(c.url, 'speech'), bearer(c.apiKey), c.model, c.voices);
    }
    if (key === 'azureOpenAI' && tts.azureOpenAI) {
      const c = tts.azureOpenAI;
      return openAiProtocolTts('azureOpenAI', azureAudioUrl(c, 'speech'), azureKey(c.apiKey), c.model, c.voices);
    }
    if (key === 'elevenlabs' && tts.elevenlabs) return elevenLabsTts(tts.elevenlabs);
    if (key === 'localai' && tts.localai) return localAiTts(tts.localai);
  }
  return undefined;
}

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/flac': 'flac',
};

/**
 * OpenAI's transcription form: the file named by its type (the vendors infer the format from the
 * name), `model` when the provider takes one (Azure's deployment is the model), the language as
 * ISO 639-1.
 */
function transcriptionStt(name: string, url: string, headers: Record<string, string>, model?: string): SttEngine {
  return {
    name,
    async transcribe(audio, { mimeType, language, signal }) {
      const type = (mimeType.split(';')[0] ?? '').trim();
      const form = new FormData();
      form.append('file', new Blob([audio], { type }), `audio.${EXTENSIONS[type] ?? 'webm'}`);
      if (model) form.append('model', model);
      if (language) form.append('language', language.split('-')[0] ?? language);
      const response = await fetch(url, { method: 'POST', headers, body: form, signal: signal ?? null });
      await ensureOk(response, name);
      const result = (await response.json()) as { text?: unknown };
      if (typeof result.text !== 'string') throw new Error(`${name} answered no text`);
      return result.text.trim();
    },
  };
}

export function createRemoteStt(stt: Stt | undefined): SttEngine | undefined {
  if (!stt) return undefined;
  for (const key of Object.keys(stt)) {
    if (key === 'openai' && stt.openai) {
      const c = stt.openai;
      return transcriptionStt('openai', openAiAudioUrl(c.url, 'transcriptions'), bearer(c.apiKey), c.model);
    }
    if (key === 'azureOpenAI' && stt.azureOpenAI) {
      const c = stt.azureOpenAI;
      return transcriptionStt('azureOpenAI', azureAudioUrl(c, 'transcriptions'), azureKey(c.apiKey));
    }
  }
  return undefined;
}
