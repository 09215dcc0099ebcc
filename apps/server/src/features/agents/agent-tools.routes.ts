import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { parseInput } from '../../platform/parse.js';
import { pluginsFor } from '../tools/plugin-shape.js';
import type { ToolOutput } from '../tools/tool-types.js';
import {
  callExecuteCode,
  executeCodeAuth,
  EXECUTE_CODE,
  type ExecuteCodeDeps,
} from '../code-execution/code-execution.routes.js';
import { insertToolCall, listToolCalls } from './tool-calls.repo.js';

const toolParams = z.object({ toolId: z.string().min(1).max(200) });
const callsQuery = z.object({ conversationId: z.string().min(1).max(100) });
const callBody = z
  .object({
    messageId: z.string().min(1).max(100),
    conversationId: z.string().min(1).max(100),
    partIndex: z.number().int().nonnegative().optional(),
    blockIndex: z.number().int().nonnegative().optional(),
  })
  // The rest of the body is the tool's own arguments (LibreChat's `{ lang, code }` for execute_code).
  .catchall(z.unknown());

/** How long a tool run by hand may take before it is stopped. */
const CALL_TIMEOUT_MS = 60_000;

/** LibreChat's AuthType values for `GET /api/agents/tools/:toolId/auth`. */
const USER_PROVIDED = 'user_provided';
const SYSTEM_DEFINED = 'system_defined';

function outputText(output: ToolOutput): string {
  return output.parts
    .filter((p): p is { type: 'text'; text: string } => p.type === 'text')
    .map((p) => p.text)
    .join('\n');
}

/** The tools side of the agents API: the builder's tool list, tool auth, and tools run by hand. */
export async function agentToolsRoutes(
  app: FastifyInstance,
  opts: { executeCode: ExecuteCodeDeps },
): Promise<void> {
  const auth = { preHandler: app.authenticate };

  app.get('/api/agents/tools', auth, async (request) => pluginsFor(app.tools, request.user.id));

  app.get('/api/agents/tools/calls', auth, async (request) => {
    const { conversationId } = parseInput(callsQuery, request.query);
    return listToolCalls(app.db, request.user.id, conversationId);
  });

  app.get('/api/agents/tools/:toolId/auth', auth, async (request) => {
    const { toolId } = parseInput(toolParams, request.params);
    // The code tool is usable when its runner is (the sandbox, or the Code API and maybe a key).
    if (toolId === EXECUTE_CODE) return executeCodeAuth(opts.executeCode, request);
    const tool = await app.tools.get(request.user.id, toolId);
    if (!tool) throw new AppError('not_found', 'Tool not found');
    if (!tool.auth?.length) return { authenticated: true, message: SYSTEM_DEFINED };
    return { authenticated: await app.tools.isAuthenticated(request.user.id, tool), message: USER_PROVIDED };
  });

  /**
   * Runs a built-in tool by hand (LibreChat: the "run code" button of a code block), its result
   * kept with the message it belongs to. Only built-ins: an MCP or action tool runs in a chat.
   */
  app.post('/api/agents/tools/:toolId/call', auth, async (request, reply) => {
    const { toolId } = parseInput(toolParams, request.params);
    if (toolId === EXECUTE_CODE) return callExecuteCode(app, opts.executeCode, request, reply);
    const { messageId, conversationId, partIndex, blockIndex, ...args } = parseInput(callBody, request.body);
    const user = request.user;
    const tool = await app.tools.get(user.id, toolId);
    if (!tool || tool.kind !== 'builtin') throw new AppError('not_found', 'Tool not found');
    const message = await app.db.kysely
      .selectFrom('messages')
      .select('message_id')
      .where('message_id', '=', messageId)
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!message) throw new AppError('not_found', 'Message not found');
    const credentials = await app.tools.credentialsFor(user.id, tool);
    if (tool.auth?.length && !credentials) {
      throw new AppError('validation_error', 'This tool needs your credentials first', { authenticated: false });
    }

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('The tool took too long')), CALL_TIMEOUT_MS);
    // The response closing before it was written means the client went away: stop the tool.
    const onClose = () => {
      if (!reply.raw.writableEnded) controller.abort(new Error('The request was closed'));
    };
    reply.raw.once('close', onClose);
    let output: ToolOutput;
    try {
      output = await tool.run(
        { userId: user.id, conversationId, messageId, toolCallId: newId(), signal: controller.signal, log: request.log, credentials },
        args,
      );
    } catch (err) {
      request.log.warn({ err, tool: toolId }, 'tool call failed');
      output = { parts: [{ type: 'text', text: `Error processing tool ${toolId}: ${err instanceof Error ? err.message : String(err)}` }], isError: true };
    } finally {
      clearTimeout(timer);
      reply.raw.off('close', onClose);
    }
    const result = outputText(output);
    const attachments = output.parts.flatMap((p) => (p.type === 'file' ? [p.file] : []));
    await insertToolCall(app.db, {
      userId: user.id,
      conversationId,
      messageId,
      toolId,
      partIndex,
      blockIndex,
      result,
      attachments,
    });
    return { result, attachments };
  });
}
