import { CODE_LANGUAGES, TIMING } from '@confab/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { insertToolCall } from '../agents/tool-calls.repo.js';
import { getRole } from '../roles/roles.repo.js';
import { CodeRunError } from './code-runner.js';
import type { CodeExecution } from './code-execution.service.js';
import { RunPacer } from './run-pacer.js';

/** LibreChat's Tools.execute_code: the one tool a code block's Run button calls. */
export const EXECUTE_CODE = 'execute_code';

/** Longest code one press runs (a reply's code block is far shorter). */
const MAX_CODE_CHARS = 100_000;

/** LibreChat's toolParams for execute_code (librechat-data-provider's ToolParams<'execute_code'>). */
const callBody = z.object({
  messageId: z.string().min(1).max(100),
  conversationId: z.string().min(1).max(100),
  partIndex: z.number().int().nonnegative().max(10_000).optional(),
  blockIndex: z.number().int().nonnegative().max(10_000).optional(),
  lang: z.enum(CODE_LANGUAGES),
  code: z.string().min(1).max(MAX_CODE_CHARS),
});

const RUN_FAILURES = {
  unavailable: 'code_run_unavailable',
  key_required: 'code_key_required',
  failed: 'code_run_failed',
} as const;

export interface ExecuteCodeDeps {
  codeExecution: CodeExecution;
  /** One run per user per TIMING.runCodeThrottleMs (SPEC 9 run-code throttle). */
  pacer: RunPacer;
}

/** Runs queued past this many turns are refused: a double click waits, a flood does not pile up. */
const MAX_QUEUED_TURNS = 3;

export function createRunCodePacer(): RunPacer {
  return new RunPacer(TIMING.runCodeThrottleMs, MAX_QUEUED_TURNS * TIMING.runCodeThrottleMs);
}

/** `GET /api/agents/tools/execute_code/auth`: LibreChat's verifyToolAuth for the code tool. */
export function executeCodeAuth(deps: ExecuteCodeDeps, request: FastifyRequest) {
  return deps.codeExecution.authOf(request.user.id);
}

/**
 * `POST /api/agents/tools/execute_code/call`, LibreChat's callTool for a code block's Run button:
 * the caller's own message, RUN_CODE USE, one run a second; the answer `{result, attachments}` is
 * kept with the message and code block (tool_calls) so it shows again after a reload. A refusal
 * runs and stores nothing.
 */
export async function callExecuteCode(
  app: FastifyInstance,
  deps: ExecuteCodeDeps,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const body = parseInput(callBody, request.body);
  const user = request.user;
  const message = await app.db.kysely
    .selectFrom('messages')
    .select('message_id')
    .where('message_id', '=', body.messageId)
    .where('conversation_id', '=', body.conversationId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!message) throw new AppError('not_found', 'Message not found');
  const role = await getRole(app.db, user.role);
  if (role?.permissions.RUN_CODE?.USE === false) {
    throw new AppError('forbidden', 'Forbidden: Insufficient permissions for run code');
  }
  // The page closing before the answer stops the run (the sandbox kills all of it).
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableEnded) controller.abort(new Error('The request was closed'));
  };
  reply.raw.once('close', onClose);
  try {
    if (!(await deps.pacer.takeTurn(user.id, controller.signal))) {
      throw new AppError('run_code_limit', 'Too many code runs at once; wait a moment and run it again.', {
        retryAfter: Math.ceil((MAX_QUEUED_TURNS * TIMING.runCodeThrottleMs) / 1000),
      });
    }
    if (controller.signal.aborted) throw new AppError('request_timeout', 'The request was closed');
    const output = await deps.codeExecution.run({
      userId: user.id,
      conversationId: body.conversationId,
      messageId: body.messageId,
      lang: body.lang,
      code: body.code,
      signal: controller.signal,
    });
    await insertToolCall(app.db, {
      userId: user.id,
      conversationId: body.conversationId,
      messageId: body.messageId,
      toolId: EXECUTE_CODE,
      partIndex: body.partIndex,
      blockIndex: body.blockIndex,
      result: output.result,
      attachments: output.attachments,
    });
    return {
      result: output.result,
      attachments: output.attachments,
      exitCode: output.run.exitCode,
      ...(output.run.killedBy ? { killedBy: output.run.killedBy } : {}),
    };
  } catch (err) {
    if (err instanceof CodeRunError) {
      request.log.warn({ err: err.message, kind: err.kind }, 'code run refused');
      throw new AppError(
        RUN_FAILURES[err.kind],
        err.message,
        err.kind === 'key_required' ? { authenticated: false } : {},
      );
    }
    throw err;
  } finally {
    reply.raw.off('close', onClose);
  }
}
