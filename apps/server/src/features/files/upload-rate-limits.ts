import { FILE_ERROR_MESSAGES } from '@confab/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config-schema.js';
import type { Env } from '../../env.js';
import { AppError } from '../../platform/errors.js';
import type { LimiterFactory } from '../../platform/limiter.js';
import { recordViolation } from '../account/violations.js';

/**
 * LibreChat's file upload limits: per IP and per user, each request counted (refused ones too).
 * The YAML `rateLimits.fileUploads` section wins over the FILE_UPLOAD_* variables, as LibreChat
 * lets it. Shared through Redis when it is configured.
 */
export function createUploadRateLimits(limiter: LimiterFactory, env: Env, config: AppConfig) {
  const yaml = config.rateLimits?.fileUploads;
  const ip = { max: yaml?.ipMax ?? env.FILE_UPLOAD_IP_MAX, windowInMinutes: yaml?.ipWindowInMinutes ?? env.FILE_UPLOAD_IP_WINDOW };
  const user = { max: yaml?.userMax ?? env.FILE_UPLOAD_USER_MAX, windowInMinutes: yaml?.userWindowInMinutes ?? env.FILE_UPLOAD_USER_WINDOW };
  const perIp = limiter({ keyPrefix: 'file_upload_ip', points: ip.max, durationSeconds: Math.max(1, Math.round(ip.windowInMinutes * 60)) });
  const perUser = limiter({ keyPrefix: 'file_upload_user', points: user.max, durationSeconds: Math.max(1, Math.round(user.windowInMinutes * 60)) });

  /** Counts this upload; refuses it with 429 file_upload_limit (SPEC 8's violation) when over either limit. */
  return async function countUpload(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const [ipWait, userWait] = await Promise.all([perIp.consume(request.ip), perUser.consume(request.user.id)]);
    const over = ipWait ? { wait: ipWait, limiter: 'ip', ...ip } : userWait ? { wait: userWait, limiter: 'user', ...user } : undefined;
    if (!over) return;
    reply.header('Retry-After', String(over.wait));
    await recordViolation(request.server.db, env, {
      userId: request.user.id,
      ip: request.ip,
      type: 'file_upload_limit',
      details: { limiter: over.limiter, max: over.max },
    }).catch((err: unknown) => request.log.error({ err }, 'could not record a violation'));
    throw new AppError('file_upload_limit', FILE_ERROR_MESSAGES.uploadRateLimited, {
      type: 'file_upload_limit',
      max: over.max,
      limiter: over.limiter,
      windowInMinutes: over.windowInMinutes,
      retryAfter: over.wait,
    });
  };
}
export type CountUpload = ReturnType<typeof createUploadRateLimits>;
