import type { EndpointsConfig } from '../api/chat-api';
import type { ModelSelection } from '../header/model-selection';
import type { AskParams } from '../stream/ask-body';
import { addedColumnKey } from './added-model-store';

/**
 * One question as LibreChat's two asks (multi-conversation): the first with the header's model,
 * the second with the added one, under its own store key. Both name the same user message, and a
 * new chat's conversation, chosen here. The added model asks with its own defaults: the header's
 * parameters belong to the header's endpoint.
 */
export function buildMultiConvoAsks(
  first: AskParams,
  added: ModelSelection,
  endpoints: EndpointsConfig | undefined,
  addedSenderLabel: string,
): [AskParams, AskParams] {
  const userMessageId = crypto.randomUUID();
  const newConversationId = first.conversationId ? undefined : crypto.randomUUID();
  const ids = { userMessageId, ...(newConversationId ? { newConversationId } : {}) };
  const { settings: _headerSettings, ...shared } = first;
  return [
    { ...first, multiConvo: { column: 0, ...ids } },
    {
      ...shared,
      conversationKey: addedColumnKey(first.conversationKey),
      selection: added,
      endpointConfig: endpoints?.[added.endpoint],
      senderLabel: addedSenderLabel,
      multiConvo: { column: 1, ...ids },
    },
  ];
}
