import { create } from 'zustand';

/**
 * The forks shown as cards (SPEC 4, sibling navigation: cards mode), by the parent message's
 * id. Kept for the page's life only: a view choice, not part of the conversation.
 */
const useCardsModeStore = create<{ parents: ReadonlySet<string> }>(() => ({ parents: new Set() }));

export function useIsCardsMode(parentKey: string): boolean {
  return useCardsModeStore((s) => s.parents.has(parentKey));
}

export function setCardsMode(parentKey: string, isOn: boolean): void {
  useCardsModeStore.setState((s) => {
    const parents = new Set(s.parents);
    if (isOn) parents.add(parentKey);
    else parents.delete(parentKey);
    return { parents };
  });
}

/**
 * The two siblings the cards show, in sibling order: the shown one and its neighbour (the one
 * before it when it is the newest, else the one after). Null with fewer than two siblings.
 *
 * @example pickCardPair(1, 2) // [0, 1]
 */
export function pickCardPair(shownIndex: number, count: number): [number, number] | null {
  if (count < 2 || shownIndex < 0 || shownIndex >= count) return null;
  return shownIndex === count - 1 ? [shownIndex - 1, shownIndex] : [shownIndex, shownIndex + 1];
}
