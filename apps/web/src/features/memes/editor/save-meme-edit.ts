import { MEME_PATHS, type MemeEditBody, type MemeEditResponse } from '@confab/shared';
import { apiJson } from '../../../lib/api-client';

/**
 * POST /api/memes/edits: the editor's meme, made and stored by the server. With `messageId` and
 * `toolCallId` it is added to that reply after the original; without, from the gallery, it is a
 * new message after `parentMessageId` (or the conversation's latest). Answers the message as it
 * now is; a refusal throws ApiError (404 `not_found`, 400 `validation_error` with the reason).
 */
export function saveMemeEdit(body: MemeEditBody, signal?: AbortSignal): Promise<MemeEditResponse> {
  return apiJson<MemeEditResponse>(MEME_PATHS.edits, { method: 'POST', json: body, signal });
}
