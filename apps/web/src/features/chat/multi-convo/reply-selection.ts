import type { Message } from '@confab/shared';
import type { ModelSelection } from '../header/model-selection';

/**
 * The model a reply is asked again (regenerate, continue) when it is not the header's.
 *
 * A question sent to two models (multi-conversation) has two replies, each stored with the
 * endpoint and model it was asked (the server's column 1 stores the added model's on its reply
 * and leaves the conversation, hence the header, on the first column's). Asked again with the
 * header's model, the added column's reply would be answered by the other column's model, so a
 * reply of such a question keeps its own. The question is recognised by what is stored (the
 * added reply's `addedConvo`, see replyColumnsOf), so this holds after a reload too.
 * Any other reply follows the header, as today: a reply of a model the user has since switched
 * away from is asked of the model now chosen. A reply that matches the header, or an agent's
 * (whose agent the reply does not name), is asked with the header's selection and settings too.
 */
export function ownSelectionOf(
  reply: Pick<Message, 'endpoint' | 'model'>,
  header: ModelSelection,
  isTwoModelQuestion: boolean,
): ModelSelection | null {
  if (!isTwoModelQuestion) return null;
  const { endpoint, model } = reply;
  if (!endpoint || !model || endpoint === 'agents') return null;
  if (endpoint === header.endpoint && model === header.model && !header.agentId) return null;
  return { endpoint, model };
}
