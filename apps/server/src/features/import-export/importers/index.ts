import { bigAgiImporter } from './big-agi.js';
import { chatbotUiImporter } from './chatbot-ui.js';
import { chatgptImporter } from './chatgpt.js';
import { claudeImporter } from './claude.js';
import { librechatImporter } from './librechat.js';
import { lobechatImporter } from './lobechat.js';
import { nextchatImporter } from './nextchat.js';
import { openWebUiImporter } from './open-webui.js';
import type { Importer } from './types.js';

/** Every format, in the order detection tries them. */
export const IMPORTERS: readonly Importer[] = [
  librechatImporter,
  chatbotUiImporter,
  chatgptImporter,
  claudeImporter,
  openWebUiImporter,
  lobechatImporter,
  nextchatImporter,
  bigAgiImporter,
];

/** The arrays the file reader streams element by element (everything but whole-object formats). */
export const STREAMED_COLLECTIONS: ReadonlySet<string> = new Set(IMPORTERS.flatMap((i) => i.collections.filter((c) => c !== 'root')));

/** The importer for a value found in `collection` (`root` for the whole top-level object). */
export function detectImporter(collection: string, value: unknown): Importer | undefined {
  return IMPORTERS.find((i) => i.collections.includes(collection) && i.detect(value));
}

export const SUPPORTED_FORMATS_TEXT = IMPORTERS.map((i) => i.label).join(', ');

export type { Importer, RawConversation, RawMessage } from './types.js';
