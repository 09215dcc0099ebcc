import {
  NO_PARENT,
  type ArtifactMode,
  type AskRequest,
  type ContentPart,
  type Message,
  type MessageFile,
  type ModelSettings,
} from '@confab/shared';
import type { EndpointConfig } from '../api/chat-api';
import type { EphemeralAgentPayload } from '../tools/tool-selection';
import type { ModelSelection } from '../header/model-selection';
import { partsOf, textOfParts } from './stream-reducer';
import type { Submission, SubmissionKind } from './submission';

export interface AskParams {
  /** `new:<location key>` for /c/new, else the conversation id. */
  conversationKey: string;
  conversationId: string | null;
  selection: ModelSelection;
  endpointConfig: EndpointConfig | undefined;
  senderLabel: string;
  settings?: ModelSettings;
  kind: Exclude<SubmissionKind, 'resume'>;
  /** The user's text (send, edited user message), or the stored user message's text. */
  text: string;
  /** Parent of a new user message (send, edit-user). */
  parentMessageId?: string;
  /** The stored user message answered again (regenerate, continue, edit-reply). */
  userMessage?: Message;
  /** The stored reply continued or edited. */
  responseMessage?: Message;
  /** The new text of an edited reply. */
  editedText?: string;
  /** Files attached to a new user message (send, edit-user). */
  files?: MessageFile[];
  /** A temporary chat (LibreChat's isTemporary): a new conversation gets an expiry and stays out of the history. */
  isTemporary?: boolean;
  /** Settings → Beta's artifacts mode, sent as LibreChat's `artifacts` field (absent: off). */
  artifacts?: ArtifactMode | undefined;
  /**
   * The tools turned on for a plain model chat (LibreChat's ephemeral agent); absent with none on.
   * Such a chat is posted to the agents chat route; an agent's chat never carries it.
   */
  ephemeralAgent?: EphemeralAgentPayload | undefined;
  /** One column of a question sent to two models at once (LibreChat's multi-conversation, send only). */
  multiConvo?: MultiConvoColumn;
  /**
   * A regenerate of the added model's reply (multi-conversation column 1): the new reply is that
   * column's too, stored with `addedConvo`.
   */
  isAddedColumnReply?: boolean;
}

export interface MultiConvoColumn {
  column: 0 | 1;
  /** The user message both columns answer, chosen here since neither can wait for the server's. */
  userMessageId: string;
  /** A new chat's conversation, chosen here too; absent for an existing conversation. */
  newConversationId?: string;
}

/** LibreChat's ids for one column: `<uuid>__<column>`. */
function multiConvoIds(multi: MultiConvoColumn): Partial<AskBody> {
  const messageId = `${multi.userMessageId}__${multi.column}`;
  return {
    messageId,
    overrideUserMessageId: messageId,
    ...(multi.newConversationId ? { overrideConvoId: `${multi.newConversationId}__${multi.column}` } : {}),
  };
}

function now(): string {
  return new Date().toISOString();
}

export function newMessage(fields: Partial<Message> & Pick<Message, 'messageId' | 'parentMessageId'>): Message {
  const at = now();
  return {
    conversationId: '',
    sender: 'User',
    text: '',
    isCreatedByUser: false,
    model: null,
    endpoint: null,
    error: false,
    unfinished: false,
    createdAt: at,
    updatedAt: at,
    ...fields,
  };
}

function replyContent(reply: Message, editedText: string | undefined): ContentPart[] {
  const parts = partsOf(reply).filter((p) => p.type !== 'error');
  if (editedText === undefined) return parts;
  return [...parts.filter((p) => p.type !== 'text'), { type: 'text', text: editedText }];
}

function editedIndex(reply: Message): number {
  const index = partsOf(reply).findIndex((p) => p.type === 'text');
  return index < 0 ? 0 : index;
}

/**
 * The ask body; an agent's also names the agent (LibreChat's agents chat takes `agent_id`), a
 * plain chat with tools on carries them as `ephemeralAgent`.
 */
export type AskBody = AskRequest & { agent_id?: string; ephemeralAgent?: EphemeralAgentPayload };

/** The request body of POST /api/ask/{endpoint} for each kind of submission (SPEC 4). */
export function buildAskBody(params: AskParams, userMessageId: string, endpointType: string | null): AskBody {
  const { selection, conversationId } = params;
  // The mode is the user's setting now, never the one stored with the conversation's settings.
  const { artifacts: _storedArtifacts, ...settings } = params.settings ?? {};
  const base: AskBody = {
    ...settings,
    ...(params.artifacts ? { artifacts: params.artifacts } : {}),
    text: params.text,
    conversationId: conversationId ?? null,
    endpoint: selection.endpoint,
    ...(endpointType ? { endpointType } : {}),
    model: selection.model,
    // A choice made from a model spec names it; the conversation then keeps it (SPEC 3).
    ...(selection.spec ? { spec: selection.spec } : {}),
    ...(selection.agentId ? { agent_id: selection.agentId } : {}),
    ...(params.ephemeralAgent && !selection.agentId ? { ephemeralAgent: params.ephemeralAgent } : {}),
    ...(params.isTemporary ? { isTemporary: true } : {}),
  };
  switch (params.kind) {
    case 'send':
    case 'edit-user':
      return {
        ...base,
        messageId: userMessageId,
        parentMessageId: params.parentMessageId ?? NO_PARENT,
        ...(params.kind === 'edit-user' ? { isEdited: true } : {}),
        ...(params.files?.length ? { files: params.files } : {}),
        ...(params.multiConvo ? multiConvoIds(params.multiConvo) : {}),
      };
    case 'regenerate': {
      const user = params.userMessage;
      return {
        ...base,
        text: user?.text ?? params.text,
        messageId: user?.messageId,
        parentMessageId: user?.parentMessageId ?? NO_PARENT,
        overrideParentMessageId: user?.messageId,
        isRegenerate: true,
        // The column's id names the message (`<uuid>__1`): the server answers in the added column again.
        ...(params.isAddedColumnReply && user ? multiConvoIds({ column: 1, userMessageId: user.messageId }) : {}),
      };
    }
    case 'continue':
    case 'edit-reply': {
      const user = params.userMessage;
      const reply = params.responseMessage;
      return {
        ...base,
        text: user?.text ?? params.text,
        messageId: user?.messageId,
        parentMessageId: user?.parentMessageId ?? NO_PARENT,
        overrideParentMessageId: user?.messageId,
        responseMessageId: reply?.messageId,
        isContinued: true,
        isRegenerate: true,
        isEdited: true,
        ...(params.kind === 'edit-reply' && reply
          ? { editedContent: { index: editedIndex(reply), text: params.editedText ?? '', type: 'text' } }
          : {}),
      };
    }
  }
}

export function initialSubmission(params: AskParams, routeEndpoint: string): Submission {
  const conversationId = params.conversationId ?? '';
  const { selection } = params;
  let userMessage: Message;
  let responseMessage: Message;
  let initialContent: ContentPart[] = [];
  const isNewUserMessage = params.kind === 'send' || params.kind === 'edit-user';
  if (isNewUserMessage || !params.userMessage) {
    userMessage = newMessage({
      messageId: params.multiConvo?.userMessageId ?? crypto.randomUUID(),
      parentMessageId: params.parentMessageId ?? NO_PARENT,
      conversationId,
      text: params.text,
      isCreatedByUser: true,
      endpoint: selection.endpoint,
      // Shown at once with the message; the stored one (from `created`) carries the same.
      ...(params.files?.length ? { files: params.files } : {}),
    });
  } else {
    userMessage = params.userMessage;
  }
  if ((params.kind === 'continue' || params.kind === 'edit-reply') && params.responseMessage) {
    initialContent = replyContent(params.responseMessage, params.kind === 'edit-reply' ? params.editedText : undefined);
    responseMessage = {
      ...params.responseMessage,
      content: initialContent,
      text: textOfParts(initialContent),
      unfinished: true,
      error: false,
      finish_reason: null,
    };
  } else {
    responseMessage = newMessage({
      messageId: crypto.randomUUID(),
      parentMessageId: userMessage.messageId,
      conversationId,
      sender: params.senderLabel,
      content: [],
      unfinished: true,
      model: selection.model,
      endpoint: selection.endpoint,
      // The added model's column: shown beside the first column's reply from the start.
      ...(params.multiConvo?.column === 1 || params.isAddedColumnReply ? { addedConvo: true } : {}),
    });
  }
  return {
    kind: params.kind,
    conversationKey: params.conversationKey,
    conversationId: params.conversationId,
    userMessage,
    responseMessage,
    // The second column answers the first column's message: it shows and stores only its reply.
    isNewUserMessage: isNewUserMessage && params.multiConvo?.column !== 1,
    initialContent,
    streamId: null,
    phase: 'connecting',
    isSlow: false,
    isReconnecting: false,
    isAbortRequested: false,
    conversation: null,
    endpoint: selection.endpoint,
    routeEndpoint,
  };
}
