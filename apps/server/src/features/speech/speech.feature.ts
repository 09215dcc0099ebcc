import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/config-schema.js';
import type { Env } from '../../env.js';
import type { LimiterFactory } from '../../platform/limiter.js';
import { createLocalStt, createLocalTts, findFfmpeg } from './local/local-engine.js';
import { withMp3Output } from './mp3-output.js';
import { createRemoteStt, createRemoteTts } from './remote-engines.js';
import { createSpeechLimit } from './speech-limits.js';
import { speechRoutes } from './speech.routes.js';

/** Speech (issue 24): the first engine config.yaml names, else the local one unless SPEECH_LOCAL_ENGINE=false. */
export async function registerSpeech(
  app: FastifyInstance,
  deps: { env: Env; config: AppConfig; limiter: LimiterFactory },
) {
  const { env, config, limiter } = deps;
  const isLocalAllowed = env.SPEECH_LOCAL_ENGINE !== false;
  const remoteTts = createRemoteTts(config.speech?.tts);
  await app.register(speechRoutes, {
    tts: remoteTts ? withMp3Output(remoteTts, findFfmpeg()) : isLocalAllowed ? createLocalTts() : undefined,
    stt: createRemoteStt(config.speech?.stt) ?? (isLocalAllowed ? createLocalStt() : undefined),
    speech: config.speech,
    countTts: createSpeechLimit('tts', limiter, env, config),
    countStt: createSpeechLimit('stt', limiter, env, config),
  });
}
