import {
  endpointFileConfig,
  FILE_ERROR_MESSAGES,
  NO_PARENT,
  textOfParts,
  type AskRequest,
  type ContentPart,
  type MessageFile,
  type ModelSettings,
} from '@confab/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { CommitGroup } from '../../db/commit-group.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { clientEndpointType, type EndpointCatalog, type EndpointDefinition } from '../../providers/endpoint-catalog.js';
import type { ModelList } from '../../providers/model-list.js';
import type { AuthUser } from '../auth/authenticate.js';
import { TemporaryChatPolicy } from './temporary-chat.js';
import { findConversation, insertConversation, type ConversationRow } from '../conversations/conversations.repo.js';
import {
  contentOf,
  findMessage,
  insertExchange,
  insertMessage,
  type MessageRow,
  type NewMessage,
} from '../messages/messages.repo.js';
import type { GenerationJob } from './generation-job.js';
import { continuedParts, ToolProgressRelay } from './reply-content.js';
import { runGeneration } from './run-generation.js';
import type { JobRegistry } from './job-registry.js';
import type { PartialReplyWriter } from './partial-reply-writer.js';
import { assertMultiConvoAllowed, readMultiConvoAsk, refuseOthersIds, waitForUserMessage, type MultiConvoAsk } from './multi-convo.js';
import { titleFromText, type TitleService } from './title.service.js';
import type { KeysService } from '../keys/keys.service.js';
import { resolveMessageFiles } from '../files/attached-files.js';
import { withArtifactInstructions } from '../artifacts/artifact-instructions.js';
import { pickSettings, type AgentChatRun, type ChatFiles, type StoredAs } from './chat-run-inputs.js';
import type { GenerationBilling } from '../balance/generation-billing.js';
import type { ChatMemory } from '../memories/chat-memory.js';
import { withMemoryContext } from '../memories/memory-prompts.js';

export type { AgentChatRun, ChatFiles, StoredAs } from './chat-run-inputs.js';

const stillGenerating = () =>
  new AppError('conflict', 'This reply is still being written; continue it once it has finished.');

interface Plan {
  conversation: ConversationRow;
  isNewConversation: boolean;
  requestMessage: MessageRow;
  responseMessage: MessageRow;
  /** Text already in the reply (continue): new tokens are appended to it. */
  initialText: string;
  /** The parts already in the reply (continue), its reasoning and tool calls kept: new ones follow. */
  initialParts?: ContentPart[];
  /** A multi-conversation column 1 reply: the conversation keeps column 0's endpoint and settings. */
  keepsConversationSettings?: boolean;
}

export class ChatService {
  /**
   * Replies a continue is being planned for or generating in this instance. Two jobs writing one
   * reply would each overwrite the other's text; the running-job check alone misses a continue
   * whose job is not registered yet (planned in the same commit).
   */
  private readonly continuing = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly catalog: EndpointCatalog,
    private readonly models: ModelList,
    private readonly jobs: JobRegistry,
    private readonly titles: TitleService,
    private readonly keys: KeysService,
    private readonly replies: PartialReplyWriter,
    private readonly commits: CommitGroup,
    private readonly log: FastifyBaseLogger,
    private readonly files: ChatFiles,
    /** The token balance (issue 23): holds each generation's cost before it runs. */
    private readonly billing?: GenerationBilling | undefined,
    /** Who may start a temporary chat and when it expires; the defaults when not given. */
    private readonly temporaryChats: TemporaryChatPolicy = new TemporaryChatPolicy(db, { temporaryChat: true }),
    /** Memory (issue 41): the saved memories in the model's context, and the memory step beside each reply. */
    private readonly memory?: ChatMemory | undefined,
  ) {}

  /**
   * Stores what the user sent, then starts the generation job and returns it. Everything is
   * validated before the first write, so a refused request stores nothing.
   */
  async start(user: AuthUser, routeEndpoint: string, ask: AskRequest, agent?: AgentChatRun): Promise<GenerationJob> {
    const { input, multi } = readMultiConvoAsk(ask);
    const endpoint = this.catalog.resolve(routeEndpoint, input.endpoint);
    const model = input.model || endpoint.models[0];
    if (!model) throw new AppError('validation_error', `No model given for ${endpoint.name}`);
    if (!(await this.models.offers(endpoint, model))) {
      throw new AppError(
        'illegal_model_request',
        `Illegal model request: ${endpoint.name} does not offer the model "${model}".`,
        {
          endpoint: endpoint.name,
          model,
        },
      );
    }
    if (input.isTemporary) await this.temporaryChats.assertAllowed(user);
    const settings = pickSettings(input);
    const storedAs: StoredAs = agent?.agentId
      ? {
          endpoint: 'agents',
          endpointType: null,
          // agent_id is one of LibreChat's conversation settings (SPEC 1).
          settings: { ...settings, agent_id: agent.agentId } as ModelSettings,
          sender: agent.agentName ?? undefined,
        }
      : {
          endpoint: endpoint.name,
          endpointType: clientEndpointType(endpoint),
          settings: { ...settings, ...agent?.conversationSettings } as ModelSettings,
        };
    if (multi) {
      await assertMultiConvoAllowed(this.db, user);
      await refuseOthersIds(this.db.kysely, user.id, multi, input.conversationId);
      if (multi.column === 1 && !multi.isRegenerate)
        await waitForUserMessage(this.db.kysely, user.id, multi.userMessageId);
    }
    const claimed = input.isContinued ? this.claimContinue(input.responseMessageId) : undefined;
    let plan: Plan;
    try {
      plan = await this.commits.run((trx) => this.plan(trx, user, endpoint, model, settings, input, storedAs, multi));
    } catch (err) {
      if (claimed) this.continuing.delete(claimed);
      throw err;
    }
    const job = this.jobs.create([
      newId(),
      user.id,
      plan.conversation.conversation_id,
      plan.requestMessage.message_id,
      plan.responseMessage.message_id,
    ]);
    // A temporary chat neither reads nor writes memory.
    const memory = await this.memory?.prepare(user, { isTemporary: input.isTemporary === true, agentId: agent?.memoryAgentId });
    const titled = plan.isNewConversation && !input.isTemporary;
    const toolProgress = new ToolProgressRelay();
    void runGeneration({
      db: this.db,
      keys: this.keys,
      job,
      replies: this.replies,
      commits: this.commits,
      endpoint,
      model,
      // The artifact instructions and the memories go to the model only: the conversation keeps the settings as sent.
      settings: withMemoryContext(withArtifactInstructions(settings), memory?.context),
      storedAs,
      plan,
      storage: this.files.storage,
      log: this.log,
      // A model writes the title after the first exchange, or the first message is the title.
      onFirstExchange: titled && endpoint.titleConvo ? (p) => this.titles.schedule(user.id, p) : undefined,
      titleFromFirstMessage: titled && !endpoint.titleConvo ? titleFromText(plan.requestMessage.text) : undefined,
      tools: agent?.tools({
        conversationId: plan.conversation.conversation_id,
        messageId: plan.responseMessage.message_id,
        reportProgress: toolProgress.report,
      }),
      toolProgress,
      maxSteps: agent?.maxSteps,
      isAgentReply: agent?.isAgentReply === true,
      billing: this.billing?.enabled ? this.billing : undefined,
      // A continued reply was answered already: its memory step ran then.
      memoryStep: input.isContinued ? undefined : memory?.step,
    });
    if (claimed) void job.done.finally(() => this.continuing.delete(claimed));
    return job;
  }

  private claimContinue(replyId: string | null | undefined): string | undefined {
    if (!replyId) return undefined;
    if (this.continuing.has(replyId)) throw stillGenerating();
    this.continuing.add(replyId);
    return replyId;
  }

  /**
   * The files a new message attaches, read from the caller's own rows and held to the endpoint's
   * fileLimit (SPEC 5); an unknown or someone else's file refuses the send (404).
   */
  private async attachedFiles(
    trx: Transaction<Database>,
    user: AuthUser,
    endpoint: EndpointDefinition,
    requested: AskRequest['files'],
  ): Promise<MessageFile[]> {
    if (!requested?.length) return [];
    const limits = endpointFileConfig(this.files.config, endpoint.name, clientEndpointType(endpoint) ?? undefined);
    if (limits.disabled) throw new AppError('validation_error', FILE_ERROR_MESSAGES.disabled);
    if (requested.length > limits.fileLimit)
      throw new AppError('validation_error', FILE_ERROR_MESSAGES.fileLimit(limits.fileLimit));
    return resolveMessageFiles(trx, user.id, requested);
  }

  private async plan(
    trx: Transaction<Database>,
    user: AuthUser,
    endpoint: EndpointDefinition,
    model: string,
    settings: ModelSettings,
    input: AskRequest,
    storedAs: StoredAs,
    multi: MultiConvoAsk | undefined,
  ): Promise<Plan> {
    const requestedId = input.conversationId && input.conversationId !== 'new' ? input.conversationId : null;
    // A new multi-conversation chat is created, with the id its client chose, by its column 0.
    const createsChosenConversation = multi?.column === 0 && multi.newConversationId === requestedId;
    let conversation: ConversationRow | undefined;
    let isNewConversation = false;
    if (requestedId) {
      conversation = await findConversation(trx, user.id, requestedId);
      if (!conversation && !createsChosenConversation) throw new AppError('not_found', 'Conversation not found');
    }

    const parentId = input.parentMessageId ?? NO_PARENT;
    // The conversation's own name for the model comes first, as LibreChat's clients name the reply.
    const sender =
      storedAs.sender ||
      settings.modelLabel ||
      (endpoint.modelDisplayLabel ?? (endpoint.family === 'openAI' ? 'AI' : endpoint.name));

    /** The reply a generation starts: empty and unfinished until its final write. */
    const newReply = (conversationId: string, parentMessageId: string, createdAt?: string): NewMessage => ({
      messageId: newId(),
      conversationId,
      userId: user.id,
      parentMessageId,
      sender,
      text: '',
      isCreatedByUser: false,
      model,
      endpoint: storedAs.endpoint,
      unfinished: true,
      ...(createdAt ? { createdAt } : {}),
    });

    // Continue: append to an existing reply of this conversation.
    if (input.isContinued) {
      if (!conversation || !input.responseMessageId)
        throw new AppError('validation_error', 'Continue needs a conversation and responseMessageId');
      const reply = await findMessage(trx, user.id, input.responseMessageId);
      if (!reply || reply.conversation_id !== conversation.conversation_id || reply.is_created_by_user === 1) {
        throw new AppError('not_found', 'Message to continue not found');
      }
      const request = await findMessage(trx, user.id, reply.parent_message_id);
      if (!request || request.conversation_id !== conversation.conversation_id)
        throw new AppError('not_found', 'Parent message not found');
      // A reply still being generated (its first run, or a continue on another instance) is its job's to write.
      if ((await this.jobs.active(user.id)).some((j) => j.responseMessageId === reply.message_id)) {
        throw stillGenerating();
      }
      const initialParts = continuedParts(contentOf(reply), reply.text, input.editedContent?.text);
      const initialText = textOfParts(initialParts);
      return {
        conversation,
        isNewConversation,
        requestMessage: request,
        responseMessage: { ...reply, text: initialText },
        initialText,
        initialParts,
        // The added model's reply, continued (or edited) with its own model, stays beside the
        // conversation's: the conversation keeps its own settings, as when that reply was first asked.
        keepsConversationSettings: reply.added_convo === 1,
      };
    }

    // Multi-conversation column 1 (its first answer or a regenerate): another model's reply to the
    // message column 0 stored, as its sibling, marked as the added model's.
    if (multi?.column === 1) {
      const request = conversation ? await findMessage(trx, user.id, multi.userMessageId) : undefined;
      if (
        !conversation ||
        !request ||
        request.conversation_id !== conversation.conversation_id ||
        request.is_created_by_user !== 1
      )
        throw new AppError('not_found', 'Message to answer not found');
      const responseMessage = await insertMessage(trx, {
        ...newReply(conversation.conversation_id, request.message_id),
        addedConvo: true,
      });
      return {
        conversation,
        isNewConversation,
        requestMessage: request,
        responseMessage,
        initialText: '',
        keepsConversationSettings: true,
      };
    }

    // Regenerate: answer an existing user message again, as a new sibling reply. LibreChat's
    // clients say so only by naming that message in overrideParentMessageId (their payload has no
    // isRegenerate), with a placeholder messageId and the user's text, which are not stored again.
    if (input.isRegenerate || input.overrideParentMessageId) {
      if (!conversation) throw new AppError('validation_error', 'Regenerate needs an existing conversation');
      let request: MessageRow | undefined;
      for (const id of [input.overrideParentMessageId, input.messageId, input.parentMessageId]) {
        if (!id || id === NO_PARENT) continue;
        const found = await findMessage(trx, user.id, id);
        if (found && found.conversation_id === conversation.conversation_id && found.is_created_by_user === 1) {
          request = found;
          break;
        }
      }
      if (!request) throw new AppError('not_found', 'Message to regenerate from not found');
      const responseMessage = await insertMessage(trx, newReply(conversation.conversation_id, request.message_id));
      return { conversation, isNewConversation, requestMessage: request, responseMessage, initialText: '' };
    }

    const text = input.text.trim();
    if (!text) throw new AppError('validation_error', 'Message text must not be empty');
    const files = await this.attachedFiles(trx, user, endpoint, input.files);
    if (parentId !== NO_PARENT) {
      const parent = conversation ? await findMessage(trx, user.id, parentId) : undefined;
      if (!parent || parent.conversation_id !== conversation?.conversation_id)
        throw new AppError('not_found', 'Parent message not found in this conversation');
    }
    const messageId = input.messageId ?? newId();

    if (!conversation) {
      isNewConversation = true;
      conversation = await insertConversation(trx, {
        conversationId: createsChosenConversation && requestedId ? requestedId : newId(),
        userId: user.id,
        endpoint: storedAs.endpoint,
        endpointType: storedAs.endpointType,
        model,
        settings: storedAs.settings,
        expiredAt: input.isTemporary ? this.temporaryChats.expiresAt() : null,
      });
    }
    const now = Date.now();
    // The reply exists from the start, empty and unfinished, so a follow-up or a crash finds it.
    // A taken message id refuses the send; the transaction (with a conversation it started) is rolled back.
    const exchange = await insertExchange(
      trx,
      {
        messageId,
        conversationId: conversation.conversation_id,
        userId: user.id,
        parentMessageId: parentId,
        sender: 'User',
        text,
        isCreatedByUser: true,
        model: null,
        endpoint: storedAs.endpoint,
        files,
        createdAt: new Date(now).toISOString(),
      },
      newReply(conversation.conversation_id, messageId, new Date(now + 1).toISOString()),
    );
    if (!exchange) throw new AppError('conflict', 'A message with this id already exists');
    const { request: requestMessage, reply: responseMessage } = exchange;
    return { conversation, isNewConversation, requestMessage, responseMessage, initialText: '' };
  }
}

export type { Plan as GenerationPlan };
