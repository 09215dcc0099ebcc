import type * as Ai from 'ai';

/** The AI SDK's functions (`ai`); its types are imported as types wherever needed. */
export type AiSdk = typeof Ai;

let loading: Promise<AiSdk> | undefined;

/**
 * The AI SDK, loaded at the first call that needs it (a chat, a title, an embedding, an image):
 * with its dependencies it costs the idle server several MB it does without until then
 * (bench/README.md, "Server RSS idle").
 */
export function loadAiSdk(): Promise<AiSdk> {
  return (loading ??= import('ai'));
}
