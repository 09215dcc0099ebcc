import type { MemoryAttachment, ModelSettings, TokenUsage } from '@confab/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { MemoryConfig } from '../../config/memory-config-schema.js';
import type { Db } from '../../db/database.js';
import type { EndpointCatalog } from '../../providers/endpoint-catalog.js';
import { createProvider } from '../../providers/provider-factory.js';
import type { ChatTurn } from '../../providers/types.js';
import type { AuthUser } from '../auth/authenticate.js';
import { agentSettings } from '../agent-chat/agent-run.js';
import { findAgent, rowModelParameters } from '../agents/agents.repo.js';
import type { GenerationBilling } from '../balance/generation-billing.js';
import { usedTokens } from '../balance/used-tokens.js';
import type { KeysService } from '../keys/keys.service.js';
import type { MessageRow } from '../messages/messages.repo.js';
import { hasPermissions } from '../roles/require-permission.js';
import { countTokens } from '../tokenizer/count-tokens.js';
import { GENERAL_SCOPE, type MemoryRow } from './memories.repo.js';
import { MemoriesService } from './memories.service.js';
import { memoryContext, memoryStepInstructions } from './memory-prompts.js';
import { memoryTools } from './memory-tools.js';

/** Model calls the memory step may make: its tool calls, then a closing answer. */
const MEMORY_STEP_MAX_STEPS = 3;
/** Past this the step is abandoned whatever it is doing (the reply waits far less for it). */
const MEMORY_STEP_HARD_LIMIT_MS = 60_000;

/** What a chat gets of memory: the context for its model, and the memory step to run beside the reply. */
export interface ChatMemoryRun {
  /** The saved memories, for the system prompt (model only, never stored in the conversation). */
  context?: string | undefined;
  /** Runs the memory step over the conversation so far; resolves with the changes it made (never rejects). */
  step?:
    | ((
        path: readonly MessageRow[],
        reply: { conversationId: string; messageId: string },
      ) => Promise<MemoryAttachment[]>)
    | undefined;
}

interface MemoryAgentSpec {
  provider: string;
  model: string;
  instructions?: string | null | undefined;
  model_parameters?: Record<string, unknown> | null | undefined;
}

/**
 * Memory in chats (issue 41), LibreChat's way: the user's saved memories join the model's context,
 * and a memory step (a model offered `set_memory` and `delete_memory`) runs beside each reply on
 * the last messages. Neither happens in a temporary chat, for a user who turned memory off, whose
 * role lacks MEMORIES USE (an `interface.memories: false` turns it off for every role) or when the
 * config's `memory.disabled` is set. A chat with an agent configured for memory reads the general
 * memories and the agent's own, and writes the agent's own.
 */
export class ChatMemory {
  private readonly memories: MemoriesService;

  constructor(
    private readonly db: Db,
    private readonly config: MemoryConfig | undefined,
    private readonly catalog: EndpointCatalog,
    private readonly keys: KeysService,
    private readonly log: FastifyBaseLogger,
    private readonly billing?: GenerationBilling | undefined,
  ) {
    this.memories = new MemoriesService(db, config);
    // The tokenizer's tables take seconds to load the first time: loaded now, the first chat's
    // memory step (which counts tokens) is not left past the reply's wait for it.
    if (config?.agent && config.agent.enabled !== false && !config.disabled)
      void countTokens('warm up').catch(() => undefined);
  }

  async prepare(
    user: AuthUser,
    chat: { isTemporary: boolean; agentId?: string | undefined },
  ): Promise<ChatMemoryRun | undefined> {
    if (chat.isTemporary || this.config?.disabled) return undefined;
    try {
      if (!(await hasPermissions(this.db, user, 'MEMORIES', ['USE']))) return undefined;
      if (!(await this.memories.isOnFor(user.id))) return undefined;
      const scope = chat.agentId ?? GENERAL_SCOPE;
      const general = await this.memories.rows(user.id);
      const own = scope ? await this.memories.rows(user.id, scope) : [];
      const kept = { general: this.withinLimit(general), own: this.withinLimit(own) };
      const context = memoryContext(kept.general, kept.own) || undefined;
      const agent = this.config?.agent;
      const runsStep = agent !== undefined && agent.enabled !== false;
      return {
        context,
        step: runsStep
          ? (path, reply) => this.step(user, scope, scope ? kept.own : kept.general, path, reply)
          : undefined,
      };
    } catch (err) {
      // Memory never fails a chat: without it, the chat goes on as if it were off.
      this.log.warn({ err }, 'memory could not be read for the chat');
      return undefined;
    }
  }

  /** The newest memories whose tokens fit the limit (a limit lowered after they were saved). */
  private withinLimit(rows: MemoryRow[]): MemoryRow[] {
    const limit = this.config?.tokenLimit;
    if (!limit) return rows;
    let used = 0;
    return rows.filter((row) => {
      if (used + row.token_count > limit) return false;
      used += row.token_count;
      return true;
    });
  }

  private async step(
    user: AuthUser,
    scope: string,
    existing: MemoryRow[],
    path: readonly MessageRow[],
    reply: { conversationId: string; messageId: string },
  ): Promise<MemoryAttachment[]> {
    const changes: MemoryAttachment[] = [];
    try {
      const spec = await this.memoryAgent();
      if (!spec) return changes;
      const endpoint = this.catalog.find(spec.provider);
      if (!endpoint) {
        this.log.warn({ provider: spec.provider }, 'memory agent provider is not a configured endpoint');
        return changes;
      }
      const settings: ModelSettings = agentSettings({
        provider: spec.provider,
        model: spec.model,
        tools: [],
        model_parameters: spec.model_parameters,
      });
      const messages: ChatTurn[] = [
        { role: 'system', content: memoryStepInstructions(spec.instructions, existing, this.config) },
        ...(await this.window(path)),
      ];
      if (messages.length < 2) return changes;
      const refs = {
        userId: user.id,
        model: spec.model,
        endpoint: endpoint.name,
        conversationId: reply.conversationId,
        messageId: reply.messageId,
      };
      const held = this.billing?.enabled
        ? await this.billing.hold(refs, messages, settings.max_tokens ?? null)
        : undefined;
      // Out of credits: the reply says so on its own; the memory step just does not run.
      if (held && 'refused' in held) return changes;
      const hold = held?.hold;
      const provider = createProvider(endpoint, await this.keys.resolve(user.id, endpoint));
      const tools = memoryTools(this.memories, {
        userId: user.id,
        agentId: scope,
        ...reply,
        validKeys: this.config?.validKeys,
        onChange: (change) => changes.push(change),
      });
      let usage: TokenUsage | undefined;
      let generated = '';
      let steps = 0;
      const signal = AbortSignal.timeout(MEMORY_STEP_HARD_LIMIT_MS);
      try {
        for await (const event of provider.stream({
          model: spec.model,
          messages,
          settings,
          signal,
          tools,
          maxSteps: MEMORY_STEP_MAX_STEPS,
        })) {
          if (event.type === 'text' || event.type === 'reasoning') generated += event.text;
          else if (event.type === 'tool-input-delta') generated += event.delta;
          else if (event.type === 'step-finish') steps++;
          else if (event.type === 'finish') usage = event.usage;
        }
      } finally {
        // The memory step's tokens are the user's spend, as the reply's are.
        if (hold) {
          await hold
            .settle(await usedTokens(usage, hold.promptTokens, generated, steps))
            .catch((err: unknown) =>
              this.log.error({ err }, 'failed to settle the memory step (the hold stays spent)'),
            );
        }
      }
    } catch (err) {
      this.log.warn({ err }, 'memory step failed');
    }
    return changes;
  }

  /** The configured memory agent: a provider and model, or a stored agent's (by id). */
  private async memoryAgent(): Promise<MemoryAgentSpec | undefined> {
    const agent = this.config?.agent;
    if (!agent || agent.enabled === false) return undefined;
    if (!('id' in agent)) return agent;
    const row = await findAgent(this.db.kysely, agent.id);
    if (!row?.model) {
      this.log.warn({ agentId: agent.id }, 'memory agent not found or has no model');
      return undefined;
    }
    return {
      provider: row.provider,
      model: row.model,
      instructions: row.instructions,
      model_parameters: rowModelParameters(row),
    };
  }

  /** The last `messageWindowSize` messages as turns, the oldest dropped past `maxInputTokens`. */
  private async window(path: readonly MessageRow[]): Promise<ChatTurn[]> {
    const size = this.config?.messageWindowSize ?? 5;
    const maxTokens = this.config?.maxInputTokens ?? 12_000;
    const recent = path.filter((row) => row.text.trim()).slice(-size);
    const turns: ChatTurn[] = [];
    let used = 0;
    for (const row of [...recent].reverse()) {
      const tokens = await countTokens(row.text);
      if (turns.length && used + tokens > maxTokens) break;
      used += tokens;
      // One message alone over the cap is cut to about the cap (4 characters a token).
      const text = tokens > maxTokens ? row.text.slice(-maxTokens * 4) : row.text;
      turns.unshift({ role: row.is_created_by_user === 1 ? 'user' : 'assistant', content: text });
    }
    return turns;
  }
}
