import type { ModelSettings } from '@confab/shared';
import type { MemoryConfig } from '../../config/memory-config-schema.js';
import type { MemoryRow } from './memories.repo.js';

/** Memories as the model reads them: one `key: value` line each. */
const lines = (rows: readonly Pick<MemoryRow, 'key' | 'value'>[]): string =>
  rows.map((row) => `- ${row.key}: ${row.value}`).join('\n');

/** The heading the chat's model sees the memories under (LibreChat's wording). */
export const MEMORY_CONTEXT_HEADING = '# Existing memory about the user:';

/**
 * The saved memories for a chat's system prompt, or '' for none: the user's general memories,
 * and an agent's own memories of the user after them.
 */
export function memoryContext(general: readonly MemoryRow[], agentOwn: readonly MemoryRow[]): string {
  if (!general.length && !agentOwn.length) return '';
  const blocks = [MEMORY_CONTEXT_HEADING];
  if (general.length) blocks.push(lines(general));
  if (agentOwn.length) blocks.push(`## What this agent remembers about the user:\n${lines(agentOwn)}`);
  return blocks.join('\n');
}

/** The settings with the memories after the system prompt: for the model only, as the artifact instructions are. */
export function withMemoryContext<T extends ModelSettings>(settings: T, context: string | undefined): T {
  if (!context) return settings;
  const system = settings.system?.trim() ? `${settings.system}\n\n${context}` : context;
  return { ...settings, system };
}

/** LibreChat's default memory instructions, in short: save only what the user asks to be remembered. */
const DEFAULT_INSTRUCTIONS = `You manage the memory of an assistant about the user. Read the conversation and decide whether a memory should change.

Use the \`set_memory\` tool to save a short fact about the user, ONLY when the user asks you to remember something ("Remember that I…", "Don't forget…", "Keep in mind…") or states a lasting preference about themselves. To change a saved fact, call \`set_memory\` with its key and the new value.
Use the \`delete_memory\` tool ONLY when the user asks to forget or remove something.

Never store what the user only mentioned in passing, secrets, passwords or other people's private data. Keys are short snake_case names; values are one concise sentence.
When nothing needs to change, END THE TURN IMMEDIATELY without calling a tool and without writing anything.`;

/** The memory step's system prompt: the instructions, the limits, and what is saved now. */
export function memoryStepInstructions(
  instructions: string | null | undefined,
  existing: readonly MemoryRow[],
  config: MemoryConfig | undefined,
): string {
  const parts = [instructions?.trim() || DEFAULT_INSTRUCTIONS];
  if (config?.validKeys?.length) parts.push(`VALID KEYS: ${config.validKeys.join(', ')}`);
  if (config?.tokenLimit) {
    const used = existing.reduce((sum, row) => sum + row.token_count, 0);
    parts.push(`TOKEN LIMIT: all memories together may hold ${config.tokenLimit} tokens; ${used} are used.`);
  }
  parts.push(
    existing.length
      ? `# Existing memory about the user:\n${lines(existing)}`
      : '# Existing memory about the user:\n(none yet)',
  );
  return parts.join('\n\n');
}
