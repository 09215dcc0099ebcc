import type { FinishReason, MemoryAttachment, Message, ModelSettings, TokenUsage } from '@confab/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CommitGroup } from '../../db/commit-group.js';
import type { Db } from '../../db/database.js';
import type { EndpointDefinition } from '../../providers/endpoint-catalog.js';
import type { KeysService } from '../keys/keys.service.js';
import { createProvider } from '../../providers/provider-factory.js';
import { mapOpenAIError } from '../../providers/map-openai-error.js';
import { DEFAULT_MAX_STEPS } from '../../providers/stream-provider.js';
import { ProviderError, type ProviderTool } from '../../providers/types.js';
import { toConversation, touchConversation } from '../conversations/conversations.repo.js';
import { attachmentsOf, listMessages, pathToMessage, toMessage, updateMessageReturning } from '../messages/messages.repo.js';
import type { StorageAdapter } from '../../platform/storage/storage.js';
import { loadAttachedFiles } from '../files/attached-files.js';
import { buildHistory } from './build-history.js';
import type { GenerationPlan, StoredAs } from './chat.service.js';
import type { GenerationJob } from './generation-job.js';
import type { PartialReplyWriter } from './partial-reply-writer.js';
import { ReplyContent, type ToolProgressRelay } from './reply-content.js';
import type { BalanceHold, GenerationBilling } from '../balance/generation-billing.js';
import { usedTokens } from '../balance/used-tokens.js';
import type { ChatMemoryRun } from '../memories/chat-memory.js';

export interface FirstExchange {
  conversationId: string;
  userText: string;
  replyText: string;
  endpoint: EndpointDefinition;
  model: string;
}

interface RunArgs {
  db: Db;
  keys: KeysService;
  job: GenerationJob;
  replies: PartialReplyWriter;
  commits: CommitGroup;
  endpoint: EndpointDefinition;
  model: string;
  settings: ModelSettings;
  /** The conversation's endpoint and settings as stored (an agent chat's differ from its model's). */
  storedAs: StoredAs;
  plan: GenerationPlan;
  /** Where attached images' bytes are read from. */
  storage?: StorageAdapter | undefined;
  log: FastifyBaseLogger;
  onFirstExchange?: ((exchange: FirstExchange) => void) | undefined;
  /**
   * The title a new conversation gets from its first message when no model writes one: stored
   * with the final reply (one transaction, not two), if the reply succeeded.
   */
  titleFromFirstMessage?: string | undefined;
  /** An agent's tools: the provider runs the tool loop over them (one loop, every family). */
  tools?: ProviderTool[] | undefined;
  /** Where those tools' progress reports arrive: connected to this reply's tool calls. */
  toolProgress?: ToolProgressRelay | undefined;
  /** Model calls the loop may make (the agent's recursion limit). */
  maxSteps?: number | undefined;
  /** An agent's reply (stored or ephemeral agent, tools or not): its text is content parts, always. */
  isAgentReply?: boolean | undefined;
  /** The token balance: the cost is held before the provider is called and settled after. */
  billing?: GenerationBilling | undefined;
  /**
   * The memory step (issue 41): started with the reply on the same messages, awaited (up to
   * MEMORY_WAIT_MS more) before the final write, its changes attached to the reply.
   */
  memoryStep?: ChatMemoryRun['step'];
}

/** How long a finished reply waits for the memory step, as LibreChat's awaitMemoryWithTimeout. */
export const MEMORY_WAIT_MS = 5_000;

/** The step's changes, or none when it is not done in time (it goes on; its writes stand, unattached). */
async function memoryChanges(work: Promise<MemoryAttachment[]>): Promise<MemoryAttachment[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<MemoryAttachment[]>((resolve) => (timer = setTimeout(() => resolve([]), MEMORY_WAIT_MS)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The balance could not hold the generation's cost: its JSON is the error frame's text. */
class BalanceRefusal extends Error {
  constructor(readonly text: string) {
    super('token_balance');
  }
}

/** What the reply says when the loop hit its step limit with the model still calling tools. */
export const recursionLimitNotice = (steps: number): string =>
  `\n\nStopped: the agent reached its recursion limit of ${steps} steps before finishing.`;

/**
 * Runs one generation to its end, whatever happens to the client: streams deltas into the
 * job, has the growing reply saved as it grows (marked unfinished), and finally
 * stores the reply and emits `final`, or `error` with the partial text kept.
 */
export async function runGeneration(args: RunArgs): Promise<void> {
  const { db, job, replies, endpoint, model, settings, plan, log } = args;
  const userId = job.userId;
  const responseId = plan.responseMessage.message_id;
  const conversationId = plan.conversation.conversation_id;
  const reply = new ReplyContent(job, responseId, plan.initialParts, args.isAgentReply);
  args.toolProgress?.connect((toolCallId, fraction) => reply.toolProgress(toolCallId, fraction));
  let finishReason: FinishReason = 'stop';
  let usage: TokenUsage | undefined;

  job.push('message', {
    created: true,
    message: toMessage(plan.requestMessage),
    streamId: job.streamId,
    conversationId,
    responseMessageId: responseId,
  });

  /**
   * The error frame is the failed reply itself, as a message: LibreChat's client parses it with
   * its message schema, where `isCreatedByUser` is required (without it the client throws and
   * stays "submitting"), and shows `text`.
   */
  const errorReply = (errorText: string) => ({
    error: true,
    final: true,
    text: errorText,
    messageId: responseId,
    parentMessageId: plan.requestMessage.message_id,
    conversationId,
    sender: plan.responseMessage.sender,
    isCreatedByUser: false,
    unfinished: false,
  });

  /** The reply's attachments: a continued reply's kept ones, then those its tools made now; undefined while none are new. */
  const attachments = () => {
    const made = reply.attachments;
    return made && [...(attachmentsOf(plan.responseMessage) ?? []), ...made];
  };
  replies.track(responseId, {
    userId,
    takeChanges() {
      if (!reply.takeDirty()) return undefined;
      const files = attachments();
      return { text: reply.text, content: reply.content(), ...(files ? { attachments: files } : {}) };
    },
  });

  let errorText: string | undefined;
  let hold: BalanceHold | undefined;
  /** What the model wrote (text, reasoning, tool arguments): counted when the provider reports no usage. */
  let generated = '';
  let stepsFinished = 0;
  let memoryWork: Promise<MemoryAttachment[]> | undefined;
  try {
    const provider = createProvider(endpoint, await args.keys.resolve(userId, endpoint));
    // A new conversation's history is just the message that started it.
    const rows = plan.isNewConversation ? [plan.requestMessage] : await listMessages(db.kysely, userId, conversationId);
    const leafId = plan.initialText ? responseId : plan.requestMessage.message_id;
    const path = pathToMessage(rows, leafId).map((r) => (r.message_id === responseId ? { ...r, text: plan.initialText } : r));
    // SPEC 5: resendFiles defaults to true (every earlier message's files go with the request).
    const files = await loadAttachedFiles(db.kysely, args.storage, userId, path, settings.resendFiles ?? true);
    const history = buildHistory(path, {
      replayToolCalls: Boolean(args.tools?.length),
      maxContextTokens: settings.maxContextTokens,
      imageDetail: settings.imageDetail,
      files,
    });
    if (args.billing) {
      const maxOutputTokens = settings.max_tokens ?? settings.maxOutputTokens ?? settings.maxTokens;
      const refs = { userId, model, endpoint: endpoint.name, conversationId, messageId: responseId };
      const held = await args.billing.hold(refs, history, maxOutputTokens);
      if ('refused' in held) throw new BalanceRefusal(JSON.stringify(held.refused));
      hold = held.hold;
    }
    // Beside the reply, on the same messages (the reply is not written yet), once it may run.
    memoryWork = args.memoryStep?.(path, { conversationId, messageId: responseId });
    const signal = job.abortController.signal;
    const { tools, maxSteps } = args;
    for await (const event of provider.stream({ model, messages: history, settings, signal, tools, maxSteps })) {
      switch (event.type) {
        case 'text':
          reply.append('text', event.text);
          generated += event.text;
          break;
        case 'reasoning':
          reply.append('think', event.text);
          generated += event.text;
          break;
        case 'tool-input-start':
          reply.toolInputStart(event.toolCallId, event.toolName);
          break;
        case 'tool-input-delta':
          reply.toolInputDelta(event.toolCallId, event.delta);
          generated += event.delta;
          break;
        case 'tool-call':
          reply.toolCall(event.toolCallId, event.toolName, event.input);
          break;
        case 'tool-result':
          reply.toolResult(event.toolCallId, event.toolName, event.result);
          break;
        case 'step-finish':
          stepsFinished++;
          break;
        case 'finish':
          finishReason = event.finishReason;
          usage = event.usage;
          break;
      }
    }
    if (signal.aborted) finishReason = 'incomplete';
    // The loop ran out of steps with the model still calling tools: the reply says so.
    else if (tools?.length && finishReason === 'tool_calls') {
      job.stepLimitReached = maxSteps ?? DEFAULT_MAX_STEPS;
      reply.append('text', recursionLimitNotice(job.stepLimitReached));
    }
  } catch (err) {
    if (err instanceof BalanceRefusal) {
      errorText = err.text;
      finishReason = 'error';
    } else if (job.abortController.signal.aborted) {
      finishReason = 'incomplete';
    } else {
      const mapped = err instanceof ProviderError ? err : mapOpenAIError(err);
      errorText = mapped.toFrameText();
      finishReason = 'error';
      if (!(err instanceof ProviderError)) log.warn({ err }, 'generation failed');
    }
  }
  if (memoryWork) for (const change of await memoryChanges(memoryWork)) reply.attach(change);
  await replies.release(responseId);
  // Settled before the final frame, so a client that reads the balance on `final` sees the spend.
  if (hold) {
    try {
      await hold.settle(await usedTokens(usage, hold.promptTokens, generated, stepsFinished));
    } catch (err) {
      log.error({ err }, 'failed to settle the token balance (the hold stays spent)');
    }
  }

  try {
    const text = reply.text;
    const content = reply.content(errorText);
    const [responseRow, conversationRow] = await args.commits.run(async (trx) => [
      await updateMessageReturning(trx, userId, responseId, {
        // With no partial text, the error JSON is the text, as LibreChat stores it.
        text: errorText && !text ? errorText : text,
        content,
        attachments: attachments(),
        error: errorText !== undefined,
        unfinished: false,
        finishReason,
        usage: usage ?? null,
        tokenCount: usage?.completionTokens ?? null,
        model,
      }),
      await touchConversation(trx, userId, conversationId, {
        // A multi-conversation column 1 reply leaves the conversation as its column 0 set it.
        ...(plan.keepsConversationSettings ? {} : {
          endpoint: args.storedAs.endpoint,
          endpointType: args.storedAs.endpointType,
          model,
          settings: args.storedAs.settings,
        }),
        ...(args.titleFromFirstMessage && errorText === undefined && text ? { titleIfDefault: args.titleFromFirstMessage } : {}),
      }),
    ]);
    // The user's message was stored by the plan and is not changed by the generation.
    const requestMessage = toMessage(plan.requestMessage);
    const responseMessage: Message | undefined = responseRow ? toMessage(responseRow) : undefined;
    const conversation = conversationRow ? toConversation(conversationRow) : undefined;
    if (errorText !== undefined) {
      job.push('error', { ...errorReply(errorText), requestMessage, responseMessage, conversation });
    } else {
      job.push('message', { final: true, conversation, title: conversation?.title, requestMessage, responseMessage });
      if (args.onFirstExchange && text) {
        args.onFirstExchange({ conversationId, userText: plan.requestMessage.text, replyText: text, endpoint, model });
      }
    }
  } catch (err) {
    log.error({ err }, 'failed to store the final reply');
    job.push('error', errorReply(JSON.stringify({ type: 'server_error', message: 'The reply could not be saved.' })));
  } finally {
    job.finish();
  }
}
