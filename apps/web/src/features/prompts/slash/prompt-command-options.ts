import type { PromptGroup } from '@confab/shared';

/** One row of the "/" command's list: a prompt group and its production text. */
export interface PromptCommandOption {
  key: string;
  group: PromptGroup;
  /** The production version's text, what choosing the row inserts. */
  text: string;
}

/** How well a group matches: lower is better; null is no match. */
function rankOf(group: PromptGroup, needle: string): number | null {
  if (!needle) return 0;
  const command = group.command?.toLowerCase() ?? '';
  const name = group.name.toLowerCase();
  if (command === needle) return 0;
  if (command.startsWith(needle)) return 1;
  if (name.startsWith(needle)) return 2;
  if (command.includes(needle)) return 3;
  if (name.includes(needle)) return 4;
  return null;
}

/**
 * The "/" command's list for what follows the "/": the groups whose command or name contains it
 * (case-insensitively, as LibreChat filters), best first (the command exactly, then a command
 * that starts with it, a name that does, then any other match), otherwise in the server's order.
 * A group without a production text has nothing to insert and is left out.
 *
 * @example filterPromptGroups(groups, 'sum') // "/summary" before "Resume writer"
 */
export function filterPromptGroups(groups: readonly PromptGroup[], query: string): PromptCommandOption[] {
  const needle = query.trim().toLowerCase();
  const ranked: { option: PromptCommandOption; rank: number; index: number }[] = [];
  groups.forEach((group, index) => {
    const text = group.productionPrompt?.prompt ?? '';
    if (!text.trim()) return;
    const rank = rankOf(group, needle);
    if (rank === null) return;
    ranked.push({ option: { key: group._id, group, text }, rank, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((r) => r.option);
}
