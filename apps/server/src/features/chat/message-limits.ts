import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Env } from '../../env.js';
import { createSlotLimiter, type Slot } from '../../platform/concurrency.js';
import { AppError } from '../../platform/errors.js';
import type { LimiterFactory } from '../../platform/limiter.js';
import { recordViolation, type Violation } from '../account/violations.js';

/**
 * LibreChat's message limits on every chat send (LIMIT_CONCURRENT_MESSAGES, LIMIT_MESSAGE_IP,
 * LIMIT_MESSAGE_USER and their numbers), shared across instances through Redis when it is set.
 * A refused send answers 429 with SPEC 8's `concurrent` or `message_limit` error, its `text` the
 * JSON LibreChat's clients read (`{"type":"concurrent","limit":2}`), and counts as a violation.
 */
export interface MessageLimits {
  /** The preHandler of every send route, after authentication: counts it, then takes a slot. */
  countSend(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Hands the send's slot to its generation job, given back when the job ends (reply, error,
   * abort or shutdown), not when the response does: a job outlives its request.
   */
  holdUntilDone(request: FastifyRequest, job: { done: Promise<void> }): void;
  /** Gives back the slot of a send that started no job (refused after it was counted). */
  releaseUnheld(request: FastifyRequest): Promise<void>;
}

const windowSeconds = (minutes: number) => Math.max(1, Math.round(minutes * 60));

export function createMessageLimits(env: Env, limiter: LimiterFactory, redis: Redis | undefined): MessageLimits {
  const concurrent = env.LIMIT_CONCURRENT_MESSAGES
    ? { max: env.CONCURRENT_MESSAGE_MAX, slots: createSlotLimiter(redis, { keyPrefix: 'confab:message_slots' }) }
    : undefined;
  const windows = [
    env.LIMIT_MESSAGE_IP && {
      limiter: 'ip' as const,
      max: env.MESSAGE_IP_MAX,
      windowInMinutes: env.MESSAGE_IP_WINDOW,
      count: limiter({ keyPrefix: 'message_ip', points: env.MESSAGE_IP_MAX, durationSeconds: windowSeconds(env.MESSAGE_IP_WINDOW) }),
      keyOf: (request: FastifyRequest) => request.ip,
    },
    env.LIMIT_MESSAGE_USER && {
      limiter: 'user' as const,
      max: env.MESSAGE_USER_MAX,
      windowInMinutes: env.MESSAGE_USER_WINDOW,
      count: limiter({
        keyPrefix: 'message_user',
        points: env.MESSAGE_USER_MAX,
        durationSeconds: windowSeconds(env.MESSAGE_USER_WINDOW),
      }),
      keyOf: (request: FastifyRequest) => request.user.id,
    },
  ].filter((w) => !!w);
  /** Slots taken by sends whose job has not taken them over yet. */
  const pending = new WeakMap<FastifyRequest, Slot>();

  async function refuse(request: FastifyRequest, violation: Omit<Violation, 'userId' | 'ip'>, error: AppError): Promise<never> {
    await recordViolation(request.server.db, env, { ...violation, userId: request.user.id, ip: request.ip }).catch(
      (err: unknown) => request.log.error({ err }, 'could not record a violation'),
    );
    throw error;
  }

  return {
    async countSend(request) {
      // LibreChat's order: the concurrent limit first; a send it refuses is not counted in a window.
      let slot: Slot | undefined;
      if (concurrent) {
        slot = await concurrent.slots.acquire(request.user.id, concurrent.max);
        if (!slot) {
          const { max: limit } = concurrent;
          const body = { type: 'concurrent', limit };
          await refuse(
            request,
            { type: 'concurrent', details: body },
            new AppError(
              'concurrent',
              `Only ${limit} message${limit > 1 ? 's' : ''} at a time. Please allow any other responses to complete before sending another message, or wait one minute.`,
              { ...body, text: JSON.stringify(body) },
            ),
          );
        }
      }
      try {
        const waits = await Promise.all(windows.map((w) => w.count.consume(w.keyOf(request))));
        const index = waits.findIndex((wait) => wait > 0);
        const over = windows[index];
        if (over) {
          const { limiter: which, max, windowInMinutes } = over;
          const body = { type: 'message_limit', max, limiter: which, windowInMinutes };
          const per = windowInMinutes === 1 ? 'minute' : `${windowInMinutes} minutes`;
          await refuse(
            request,
            { type: 'message_limit', details: body },
            new AppError('message_limit', `You hit the message limit. You have a cap of ${max} message${max > 1 ? 's' : ''} per ${per}.`, {
              ...body,
              text: JSON.stringify(body),
              retryAfter: waits[index],
            }),
          );
        }
      } catch (err) {
        await slot?.release();
        throw err;
      }
      if (slot) pending.set(request, slot);
    },

    holdUntilDone(request, job) {
      const slot = pending.get(request);
      if (!slot) return;
      pending.delete(request);
      void job.done.finally(() => slot.release());
    },

    async releaseUnheld(request) {
      const slot = pending.get(request);
      pending.delete(request);
      await slot?.release();
    },
  };
}
