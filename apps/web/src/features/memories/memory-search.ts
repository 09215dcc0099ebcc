import type { MemoryEntry } from '@confab/shared';

/** From this many memories on, the list offers a search box. */
export const MEMORY_SEARCH_FROM = 6;

/** The memories whose key or value holds every word of `query`, ignoring case; all for a blank query. */
export function filterMemories(memories: readonly MemoryEntry[], query: string): MemoryEntry[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...memories];
  return memories.filter((memory) => {
    const text = `${memory.key}\n${memory.value}`.toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
}
