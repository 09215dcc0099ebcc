import { NO_PARENT } from '@confab/shared';
import type { OpenAISimulator, ScriptedToolCall } from '@confab/testkit';
import { toolResultsOf } from '@confab/testkit';
import { expect } from 'vitest';
import { seedAgent } from './agent-seed.js';
import type { TestClient } from './http-client.js';
import { finalFrame, readSse } from './sse-client.js';
import type { TestServer } from './test-server.js';

/** An agent of the user's on the openAI endpoint with these tools (the meme tests' model is the OpenAI simulator). */
export async function insertToolAgent(server: TestServer, author: string, tools: string[]): Promise<string> {
  return seedAgent(server.db.kysely, author, {
    name: 'Memer',
    instructions: 'You make memes.',
    tools: JSON.stringify(tools),
  });
}

/** A tool call as the reply stores it (features/chat/reply-content.ts). */
export interface StoredToolCall {
  id: string;
  name: string;
  args: string;
  output: string;
  progress: number;
}

/**
 * A chat with `agentId` whose scripted model makes `calls` (one step each), then answers: the
 * stored tool calls of the reply, what the model was fed back for each, and where the reply is.
 */
export async function chatWithToolCalls(
  harness: { server: TestServer; client: TestClient; openai: OpenAISimulator; agentId: string },
  calls: ScriptedToolCall[],
) {
  const { server, client, openai, agentId } = harness;
  openai.enqueue(...calls.map((call) => ({ toolCalls: [call] })), { text: 'Done.' });
  const { status, frames } = await readSse(`${server.baseUrl}/api/agents/chat/agents`, {
    token: client.token,
    body: {
      text: 'Make a meme',
      endpoint: 'agents',
      agent_id: agentId,
      parentMessageId: NO_PARENT,
      conversationId: null,
    },
  });
  expect(status).toBe(200);
  const final = finalFrame(frames)?.data;
  const content = final.responseMessage.content as { type: string; tool_call?: StoredToolCall }[];
  const toolCalls = content.flatMap((part) => (part.type === 'tool_call' && part.tool_call ? [part.tool_call] : []));
  const chats = openai.requests.filter((r) => r.path.endsWith('/chat/completions'));
  const fedBack = chats.slice(1).map((request) => toolResultsOf(request)[0]?.text);
  const [call] = toolCalls;
  if (!call) throw new Error('the reply holds no tool call');
  return {
    /** The first tool call. */
    call,
    toolCalls,
    fedBack,
    conversationId: final.conversation.conversationId as string,
    messageId: final.responseMessage.messageId as string,
  };
}
