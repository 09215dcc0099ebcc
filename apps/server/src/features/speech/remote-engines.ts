import type { SpeechConfig } from './speech-config.js';
import type { SttEngine, TtsEngine } from './speech-engines.js';

type Tts = NonNullable<SpeechConfig['tts']>;
type Stt = NonNullable<SpeechConfig['stt']>;

async function* whole(response: Response): AsyncIterable<Uint8Array> {
  if (!response.body) return;
  for await (const chunk of response.body) yield chunk as Uint8Array;
}

/** Where an OpenAI-protocol audio call goes, and with which key header. */
interface OpenAiTarget {
  url(path: 'speech' | 'transcriptions'): string;
  headers: Record<string, string>;
}

function openAiTarget(baseURL: string | undefined, apiKey: string): OpenAiTarget {
  const base = (baseURL ?? 'https://api.openai.com/v1').replace(/\/$/, '');
  return { url: (path) => `${base}/audio/${path}`, headers: { authorization: `Bearer ${apiKey}` } };
}

function azureTarget(c: {
  instanceName: string;
  apiKey: string;
  deploymentName: string;
  apiVersion: string;
}): OpenAiTarget {
  const endpoint = /^https?:\/\//.test(c.instanceName)
    ? c.instanceName.replace(/\/$/, '')
    : `https://${c.instanceName}.openai.azure.com`;
  return {
    url: (path) =>
      `${endpoint}/openai/deployments/${encodeURIComponent(c.deploymentName)}/audio/${path}?api-version=${encodeURIComponent(c.apiVersion)}`,
    headers: { 'api-key': c.apiKey },
  };
}

async function ensureOk(response: Response, who: string): Promise<Response> {
  if (!response.ok) throw new Error(`${who} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return response;
}

function openAiTts(name: string, target: OpenAiTarget, model: string, voices: string[]): TtsEngine {
  return {
    name,
    voices: async () => voices,
    async *synthesize(text, { voice, speed, signal }) {
      const body = {
        model,
        input: text,
        voice: voice && voices.includes(voice) ? voice : (voices[0] ?? ''),
        response_format: 'mp3',
        ...(speed ? { speed } : {}),
      };
      const response = await fetch(target.url('speech'), {
        method: 'POST',
        headers: { ...target.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: signal ?? null,
      });
      yield* whole(await ensureOk(response, name));
    },
  };
}

/** The first TTS provider config.yaml names, in LibreChat's order of the section's keys. */
export function createRemoteTts(tts: Tts | undefined): TtsEngine | undefined {
  if (!tts) return undefined;
  for (const key of Object.keys(tts)) {
    if (key === 'openai' && tts.openai) {
      const c = tts.openai;
      return openAiTts('openai', openAiTarget(c.url, c.apiKey), c.model, c.voices);
    }
    if (key === 'azureOpenAI' && tts.azureOpenAI) {
      const c = tts.azureOpenAI;
      return openAiTts('azureOpenAI', azureTarget(c), c.model, c.voices);
    }
    if (key === 'localai' && tts.localai) {
      const c = tts.localai;
      // LocalAI speaks OpenAI's protocol; its backend names the model that speaks.
      const base = c.url.replace(/\/(tts|v1\/audio\/speech)\/?$/, '').replace(/\/$/, '');
      return openAiTts(
        'localai',
        openAiTarget(base.endsWith('/v1') ? base : `${base}/v1`, c.apiKey ?? 'localai'),
        c.backend ?? 'tts-1',
        c.voices,
      );
    }
    if (key === 'elevenlabs' && tts.elevenlabs) return elevenLabs(tts.elevenlabs);
  }
  return undefined;
}

function elevenLabs(c: NonNullable<Tts['elevenlabs']>): TtsEngine {
  const base = (c.url ?? 'https://api.elevenlabs.io').replace(/\/$/, '');
  return {
    name: 'elevenlabs',
    voices: async () => c.voices,
    async *synthesize(text, { voice, signal }) {
      const id = voice && c.voices.includes(voice) ? voice : (c.voices[0] ?? '');
      const response = await fetch(
        `${base}/v1/text-to-speech/${encodeURIComponent(id)}/stream?output_format=mp3_44100_128`,
        {
          method: 'POST',
          headers: { 'xi-api-key': c.apiKey, 'content-type': 'application/json', accept: 'audio/mpeg' },
          body: JSON.stringify({
            text,
            model_id: c.model,
            ...(c.voice_settings ? { voice_settings: c.voice_settings } : {}),
            ...(c.pronunciation_dictionary_locators
              ? { pronunciation_dictionary_locators: c.pronunciation_dictionary_locators }
              : {}),
          }),
          signal: signal ?? null,
        },
      );
      if (!response.ok) throw new Error(`ElevenLabs answered ${response.status}`);
      yield* whole(response);
    },
  };
}

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/mp4': 'mp4',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/flac': 'flac',
};

function openAiStt(name: string, target: OpenAiTarget, model: string): SttEngine {
  return {
    name,
    async transcribe(audio, { mimeType, language, signal }) {
      const type = (mimeType.split(';')[0] ?? '').trim();
      const form = new FormData();
      form.append('file', new Blob([audio], { type }), `audio.${EXTENSIONS[type] ?? 'webm'}`);
      form.append('model', model);
      if (language) form.append('language', language.split('-')[0] ?? language);
      const response = await ensureOk(
        await fetch(target.url('transcriptions'), {
          method: 'POST',
          headers: target.headers,
          body: form,
          signal: signal ?? null,
        }),
        name,
      );
      const result = (await response.json()) as { text?: unknown };
      return typeof result.text === 'string' ? result.text : '';
    },
  };
}

export function createRemoteStt(stt: Stt | undefined): SttEngine | undefined {
  if (!stt) return undefined;
  for (const key of Object.keys(stt)) {
    if (key === 'openai' && stt.openai) {
      const c = stt.openai;
      return openAiStt('openai', openAiTarget(c.url, c.apiKey), c.model);
    }
    if (key === 'azureOpenAI' && stt.azureOpenAI)
      return openAiStt('azureOpenAI', azureTarget(stt.azureOpenAI), 'whisper-1');
  }
  return undefined;
}
