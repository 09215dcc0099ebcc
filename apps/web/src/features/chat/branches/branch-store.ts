import { create } from 'zustand';
import { loadBranchChoices, saveBranchChoices, type BranchChoices } from './branch-memory';

/**
 * The branch choices of the conversations seen in this page, read from localStorage once per
 * conversation and written back on every change. The store only carries a version, so that
 * components re-render when a choice changes.
 */
const cache = new Map<string, BranchChoices>();
const useBranchVersion = create<{ version: number }>(() => ({ version: 0 }));
const EMPTY: BranchChoices = {};

/** Only real conversations are remembered; a chat not created yet has nothing to keep. */
function isPersistent(conversationKey: string): boolean {
  return !conversationKey.startsWith('new');
}

export function getBranchChoices(conversationKey: string): BranchChoices {
  let choices = cache.get(conversationKey);
  if (!choices) {
    choices = isPersistent(conversationKey) ? loadBranchChoices(conversationKey) : EMPTY;
    cache.set(conversationKey, choices);
  }
  return choices;
}

export function useBranchChoices(conversationKey: string): BranchChoices {
  useBranchVersion((s) => s.version);
  return getBranchChoices(conversationKey);
}

export function setBranchChoices(conversationKey: string, next: BranchChoices): void {
  if (getBranchChoices(conversationKey) === next) return;
  cache.set(conversationKey, next);
  if (isPersistent(conversationKey)) saveBranchChoices(conversationKey, next);
  useBranchVersion.setState((s) => ({ version: s.version + 1 }));
}

/** Shows the newest sibling under `parentKey` (a regenerate or an edit just added one). */
export function showNewestAt(conversationKey: string, parentKey: string): void {
  const current = getBranchChoices(conversationKey);
  if (!(parentKey in current)) return;
  const { [parentKey]: _dropped, ...rest } = current;
  setBranchChoices(conversationKey, rest);
}

/** Carries the choices of a new chat over to its real id. */
export function moveBranchChoices(fromKey: string, toKey: string): void {
  const from = cache.get(fromKey);
  if (from && Object.keys(from).length) setBranchChoices(toKey, { ...getBranchChoices(toKey), ...from });
  cache.delete(fromKey);
}
