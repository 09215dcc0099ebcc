import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import {
  SPEECH_AUDIO_MAX_BYTES,
  SPEECH_ROUTES,
  SPEECH_TEXT_MAX,
  ttsRequestSchema,
  type TtsRequest,
} from '@confab/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import type { SpeechConfig } from '../../config/speech-config-schema.js';
import type { SttEngine, TtsEngine } from './speech-engines.js';
import { splitSentences } from './sentences.js';

type Count = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface SpeechRoutesOptions {
  tts: TtsEngine | undefined;
  stt: SttEngine | undefined;
  speech: SpeechConfig | undefined;
  countTts: Count;
  countStt: Count;
}

const noEngine = () => new AppError('not_found', 'No speech engine is configured');

/** LibreChat's custom speech config: the speechTab values flattened, with the engines' names. */
function customSpeechConfig(opts: SpeechRoutesOptions): Record<string, unknown> | undefined {
  const tab = opts.speech?.speechTab;
  if (!opts.tts && !opts.stt && !tab) return undefined;
  const out: Record<string, unknown> = {};
  if (tab?.conversationMode !== undefined) out.conversationMode = tab.conversationMode;
  if (tab?.advancedMode !== undefined) out.advancedMode = tab.advancedMode;
  for (const key of ['speechToText', 'textToSpeech'] as const) {
    const v = tab?.[key];
    if (typeof v === 'boolean') out[key] = v;
    else if (v) Object.assign(out, v);
  }
  if (opts.stt) out.sttExternal = true;
  if (opts.tts) out.ttsExternal = true;
  if (opts.stt && out.engineSTT === undefined) out.engineSTT = opts.stt.name === 'local' ? 'local' : 'external';
  if (opts.tts && out.engineTTS === undefined) out.engineTTS = opts.tts.name === 'local' ? 'local' : 'external';
  return out;
}

/** Fields of a multipart body (LibreChat's client sends tts/manual as FormData). */
async function fieldsOf(request: FastifyRequest): Promise<Record<string, string>> {
  if (!request.isMultipart()) return (request.body ?? {}) as Record<string, string>;
  const fields: Record<string, string> = {};
  for await (const part of request.parts({ limits: { fieldSize: SPEECH_TEXT_MAX * 4, files: 0 } })) {
    if (part.type === 'field' && typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  return fields;
}

/** Audio for each sentence in turn: the first goes out while the rest are still being made. */
async function* speakSentences(engine: TtsEngine, text: string, voice: string | undefined, signal: AbortSignal) {
  for (const sentence of splitSentences(text)) {
    if (signal.aborted) return;
    yield* engine.synthesize(sentence, { voice, signal });
  }
}

export async function speechRoutes(app: FastifyInstance, opts: SpeechRoutesOptions): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(fastifyMultipart);
  const auth = { preHandler: app.authenticate };

  app.get(SPEECH_ROUTES.config, auth, async () => customSpeechConfig(opts) ?? { message: 'not_found' });

  app.get(SPEECH_ROUTES.voices, auth, async () => {
    if (!opts.tts) throw noEngine();
    return opts.tts.voices();
  });

  const speak = async (request: FastifyRequest, reply: FastifyReply, body: TtsRequest, stream: boolean) => {
    if (!opts.tts) throw noEngine();
    let text = body.input;
    if (text === undefined && body.messageId) {
      const row = await app.db.kysely
        .selectFrom('messages')
        .select('text')
        .where('message_id', '=', body.messageId)
        .where('user_id', '=', request.user.id)
        .executeTakeFirst();
      if (!row) throw new AppError('not_found', 'Message not found');
      text = row.text.slice(0, SPEECH_TEXT_MAX);
    }
    if (!text?.trim()) throw new AppError('validation_error', 'Give the text to speak in "input".');
    await opts.countTts(request, reply);
    const abort = new AbortController();
    request.raw.on('close', () => abort.abort());
    const chunks = stream
      ? speakSentences(opts.tts, text, body.voice, abort.signal)
      : opts.tts.synthesize(text, { voice: body.voice, signal: abort.signal });
    // The first chunk before the headers: an engine that fails at once answers an error, not empty audio.
    const iterator = chunks[Symbol.asyncIterator]();
    const first = await iterator.next().catch((err: unknown) => {
      request.log.warn({ err }, 'speech synthesis failed');
      throw new AppError('internal_error', 'Speech synthesis failed');
    });
    async function* rest() {
      if (!first.done) yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    }
    return reply.type('audio/mpeg').header('Cache-Control', 'no-store').send(Readable.from(rest()));
  };

  app.post(SPEECH_ROUTES.tts, auth, async (request, reply) =>
    speak(request, reply, parseInput(ttsRequestSchema, request.body ?? {}), true),
  );

  app.post(SPEECH_ROUTES.ttsManual, auth, async (request, reply) =>
    speak(request, reply, parseInput(ttsRequestSchema, await fieldsOf(request)), false),
  );

  app.post(SPEECH_ROUTES.stt, auth, async (request, reply) => {
    if (!opts.stt) throw noEngine();
    if (!request.isMultipart()) throw new AppError('validation_error', 'Send the audio as multipart/form-data.');
    await opts.countStt(request, reply);
    let audio: Buffer | undefined;
    let mimeType = 'audio/webm';
    let language: string | undefined;
    for await (const part of request.parts({ limits: { fileSize: SPEECH_AUDIO_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        mimeType = part.mimetype || mimeType;
        audio = await part.toBuffer();
        if (part.file.truncated) throw new AppError('file_too_large', 'The audio is over 25 MB.');
      } else if (part.fieldname === 'language' && typeof part.value === 'string') language = part.value.slice(0, 35);
    }
    if (!audio || audio.length === 0) throw new AppError('validation_error', 'The audio was empty.');
    try {
      return { text: await opts.stt.transcribe(audio, { mimeType, language }) };
    } catch (err) {
      request.log.warn({ err }, 'speech transcription failed');
      throw new AppError(
        'internal_error',
        'An error occurred while processing the audio, maybe the audio was too short',
      );
    }
  });
}
