import { NO_PARENT, type Message } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { buildAskBody, initialSubmission, type AskParams } from './ask-body';

const user: Message = {
  messageId: '22222222-2222-4222-8222-222222222222',
  conversationId: '11111111-1111-4111-8111-111111111111',
  parentMessageId: NO_PARENT,
  sender: 'User',
  text: 'Question',
  isCreatedByUser: true,
  model: null,
  endpoint: 'Simulator',
  error: false,
  unfinished: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const reply: Message = {
  ...user,
  messageId: '33333333-3333-4333-8333-333333333333',
  parentMessageId: user.messageId,
  isCreatedByUser: false,
  text: 'Ans',
  content: [
    { type: 'think', think: 'hm' },
    { type: 'text', text: 'Ans' },
  ],
};

const base: AskParams = {
  conversationKey: user.conversationId,
  conversationId: user.conversationId,
  selection: { endpoint: 'Simulator', model: 'sim-fast' },
  endpointConfig: { type: 'custom', userProvide: false, order: 1 },
  senderLabel: 'Simulator',
  settings: { temperature: 0.5 },
  kind: 'send',
  text: 'Hello',
  parentMessageId: reply.messageId,
};

describe('buildAskBody', () => {
  it('sends a new message under the latest stored one, with the custom endpoint named', () => {
    expect(buildAskBody(base, 'new-id', 'custom')).toEqual({
      temperature: 0.5,
      text: 'Hello',
      conversationId: user.conversationId,
      endpoint: 'Simulator',
      endpointType: 'custom',
      model: 'sim-fast',
      messageId: 'new-id',
      parentMessageId: reply.messageId,
    });
  });
  it('carries the attached files of a new or edited user message, and none otherwise', () => {
    const files = [
      {
        file_id: 'f1',
        filepath: '/images/u/f1',
        filename: 'cat.png',
        type: 'image/png',
        width: 2,
        height: 1,
        bytes: 9,
      },
    ];
    expect(buildAskBody({ ...base, files }, 'id', null).files).toEqual(files);
    expect(buildAskBody({ ...base, kind: 'edit-user', files }, 'id', null).files).toEqual(files);
    expect(buildAskBody({ ...base, files: [] }, 'id', null)).not.toHaveProperty('files');
    expect(
      buildAskBody({ ...base, kind: 'regenerate', userMessage: user, responseMessage: reply, files }, 'x', null),
    ).not.toHaveProperty('files');
  });
  it("carries the Beta tab's artifacts mode (LibreChat's field), never the conversation's stored one", () => {
    const stored = { ...base, settings: { temperature: 0.5, artifacts: 'shadcnui' } };
    expect(buildAskBody({ ...stored, artifacts: 'default' }, 'id', null).artifacts).toBe('default');
    expect(buildAskBody(stored, 'id', null)).not.toHaveProperty('artifacts');
    const regenerate = { ...base, kind: 'regenerate' as const, userMessage: user, artifacts: 'custom' as const };
    expect(buildAskBody(regenerate, 'x', null).artifacts).toBe('custom');
  });
  it("carries the composer's tools as LibreChat's ephemeralAgent, never for an agent's chat", () => {
    const ephemeralAgent = { mcp: ['weather'], execute_code: true };
    expect(buildAskBody({ ...base, ephemeralAgent }, 'id', 'custom').ephemeralAgent).toEqual(ephemeralAgent);
    const regenerate = { ...base, kind: 'regenerate' as const, userMessage: user, ephemeralAgent };
    expect(buildAskBody(regenerate, 'x', null).ephemeralAgent).toEqual(ephemeralAgent);
    const agentChat = { ...base, selection: { endpoint: 'agents', model: '', agentId: 'agent_1' }, ephemeralAgent };
    expect(buildAskBody(agentChat, 'id', null)).not.toHaveProperty('ephemeralAgent');
    expect(buildAskBody(base, 'id', null)).not.toHaveProperty('ephemeralAgent');
  });
  it('starts a new conversation with no parent', () => {
    const body = buildAskBody({ ...base, conversationId: null, parentMessageId: undefined }, 'id', null);
    expect(body).toMatchObject({ conversationId: null, parentMessageId: NO_PARENT });
    expect(body).not.toHaveProperty('endpointType');
  });
  it('regenerates from the parent user message', () => {
    expect(
      buildAskBody({ ...base, kind: 'regenerate', userMessage: user, responseMessage: reply }, 'ignored', 'custom'),
    ).toMatchObject({
      text: 'Question',
      messageId: user.messageId,
      parentMessageId: NO_PARENT,
      overrideParentMessageId: user.messageId,
      isRegenerate: true,
    });
  });
  it("regenerates the added model's reply in its column, named by LibreChat's column id, its placeholder marked", () => {
    const params: AskParams = {
      ...base,
      kind: 'regenerate',
      userMessage: user,
      responseMessage: { ...reply, addedConvo: true },
      isAddedColumnReply: true,
    };
    expect(buildAskBody(params, 'ignored', 'custom')).toMatchObject({
      messageId: `${user.messageId}__1`,
      overrideUserMessageId: `${user.messageId}__1`,
      overrideParentMessageId: user.messageId,
      isRegenerate: true,
    });
    expect(initialSubmission(params, 'custom').responseMessage.addedConvo).toBe(true);
    const plain = { ...params, isAddedColumnReply: false };
    expect(buildAskBody(plain, 'ignored', 'custom')).not.toHaveProperty('overrideUserMessageId');
    expect(initialSubmission(plain, 'custom').responseMessage).not.toHaveProperty('addedConvo');
  });
  it('continues a reply, and regenerates an edited reply from its new text', () => {
    expect(
      buildAskBody({ ...base, kind: 'continue', userMessage: user, responseMessage: reply }, 'x', null),
    ).toMatchObject({
      responseMessageId: reply.messageId,
      isContinued: true,
      isRegenerate: true,
      isEdited: true,
    });
    expect(
      buildAskBody(
        { ...base, kind: 'edit-reply', userMessage: user, responseMessage: reply, editedText: 'New start' },
        'x',
        null,
      ),
    ).toMatchObject({
      responseMessageId: reply.messageId,
      isContinued: true,
      editedContent: { index: 1, text: 'New start', type: 'text' },
    });
  });
  it('resubmits an edited user message as a sibling with the same parent', () => {
    expect(
      buildAskBody({ ...base, kind: 'edit-user', text: 'Edited', parentMessageId: NO_PARENT }, 'sib', null),
    ).toMatchObject({ text: 'Edited', messageId: 'sib', parentMessageId: NO_PARENT, isEdited: true });
  });
  it('names the model spec a choice came from', () => {
    const body = buildAskBody(
      { ...base, selection: { endpoint: 'Simulator', model: 'sim-smart', spec: 'deep' } },
      'id',
      'custom',
    );
    expect(body).toMatchObject({ model: 'sim-smart', spec: 'deep' });
    expect(buildAskBody(base, 'id', 'custom')).not.toHaveProperty('spec');
  });
  it("names each column of a multi-conversation send with LibreChat's ids, the new chat's only for a new chat", () => {
    const userMessageId = '44444444-4444-4444-8444-444444444444';
    const newConversationId = '55555555-5555-4555-8555-555555555555';
    const existing = buildAskBody({ ...base, multiConvo: { column: 1, userMessageId } }, userMessageId, null);
    expect(existing).toMatchObject({
      conversationId: user.conversationId,
      messageId: `${userMessageId}__1`,
      overrideUserMessageId: `${userMessageId}__1`,
    });
    expect(existing).not.toHaveProperty('overrideConvoId');
    const fresh = buildAskBody(
      { ...base, conversationId: null, multiConvo: { column: 0, userMessageId, newConversationId } },
      userMessageId,
      null,
    );
    expect(fresh).toMatchObject({
      conversationId: null,
      messageId: `${userMessageId}__0`,
      overrideUserMessageId: `${userMessageId}__0`,
      overrideConvoId: `${newConversationId}__0`,
    });
  });
});
