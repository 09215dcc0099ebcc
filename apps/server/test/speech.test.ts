import { randomUUID } from 'node:crypto';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { dataService as service, failureOf, librechat, librechatAxios as axios } from './librechat-package.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/** Speech (issue 24) through an OpenAI-compatible fake: what it received, streaming, limits. */
const password = 'correct horse battery';
/** ASCII-safe "audio": the simulator reads bodies as text, so its byte count is exact. */
const audio = Buffer.from('RIFF0000WAVEfmt '.repeat(64));

describeEachDialect('speech routes with OpenAI engines', (dialect) => {
  let server: TestServer;
  let sim: OpenAISimulator;
  let token: string;

  const post = (path: string, body: RequestInit['body'], headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${token}`, ...headers },
    });

  beforeAll(async () => {
    sim = await startOpenAISimulator();
    server = await startTestServer({
      dialect,
      env: { SPEECH_KEY: 'sk-speech', TITLE_CONVO: 'false', TTS_USER_MAX: '6', STT_USER_MAX: '3' },
      config: {
        speech: {
          tts: { openai: { url: sim.url, apiKey: '${SPEECH_KEY}', model: 'tts-1', voices: ['alloy', 'nova'] } },
          stt: { openai: { url: sim.url, apiKey: '${SPEECH_KEY}', model: 'whisper-1' } },
          speechTab: {
            conversationMode: true,
            advancedMode: false,
            speechToText: { engineSTT: 'external' },
            textToSpeech: { playbackRate: 1.25 },
          },
        },
      },
    });
    axios.defaults.baseURL = server.baseUrl;
    const email = `speech-${randomUUID()}@example.com`;
    ({ token } = await service.register({ name: 'Speaker', email, password, confirm_password: password }));
    librechat.setTokenHeader(token);
  });
  beforeEach(() => sim.reset());
  afterAll(async () => {
    librechat.setTokenHeader(undefined);
    await server.close();
    await sim.close();
  });

  it("answers config/get and voices in LibreChat's shapes through its data service", async () => {
    expect(await service.getCustomConfigSpeech()).toEqual({
      conversationMode: true,
      advancedMode: false,
      engineSTT: 'external',
      playbackRate: 1.25,
      sttExternal: true,
      ttsExternal: true,
      engineTTS: 'external',
    });
    expect(await service.getVoices()).toEqual(['alloy', 'nova']);
  });

  it("speaks tts/manual (LibreChat's FormData) through the engine with the model, voice and format", async () => {
    const form = new FormData();
    form.append('input', 'Hello there.');
    form.append('voice', 'nova');
    const res = await post('/api/files/speech/tts/manual', form);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body[0]).toBe(0xff);
    expect(sim.audio.speech).toEqual([
      { model: 'tts-1', input: 'Hello there.', voice: 'nova', response_format: 'mp3' },
    ]);
  });

  it('streams a multi-sentence text: the first audio arrives before the last sentence is synthesised', async () => {
    sim.audio.speechDelayMs = 300;
    const sentences = ['The first sentence is here.', 'The second one follows it.', 'And the third closes the text.'];
    const started = Date.now();
    const res = await post('/api/files/speech/tts', JSON.stringify({ input: sentences.join(' ') }), {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    const firstAt = Date.now() - started;
    expect(first.value?.[0]).toBe(0xff);
    // Only the first sentence had been asked for when its audio came.
    expect(sim.audio.speech.length).toBeLessThan(sentences.length);
    let bytes = first.value!.length;
    for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.length;
    expect(Date.now() - started).toBeGreaterThan(firstAt + 400);
    expect(sim.audio.speech.map((r) => r.input)).toEqual(sentences);
    expect(sim.audio.speech.every((r) => r.voice === 'alloy')).toBe(true);
    expect(bytes).toBe(417 * sentences.length);
  });

  it('transcribes uploaded audio through the engine, and refuses empty audio and a missing caller', async () => {
    const form = new FormData();
    form.append('audio', new Blob([audio], { type: 'audio/wav' }), 'audio.wav');
    expect(await service.speechToText(form)).toEqual({ text: 'hello from the simulator' });
    expect(sim.audio.transcriptions).toEqual([
      { model: 'whisper-1', filename: 'audio.wav', contentType: 'audio/wav', size: audio.length },
    ]);

    const empty = new FormData();
    empty.append('audio', new Blob([], { type: 'audio/webm' }), 'audio.webm');
    expect((await post('/api/files/speech/stt', empty)).status).toBe(400);

    for (const [path, init] of [
      ['/api/files/speech/stt', { method: 'POST', body: form }],
      [
        '/api/files/speech/tts',
        { method: 'POST', body: '{"input":"Hi."}', headers: { 'content-type': 'application/json' } },
      ],
      ['/api/files/speech/tts/voices', {}],
      ['/api/files/speech/config/get', {}],
    ] as const) {
      expect((await fetch(`${server.baseUrl}${path}`, init as RequestInit)).status).toBe(401);
    }
  });

  it('answers 429 tts_limit and stt_limit past the per-user limits, and records the violations', async () => {
    let tts: { status: number; body: string } | undefined;
    for (let i = 0; i < 8 && tts?.status !== 429; i++) {
      const res = await post('/api/files/speech/tts', JSON.stringify({ input: 'Hi.' }), {
        'content-type': 'application/json',
      });
      tts = { status: res.status, body: await res.text() };
    }
    expect(tts!.status).toBe(429);
    expect(JSON.parse(tts!.body)).toMatchObject({ code: 'tts_limit' });
    let stt: { status: number; body?: unknown } | undefined;
    for (let i = 0; i < 5 && stt?.status !== 429; i++) {
      const form = new FormData();
      form.append('audio', new Blob([audio], { type: 'audio/webm' }), 'audio.webm');
      stt = await failureOf(service.speechToText(form));
    }
    expect(stt).toMatchObject({ status: 429, body: { code: 'stt_limit' } });
    const types = await server.app.db.kysely.selectFrom('violations').select('type').execute();
    expect(types.map((t) => t.type)).toEqual(expect.arrayContaining(['tts_limit', 'stt_limit']));
  });
});
