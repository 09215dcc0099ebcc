import { NO_PARENT } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { seedAgent } from '../../../test/agent-seed.js';
import { useChatServer } from '../../../test/chat-harness.js';
import { TestClient } from '../../../test/http-client.js';
import { finalFrame, readSse } from '../../../test/sse-client.js';
import { describeEachDialect } from '../../../test/test-server.js';
import { artifactInstructions } from './artifact-instructions.js';

const FORMAT = ':::artifact{identifier=';
const SHADCN = '@/components/ui/<name>';

describe('artifactInstructions', () => {
  it('tells the format and the four types, and the shadcn/ui components only in that mode', () => {
    const base = artifactInstructions('default')!;
    for (const type of ['text/html', 'image/svg+xml', 'application/vnd.mermaid', 'application/vnd.react']) {
      expect(base).toContain(`"${type}"`);
    }
    expect(base).toContain(FORMAT);
    expect(base).not.toContain(SHADCN);
    const shadcn = artifactInstructions('shadcnui')!;
    expect(shadcn.startsWith(base)).toBe(true);
    expect(shadcn).toContain(SHADCN);
    expect(shadcn).toContain('- card: Card, CardHeader');
    for (const mode of ['custom', '', null, undefined, 'other']) expect(artifactInstructions(mode)).toBeUndefined();
  });
});

describeEachDialect('artifact instructions reach the model', (dialect) => {
  const h = useChatServer(dialect);

  /** The system prompt of the simulator's last request ('' without one). */
  const lastSystemPrompt = (): string => {
    const body = h.sim.requests.at(-1)?.body as { messages?: { role: string; content: unknown }[] } | undefined;
    const system = body?.messages?.find((m) => m.role === 'system');
    return typeof system?.content === 'string' ? system.content : '';
  };

  it('in a chat, only with artifacts on, after the chat’s own prompt, in the mode asked', async () => {
    const seen: Record<string, string> = {};
    for (const artifacts of [undefined, '', 'default', 'shadcnui', 'custom']) {
      h.sim.enqueue({ text: 'ok' });
      const { status, frames } = await h.ask({
        text: 'Make a page',
        promptPrefix: 'Be brief.',
        ...(artifacts === undefined ? {} : { artifacts }),
      });
      expect(status).toBe(200);
      seen[String(artifacts)] = lastSystemPrompt();
      if (artifacts === 'shadcnui') {
        // The conversation keeps the mode as sent, never the instructions.
        const { conversation } = finalFrame(frames)!.data;
        expect(conversation.artifacts).toBe('shadcnui');
        expect(conversation.system ?? null).toBeNull();
        expect(conversation.promptPrefix).toBe('Be brief.');
      }
    }
    expect(seen.undefined).toBe('Be brief.');
    expect(seen['']).toBe('Be brief.');
    expect(seen.custom).toBe('Be brief.');
    expect(seen.default).toBe(`Be brief.\n\n${artifactInstructions('default')}`);
    expect(seen.shadcnui).toBe(`Be brief.\n\n${artifactInstructions('shadcnui')}`);
  });

  it("in an agent chat, by the agent's own setting, whatever the user's toggles say", async () => {
    const owner = new TestClient(h.server.baseUrl);
    const { user } = await owner.register();
    const db = h.server.db.kysely;
    const withShadcn = await seedAgent(db, user.id, { instructions: 'You are a designer.', artifacts: 'shadcnui' });
    const without = await seedAgent(db, user.id, { instructions: 'You are a designer.', artifacts: null });
    const chat = (agentId: string, artifacts?: string) => {
      h.sim.enqueue({ text: 'ok' });
      return readSse(`${h.server.baseUrl}/api/agents/chat/agents`, {
        token: owner.token,
        body: {
          text: 'A card',
          endpoint: 'agents',
          agent_id: agentId,
          parentMessageId: NO_PARENT,
          conversationId: null,
          ...(artifacts ? { artifacts } : {}),
        },
      });
    };
    expect((await chat(withShadcn)).status).toBe(200);
    expect(lastSystemPrompt()).toBe(`You are a designer.\n\n${artifactInstructions('shadcnui')}`);
    // The user's Beta toggles do not add instructions to an agent that has artifacts off.
    expect((await chat(without, 'default')).status).toBe(200);
    expect(lastSystemPrompt()).toBe('You are a designer.');
  });
});

describe('the shadcn/ui components the instructions name', () => {
  it('are each served by the artifact runtime (packages/artifact-runtime/src/ui), so the list cannot drift', async () => {
    const { readdir } = await import('node:fs/promises');
    const { SHADCN_COMPONENTS } = await import('./artifact-instructions.js');
    const served = new Set(
      (await readdir(new URL('../../../../../packages/artifact-runtime/src/ui/', import.meta.url))).map((f) =>
        f.replace(/\.tsx$/, ''),
      ),
    );
    expect(SHADCN_COMPONENTS.map(([name]) => name).filter((name) => !served.has(name))).toEqual([]);
  });
});
