import {
  DEFAULT_CONVERSATION_TITLE,
  NO_PARENT,
  TIMING,
  type ActiveJob,
  type Conversation,
  type Message,
} from '@confab/shared';
import { queryClient } from '../../../lib/query-client';
import { invalidateBalance } from '../../balance/balance';
import { track } from '../../../lib/analytics';
import { runChatStream, StreamHttpError, type StreamFrameEvent } from '../../../lib/sse-client';
import { abortGeneration, askRoute, chatSendUrl, generateTitle } from '../api/chat-api';
import { chatKeys } from '../api/chat-queries';
import { moveBranchChoices, showNewestAt } from '../branches/branch-store';
import { moveAttachments } from '../../files/attachments-store';
import { messageFilesOf } from '../../files/message-files';
import { clearDraftIfSent, moveDraft, NEW_DRAFT_ID } from '../drafts/drafts';
import { forgetTempFiles, moveFileDraft, removeSentFromFileDraft } from '../drafts/file-drafts';
import { moveSelection } from '../header/model-selection';
import { addedColumnKey, moveAddedModel } from '../multi-convo/added-model-store';
import { buildAskBody, initialSubmission, newMessage, type AskParams } from './ask-body';
import {
  forgetNewChatsOf,
  getSubmission,
  markNewChatFinished,
  moveSubmission,
  removeSubmission,
  setSubmission,
  updateSubmission,
  useChatStore,
} from './chat-store';
import { upsertMessages } from './merge-submission';
import { forgetInitialContent, rememberInitialContent, takeInitialContent } from './stream-init-content';
import { applyError, applyFinal, applyStreamFrame, textOfParts } from './stream-reducer';
import { isActivePhase, type Submission } from './submission';

export type { AskParams } from './ask-body';

/** The error text of a stream that could not be opened or rejoined (shown as SPEC 8's notice). */
export const CONNECTION_ERROR = '__connection_error__';

const SETTLE_DELAY_MS = 50;

interface Runner {
  key: string;
  controller: AbortController;
  /** Set for chats that started at /c/new. */
  newKey: string | null;
  sentText: string;
  /** The files of the new user message. */
  sentFileIds: string[];
  /** A temporary chat: its conversation has an expiry and is never titled. */
  isTemporary?: boolean;
  /** The added model's column of a multi-conversation send: it owns only its reply. */
  isAddedColumn?: boolean;
}

const runners = new Set<Runner>();

function seedConversation(conversationId: string, sub: Submission, isTemporary: boolean): void {
  if (!queryClient.getQueryData(chatKeys.messages(conversationId)))
    queryClient.setQueryData<Message[]>(chatKeys.messages(conversationId), []);
  if (!queryClient.getQueryData(chatKeys.conversation(conversationId))) {
    const at = new Date().toISOString();
    const seeded: Conversation = {
      conversationId,
      title: DEFAULT_CONVERSATION_TITLE,
      endpoint: sub.endpoint,
      endpointType: sub.routeEndpoint === 'custom' ? 'custom' : null,
      model: sub.responseMessage.model,
      user: '',
      isArchived: false,
      tags: [],
      // A stand-in until the final frame brings the stored expiry: the screen only asks whether there is one.
      expiredAt: isTemporary ? at : null,
      createdAt: at,
      updatedAt: at,
    };
    queryClient.setQueryData(chatKeys.conversation(conversationId), seeded);
  }
}

function invalidateConversationLists(): void {
  void queryClient.invalidateQueries({ queryKey: chatKeys.conversationLists });
}

function onCreated(runner: Runner, sub: Submission): void {
  const conversationId = sub.conversationId;
  if (sub.streamId) rememberInitialContent(sub.streamId, sub.initialContent);
  if (!conversationId) return;
  if (runner.isAddedColumn) {
    // The first column moves the new chat's draft, choices and selection; this one only follows.
    const key = addedColumnKey(conversationId);
    if (runner.key !== key) moveSubmission(runner.key, key);
    runner.key = key;
    if (sub.isAbortRequested) void stopSubmission(key);
    return;
  }
  // The server stored the message with its files: they are no longer temporary uploads.
  forgetTempFiles(runner.sentFileIds);
  if (runner.key !== conversationId) {
    // A new chat: from now on it is the conversation it became.
    seedConversation(conversationId, sub, runner.isTemporary ?? false);
    moveDraft(NEW_DRAFT_ID, conversationId);
    moveFileDraft(NEW_DRAFT_ID, conversationId);
    moveAttachments(NEW_DRAFT_ID, conversationId);
    moveBranchChoices(runner.key, conversationId);
    moveSelection(runner.key, conversationId);
    moveAddedModel(runner.key, conversationId);
    moveSubmission(runner.key, conversationId);
    runner.key = conversationId;
    invalidateConversationLists();
  }
  if (sub.isAbortRequested) void stopSubmission(conversationId);
}

function scheduleTitle(conversationId: string): void {
  setTimeout(() => {
    generateTitle(conversationId)
      .then(({ title }) => {
        queryClient.setQueryData<Conversation>(chatKeys.conversation(conversationId), (c) => (c ? { ...c, title } : c));
        invalidateConversationLists();
      })
      .catch(() => undefined);
  }, TIMING.titleGenerationDelayMs);
}

/** Writes the outcome of a submission into the stored messages and lets it go. */
function settle(runner: Runner, sub: Submission): void {
  const conversationId = sub.conversationId;
  // Final or error, the generation has been paid for (or refused): the balance moved.
  invalidateBalance(queryClient);
  // SPEC 7's analytics: an answered question, and a chat that its first answer created.
  if (sub.phase === 'done' && conversationId) {
    track('questions_answered', { chatId: conversationId, kind: sub.kind });
    if (sub.conversationKey.startsWith('new:')) track('chat_created', { chatId: conversationId });
  }
  const wasStored = sub.streamId !== null;
  forgetInitialContent(sub.streamId);
  if (!conversationId || !wasStored) {
    // Refused before anything was stored: the submission stays on screen with its error.
    setSubmission(runner.key, sub);
    return;
  }
  queryClient.setQueryData<Message[]>(chatKeys.messages(conversationId), (messages) =>
    upsertMessages(messages, runner.isAddedColumn ? [sub.responseMessage] : [sub.userMessage, sub.responseMessage]),
  );
  if (runner.isAddedColumn) {
    // The first column settles the conversation, the draft and the new chat's URL.
    setSubmission(runner.key, sub);
    const key = runner.key;
    setTimeout(() => {
      if (getSubmission(key) === sub) removeSubmission(key);
    }, SETTLE_DELAY_MS);
    return;
  }
  if (sub.conversation) queryClient.setQueryData(chatKeys.conversation(conversationId), sub.conversation);
  // The finished submission stays laid over the cache until React Query has told the page
  // about the new data (it notifies on a later task); dropping it at once would make the
  // new messages blink out for a frame.
  setSubmission(runner.key, sub);
  const key = runner.key;
  setTimeout(() => {
    if (getSubmission(key) === sub) removeSubmission(key);
  }, SETTLE_DELAY_MS);
  clearDraftIfSent(conversationId, runner.sentText);
  removeSentFromFileDraft(conversationId, runner.sentFileIds);
  invalidateConversationLists();
  if (runner.newKey) {
    markNewChatFinished(runner.newKey, conversationId);
    if (sub.phase === 'done' && !runner.isTemporary) scheduleTitle(conversationId);
    runner.newKey = null;
  }
}

function handleFrame(runner: Runner, event: StreamFrameEvent, isFirst: boolean): void {
  const before = getSubmission(runner.key);
  if (!before || !isActivePhase(before.phase)) return;
  let base = before;
  if (isFirst && before.kind === 'resume') {
    // A resumed job replays from its start: rebuild the reply from its initial content.
    base = {
      ...before,
      toolSteps: {},
      responseMessage: {
        ...before.responseMessage,
        content: before.initialContent,
        text: textOfParts(before.initialContent),
      },
    };
  }
  const next = applyStreamFrame(base, event);
  if (next === before) return;
  setSubmission(runner.key, next);
  if (before.phase === 'connecting' && next.phase === 'streaming' && next.conversationId) onCreated(runner, next);
  if (!isActivePhase(next.phase)) settle(runner, next);
}

function errorTextOf(err: unknown): string {
  if (err instanceof StreamHttpError) {
    const body = err.body as { code?: string; message?: string; type?: string } | null;
    if (body && typeof body === 'object' && (body.type || body.code))
      return JSON.stringify({ ...body, type: body.type ?? body.code });
    return err.message;
  }
  return CONNECTION_ERROR;
}

async function follow(runner: Runner, start: Parameters<typeof runChatStream>[0]['start']): Promise<void> {
  runners.add(runner);
  let isFirst = true;
  try {
    const outcome = await runChatStream({
      start,
      signal: runner.controller.signal,
      onFrame: (event) => {
        handleFrame(runner, event, isFirst);
        isFirst = false;
      },
      onStreamId: (streamId) => {
        const sub = updateSubmission(runner.key, (s) => (s.streamId ? s : { ...s, streamId }));
        if (sub?.isAbortRequested) void stopSubmission(runner.key);
      },
      onSlowConnect: () => updateSubmission(runner.key, (s) => (isActivePhase(s.phase) ? { ...s, isSlow: true } : s)),
      onConnectionState: (state) =>
        updateSubmission(runner.key, (s) =>
          s.isReconnecting === (state === 'reconnecting') ? s : { ...s, isReconnecting: state === 'reconnecting' },
        ),
    });
    const sub = getSubmission(runner.key);
    if (outcome.status === 'lost' && sub && isActivePhase(sub.phase)) {
      // The job is gone; what was stored is the truth.
      if (sub.conversationId) await queryClient.invalidateQueries({ queryKey: chatKeys.messages(sub.conversationId) });
      removeSubmission(runner.key);
    }
  } catch (err) {
    const sub = getSubmission(runner.key);
    if (sub && isActivePhase(sub.phase)) settle(runner, applyError(sub, { text: errorTextOf(err) }));
  } finally {
    runners.delete(runner);
  }
}

/**
 * Lets go of conversations that were deleted (every one with `'all'`): their streams are no
 * longer followed (the server stopped their jobs), their submissions leave the screen, and a
 * new chat that had become one of them goes back to a fresh landing.
 */
export function dropConversations(conversationIds: readonly string[] | 'all'): void {
  // Keys are conversation ids once a chat has its conversation; `new:` keys have none yet.
  const isGone = (key: string) => (conversationIds === 'all' ? !key.startsWith('new:') : conversationIds.includes(key));
  for (const runner of [...runners]) {
    if (!isGone(runner.key)) continue;
    runner.newKey = null;
    runner.controller.abort();
  }
  for (const key of Object.keys(useChatStore.getState().submissions)) if (isGone(key)) removeSubmission(key);
  forgetNewChatsOf(conversationIds);
}

/** Sends (or re-asks) and follows the stream to its end, whatever page is showing. */
export function startSubmission(params: AskParams): void {
  const { routeEndpoint, endpointType } = askRoute(params.selection.endpoint, params.endpointConfig);
  const sub = initialSubmission(params, routeEndpoint);
  const body = buildAskBody(params, sub.userMessage.messageId, endpointType);
  // A new sibling is about to appear: show it (SPEC 4, sibling index resets to the newest).
  if (params.kind === 'regenerate' && params.userMessage)
    showNewestAt(params.conversationKey, params.userMessage.messageId);
  const isAddedColumn = params.multiConvo?.column === 1;
  if ((params.kind === 'send' || params.kind === 'edit-user') && !isAddedColumn)
    showNewestAt(params.conversationKey, params.parentMessageId ?? NO_PARENT);
  setSubmission(params.conversationKey, sub);
  const runner: Runner = {
    key: params.conversationKey,
    controller: new AbortController(),
    newKey: params.conversationKey.startsWith('new:') ? params.conversationKey : null,
    sentText: params.text,
    sentFileIds: messageFilesOf(sub.userMessage).map((f) => f.file_id),
    isTemporary: params.isTemporary ?? false,
    isAddedColumn,
  };
  void follow(runner, { kind: 'post', url: chatSendUrl(routeEndpoint), body });
}

/**
 * Rejoins a generation found running after a reload (GET /api/chat/active), under the
 * conversation's key, or, for the added model's column of a question sent to two models, under
 * that column's key, where it owns only its reply.
 */
export function resumeSubmission(
  job: ActiveJob,
  messages: readonly Message[],
  selection: { endpoint: string; routeEndpoint: string },
  options: { isAddedColumn?: boolean } = {},
): void {
  const isAddedColumn = options.isAddedColumn ?? false;
  const key = isAddedColumn ? addedColumnKey(job.conversationId) : job.conversationId;
  const existing = getSubmission(key);
  if (existing && isActivePhase(existing.phase)) return;
  const userMessage =
    messages.find((m) => m.messageId === job.userMessageId) ??
    newMessage({
      messageId: job.userMessageId,
      parentMessageId: NO_PARENT,
      conversationId: job.conversationId,
      isCreatedByUser: true,
    });
  const stored = messages.find((m) => m.messageId === job.responseMessageId);
  const initialContent = takeInitialContent(job.streamId);
  const responseMessage = stored
    ? { ...stored, unfinished: true }
    : newMessage({
        messageId: job.responseMessageId,
        parentMessageId: job.userMessageId,
        conversationId: job.conversationId,
        content: [],
        unfinished: true,
      });
  setSubmission(key, {
    kind: 'resume',
    conversationKey: key,
    conversationId: job.conversationId,
    userMessage,
    responseMessage,
    isNewUserMessage: false,
    initialContent,
    streamId: job.streamId,
    phase: 'connecting',
    isSlow: false,
    isReconnecting: false,
    isAbortRequested: false,
    conversation: null,
    endpoint: selection.endpoint,
    routeEndpoint: selection.routeEndpoint,
  });
  const runner: Runner = {
    key,
    controller: new AbortController(),
    newKey: null,
    sentText: '',
    sentFileIds: [],
    isAddedColumn,
  };
  void follow(runner, { kind: 'resume', streamId: job.streamId });
}

/** The stop button: aborts the job; the partial reply is stored and shown as final. */
export async function stopSubmission(conversationKey: string): Promise<'stopped' | 'failed'> {
  const sub = getSubmission(conversationKey);
  if (!sub || !isActivePhase(sub.phase)) return 'stopped';
  const abortKey = sub.streamId;
  if (!abortKey) {
    // The job is not known yet (a conversation id could name an older job): abort it as
    // soon as the server names it.
    updateSubmission(conversationKey, (s) => ({ ...s, isAbortRequested: true }));
    return 'stopped';
  }
  if (sub.isAbortRequested) updateSubmission(conversationKey, (s) => ({ ...s, isAbortRequested: false }));
  try {
    const result = await abortGeneration(sub.routeEndpoint, abortKey, sub.endpoint);
    const current = getSubmission(conversationKey);
    if (!result || !current || !isActivePhase(current.phase)) return 'stopped';
    const runner = [...runners].find((r) => r.key === conversationKey);
    const next = applyFinal(current, {
      conversation: result.conversation,
      requestMessage: result.requestMessage ?? current.userMessage,
      responseMessage: result.responseMessage ?? {
        ...current.responseMessage,
        unfinished: false,
        finish_reason: 'incomplete',
      },
    });
    setSubmission(conversationKey, next);
    if (runner) {
      settle(runner, next);
      runner.controller.abort();
    } else {
      settle(
        { key: conversationKey, controller: new AbortController(), newKey: null, sentText: '', sentFileIds: [] },
        next,
      );
    }
    return 'stopped';
  } catch {
    updateSubmission(conversationKey, (s) => ({ ...s, isCancelFailed: true }));
    return 'failed';
  }
}
