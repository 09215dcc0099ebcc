import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { newId, nowIso } from '../../platform/ids.js';
import { parseInput } from '../../platform/parse.js';
import { getRole } from '../roles/roles.repo.js';
import { pluginsFor } from '../tools/plugin-shape.js';
import type { ToolOutput } from '../tools/tool-types.js';

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
export async function agentToolsRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };

  app.get('/api/agents/tools', auth, async (request) => pluginsFor(app.tools, request.user.id));

  app.get('/api/agents/tools/calls', auth, async (request) => {
    const { conversationId } = parseInput(callsQuery, request.query);
    const rows = await app.db.kysely
      .selectFrom('tool_calls')
      .selectAll()
      .where('user_id', '=', request.user.id)
      .where('conversation_id', '=', conversationId)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({
      user: row.user_id,
      toolId: row.tool_id,
      messageId: row.message_id,
      conversationId: row.conversation_id,
      ...(row.part_index !== null ? { partIndex: row.part_index } : {}),
      ...(row.block_index !== null ? { blockIndex: row.block_index } : {}),
      result: row.result === null ? undefined : (JSON.parse(row.result) as unknown),
      attachments: row.attachments === null ? [] : (JSON.parse(row.attachments) as unknown[]),
    }));
  });

  app.get('/api/agents/tools/:toolId/auth', auth, async (request) => {
    const { toolId } = parseInput(toolParams, request.params);
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
    if (toolId === 'execute_code') {
      const role = await getRole(app.db, user.role);
      if (role?.permissions.RUN_CODE?.USE === false) throw new AppError('forbidden', 'Forbidden: Insufficient permissions for run code');
    }
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
    await app.db.kysely
      .insertInto('tool_calls')
      .values({
        id: newId(),
        user_id: user.id,
        conversation_id: conversationId,
        message_id: messageId,
        tool_id: toolId,
        part_index: partIndex ?? null,
        block_index: blockIndex ?? null,
        result: JSON.stringify(result),
        attachments: JSON.stringify(attachments),
        created_at: nowIso(),
      })
      .execute();
    return { result, attachments };
  });
}
