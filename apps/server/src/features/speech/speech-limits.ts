import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config-schema.js';
import type { Env } from '../../env.js';
import { AppError } from '../../platform/errors.js';
import type { LimiterFactory } from '../../platform/limiter.js';
import { recordViolation } from '../account/violations.js';

/** LibreChat's tts/stt limits per IP and per user; `rateLimits.tts|stt` in the YAML wins over TTS_* / STT_*. */
export function createSpeechLimit(kind: 'tts' | 'stt', limiter: LimiterFactory, env: Env, config: AppConfig) {
  const yaml = config.rateLimits?.[kind];
  const E =
    kind === 'tts'
      ? { ipMax: env.TTS_IP_MAX, ipWin: env.TTS_IP_WINDOW, userMax: env.TTS_USER_MAX, userWin: env.TTS_USER_WINDOW }
      : { ipMax: env.STT_IP_MAX, ipWin: env.STT_IP_WINDOW, userMax: env.STT_USER_MAX, userWin: env.STT_USER_WINDOW };
  const ip = { max: yaml?.ipMax ?? E.ipMax, windowInMinutes: yaml?.ipWindowInMinutes ?? E.ipWin };
  const user = { max: yaml?.userMax ?? E.userMax, windowInMinutes: yaml?.userWindowInMinutes ?? E.userWin };
  const seconds = (m: number) => Math.max(1, Math.round(m * 60));
  const perIp = limiter({ keyPrefix: `${kind}_ip`, points: ip.max, durationSeconds: seconds(ip.windowInMinutes) });
  const perUser = limiter({
    keyPrefix: `${kind}_user`,
    points: user.max,
    durationSeconds: seconds(user.windowInMinutes),
  });
  const type = `${kind}_limit` as const;

  return async function countSpeech(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const [ipWait, userWait] = await Promise.all([perIp.consume(request.ip), perUser.consume(request.user.id)]);
    const over = ipWait
      ? { wait: ipWait, limiter: 'ip', ...ip }
      : userWait
        ? { wait: userWait, limiter: 'user', ...user }
        : undefined;
    if (!over) return;
    reply.header('Retry-After', String(over.wait));
    await recordViolation(request.server.db, env, {
      userId: request.user.id,
      ip: request.ip,
      type,
      details: { limiter: over.limiter, max: over.max },
    }).catch((err: unknown) => request.log.error({ err }, 'could not record a violation'));
    throw new AppError(
      type,
      `Too many ${kind === 'tts' ? 'text-to-speech' : 'speech-to-text'} requests. Try again later.`,
      {
        type,
        max: over.max,
        limiter: over.limiter,
        windowInMinutes: over.windowInMinutes,
        retryAfter: over.wait,
      },
    );
  };
}
