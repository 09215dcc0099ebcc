import {
  silentMp3Frame,
  startAzureSpeechFake,
  startElevenLabsFake,
  startLocalAiFake,
  type SpeechFake,
} from '@confab/testkit';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { Dialect } from '../src/db/database.js';
import { TestClient } from './http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * Speech (issue 24) through the vendors other than OpenAI, each a local fake that records what it
 * received: Azure OpenAI (speech and transcriptions), ElevenLabs and LocalAI, called as
 * LibreChat's TTSService and STTService call them. Also: a failing engine, and no engine at all.
 */

/** ASCII-safe audio, so the fake's byte count of the file is exact. */
const audio = Buffer.from('OggS0000webm'.repeat(50));
const mp3 = silentMp3Frame();

/** A server with this `speech:` section (none when undefined) and no local engine to fall back on. */
async function startSpeechServer(dialect: Dialect, speech: unknown) {
  const server = await startTestServer({
    dialect,
    env: { TITLE_CONVO: 'false', SPEECH_LOCAL_ENGINE: 'false' },
    config: speech === undefined ? {} : { speech },
  });
  const client = new TestClient(server.baseUrl);
  await client.register({ name: 'Speaker' });
  const send = (path: string, body: FormData | string) =>
    fetch(`${server.baseUrl}/api/files/speech${path}`, {
      method: 'POST',
      body,
      headers: {
        authorization: `Bearer ${client.token}`,
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      },
    });
  /** LibreChat's web app sends tts/manual as FormData. */
  const speakManually = (input: string, voice?: string) => {
    const form = new FormData();
    form.append('input', input);
    if (voice) form.append('voice', voice);
    return send('/tts/manual', form);
  };
  const transcribe = (type: string, language?: string) => {
    const form = new FormData();
    form.append('audio', new Blob([audio], { type }), `audio.${type.split('/')[1]}`);
    if (language) form.append('language', language);
    return send('/stt', form);
  };
  return { server, client, send, speakManually, transcribe };
}

type SpeechServer = Awaited<ReturnType<typeof startSpeechServer>>;

/** A 16 kHz mono 16-bit WAV of a 440 Hz tone. */
function sineWav(seconds: number): Buffer {
  const rate = 16_000;
  const samples = Math.round(rate * seconds);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return wav;
}

/** The status, type and how many of the fakes' MP3 frames the body is, exactly (-1 when it is anything else). */
async function audioOf(res: Response) {
  const bytes = Buffer.from(await res.arrayBuffer());
  const count = bytes.length / mp3.length;
  const frames = Number.isInteger(count) && bytes.equals(Buffer.concat(Array(count).fill(mp3))) ? count : -1;
  return { status: res.status, type: res.headers.get('content-type'), frames };
}

describeEachDialect('speech through Azure OpenAI', (dialect) => {
  let fake: SpeechFake;
  let api: SpeechServer;

  beforeAll(async () => {
    vi.stubEnv('AZURE_SPEECH_KEY', 'azure-secret');
    fake = await startAzureSpeechFake({ apiKey: 'azure-secret' });
    const azure = { instanceName: fake.url, apiKey: '${AZURE_SPEECH_KEY}', apiVersion: '2024-05-01-preview' };
    api = await startSpeechServer(dialect, {
      tts: { azureOpenAI: { ...azure, deploymentName: 'tts-deploy', model: 'tts-1-hd', voices: ['alloy', 'echo'] } },
      stt: { azureOpenAI: { ...azure, deploymentName: 'whisper-deploy' } },
    });
  });
  beforeEach(() => fake.reset());
  afterAll(async () => {
    vi.unstubAllEnvs();
    await api?.server.close();
    await fake?.close();
  });

  it('answers config/get with both engines external, and the configured voices', async () => {
    const config = await api.client.get('/api/files/speech/config/get');
    expect(config.json).toEqual({ sttExternal: true, ttsExternal: true, engineSTT: 'external', engineTTS: 'external' });
    expect((await api.client.get('/api/files/speech/tts/voices')).json).toEqual(['alloy', 'echo']);
  });

  it('speaks tts/manual through the speech deployment with the api-key header, api-version, model and voice', async () => {
    const res = await audioOf(await api.speakManually('Hello there.', 'echo'));
    expect(res).toEqual({ status: 200, type: 'audio/mpeg', frames: 1 });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({
      path: '/openai/deployments/tts-deploy/audio/speech',
      query: { 'api-version': '2024-05-01-preview' },
      headers: { 'api-key': 'azure-secret' },
      json: { model: 'tts-1-hd', input: 'Hello there.', voice: 'echo', response_format: 'mp3' },
    });
    expect(request?.headers.authorization).toBeUndefined();
  });

  it('streams tts sentence by sentence, an unlisted voice replaced by the first listed one', async () => {
    const res = await audioOf(
      await api.send(
        '/tts',
        JSON.stringify({ input: 'The first sentence is here. The second one is there.', voice: 'nova' }),
      ),
    );
    expect(res).toEqual({ status: 200, type: 'audio/mpeg', frames: 2 });
    expect(fake.requests.map((r) => [r.json?.input, r.json?.voice])).toEqual([
      ['The first sentence is here.', 'alloy'],
      ['The second one is there.', 'alloy'],
    ]);
  });

  it('transcribes through the whisper deployment: the file and ISO language, no model field', async () => {
    fake.transcript = '  bonjour tout le monde ';
    const res = await api.transcribe('audio/webm', 'fr-FR');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ text: 'bonjour tout le monde' });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      path: '/openai/deployments/whisper-deploy/audio/transcriptions',
      query: { 'api-version': '2024-05-01-preview' },
      headers: { 'api-key': 'azure-secret' },
      form: { filename: 'audio.webm', contentType: 'audio/webm', size: audio.length, language: 'fr' },
    });
    expect(fake.requests[0]?.form?.model).toBeUndefined();
  });

  it('answers 500 internal_error, not empty audio or an empty text, when Azure answers 500', async () => {
    fake.failWith = 500;
    const tts = await api.speakManually('Hello there.');
    expect(tts.status).toBe(500);
    expect(tts.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await tts.json()).toMatchObject({ code: 'internal_error' });
    const stt = await api.transcribe('audio/webm');
    expect(stt.status).toBe(500);
    expect(await stt.json()).toMatchObject({ code: 'internal_error' });
    expect(fake.requests).toHaveLength(2);
  });
});

describeEachDialect('speech through ElevenLabs', (dialect) => {
  let fake: SpeechFake;
  let api: SpeechServer;

  beforeAll(async () => {
    vi.stubEnv('ELEVENLABS_SPEECH_KEY', 'xi-secret');
    fake = await startElevenLabsFake({ apiKey: 'xi-secret' });
    api = await startSpeechServer(dialect, {
      tts: {
        elevenlabs: {
          url: fake.url,
          apiKey: '${ELEVENLABS_SPEECH_KEY}',
          model: 'eleven_multilingual_v2',
          voices: ['voice-a', 'voice-b'],
          voice_settings: { stability: 0.5, similarity_boost: 0.75 },
        },
      },
    });
  });
  beforeEach(() => fake.reset());
  afterAll(async () => {
    vi.unstubAllEnvs();
    await api?.server.close();
    await fake?.close();
  });

  it('answers config/get with an external TTS engine only, and the configured voices', async () => {
    expect((await api.client.get('/api/files/speech/config/get')).json).toEqual({
      ttsExternal: true,
      engineTTS: 'external',
    });
    expect((await api.client.get('/api/files/speech/tts/voices')).json).toEqual(['voice-a', 'voice-b']);
  });

  it("speaks tts/manual through the voice's streaming endpoint with xi-api-key, model_id and voice_settings", async () => {
    const res = await audioOf(await api.speakManually('Hello there.', 'voice-b'));
    expect(res).toEqual({ status: 200, type: 'audio/mpeg', frames: 1 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      path: '/v1/text-to-speech/voice-b/stream',
      headers: { 'xi-api-key': 'xi-secret', accept: 'audio/mpeg' },
      json: {
        text: 'Hello there.',
        model_id: 'eleven_multilingual_v2',
        voice_settings: { stability: 0.5, similarity_boost: 0.75 },
      },
    });
  });

  it('streams tts sentence by sentence in the default voice', async () => {
    const res = await audioOf(
      await api.send('/tts', JSON.stringify({ input: 'This is the first part. And this is the second part!' })),
    );
    expect(res).toEqual({ status: 200, type: 'audio/mpeg', frames: 2 });
    expect(fake.requests.map((r) => [r.path, r.json?.text])).toEqual([
      ['/v1/text-to-speech/voice-a/stream', 'This is the first part.'],
      ['/v1/text-to-speech/voice-a/stream', 'And this is the second part!'],
    ]);
  });

  it('answers 404 not_found for speech to text, which ElevenLabs does not provide here', async () => {
    const res = await api.transcribe('audio/webm');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });
});

describeEachDialect('speech through LocalAI', (dialect) => {
  let fake: SpeechFake;
  let api: SpeechServer;

  beforeAll(async () => {
    fake = await startLocalAiFake();
    api = await startSpeechServer(dialect, {
      tts: {
        localai: {
          url: `${fake.url}/tts`,
          apiKey: '',
          voices: ['en-us-amy-low.onnx', 'en-gb-alan-low.onnx'],
          backend: 'piper',
        },
      },
    });
  });
  beforeEach(() => fake.reset());
  afterAll(async () => {
    await api?.server.close();
    await fake?.close();
  });

  it('speaks tts/manual at LocalAI /tts: the voice as model, the backend, no key header when the key is empty', async () => {
    const res = await audioOf(await api.speakManually('Hello there.', 'en-gb-alan-low.onnx'));
    expect(res).toEqual({ status: 200, type: 'audio/mpeg', frames: 1 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      path: '/tts',
      json: { input: 'Hello there.', model: 'en-gb-alan-low.onnx', backend: 'piper' },
    });
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
    expect((await api.client.get('/api/files/speech/tts/voices')).json).toEqual([
      'en-us-amy-low.onnx',
      'en-gb-alan-low.onnx',
    ]);
  });

  it('re-encodes the WAV that LocalAI with Piper answers into the MP3 the route promises', async () => {
    fake.speech = { bytes: sineWav(0.5), contentType: 'audio/wav' };
    const res = await api.send('/tts', JSON.stringify({ input: 'Hello there.' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 4).toString('latin1')).not.toBe('RIFF');
    // An MP3 stream: an ID3 tag or an MPEG audio frame sync first.
    expect(body.subarray(0, 3).toString('latin1') === 'ID3' || (body[0] === 0xff && (body[1]! & 0xe0) === 0xe0)).toBe(
      true,
    );
    expect(body.length).toBeGreaterThan(1000);
  });

  it('answers 500 internal_error before any audio when LocalAI fails on the first sentence', async () => {
    fake.failWith = 500;
    const res = await api.send(
      '/tts',
      JSON.stringify({ input: 'The first sentence is here. The second one is there.' }),
    );
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'internal_error' });
    expect(fake.requests).toHaveLength(1);
  });
});

describeEachDialect('speech with no engine', (dialect) => {
  let api: SpeechServer;
  let server: TestServer;

  beforeAll(async () => {
    api = await startSpeechServer(dialect, undefined);
    server = api.server;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers config/get not_found and 404 not_found from every speech route', async () => {
    expect((await api.client.get('/api/files/speech/config/get')).json).toEqual({ message: 'not_found' });
    const answers = [
      await api.client.get('/api/files/speech/tts/voices'),
      await api.client.post('/api/files/speech/tts', { input: 'Hello.' }),
      await api.speakManually('Hello.').then(async (r) => ({ status: r.status, json: await r.json() })),
      await api.transcribe('audio/webm').then(async (r) => ({ status: r.status, json: await r.json() })),
    ];
    for (const answer of answers) expect(answer).toMatchObject({ status: 404, json: { code: 'not_found' } });
  });
});
