import { create } from 'zustand';
import type { Submission } from './submission';

export interface ChatStoreState {
  /** Running (or just finished) submissions by conversation key. */
  submissions: Record<string, Submission>;
  /**
   * New chats whose conversation now exists: `new:<location key>` → conversation id. The
   * page at /c/new shows the real conversation as soon as it is known, before the URL moves.
   */
  resolvedNew: Record<string, string>;
  /** New chats that finished: the page replaces /c/new with /c/{id}. */
  finishedNew: Record<string, string>;
}

/**
 * A new chat that got its conversation is remembered for the tab (sessionStorage survives a
 * reload, and so does the history entry's key): reloading /c/new mid-stream finds it again.
 */
const RESOLVED_NEW_PREFIX = 'resolvedNewChat_';

export function readResolvedNewChat(newKey: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(`${RESOLVED_NEW_PREFIX}${newKey}`) ?? null;
  } catch {
    return null;
  }
}

function writeResolvedNewChat(newKey: string, conversationId: string | null): void {
  try {
    if (conversationId) globalThis.sessionStorage?.setItem(`${RESOLVED_NEW_PREFIX}${newKey}`, conversationId);
    else globalThis.sessionStorage?.removeItem(`${RESOLVED_NEW_PREFIX}${newKey}`);
  } catch {
    // Without sessionStorage a reload mid-stream opens a fresh /c/new; the chat is in the list.
  }
}

export const useChatStore = create<ChatStoreState>(() => ({ submissions: {}, resolvedNew: {}, finishedNew: {} }));

export function getSubmission(key: string): Submission | undefined {
  return useChatStore.getState().submissions[key];
}

export function setSubmission(key: string, sub: Submission): void {
  useChatStore.setState((s) => ({ submissions: { ...s.submissions, [key]: sub } }));
}

export function updateSubmission(key: string, update: (sub: Submission) => Submission): Submission | undefined {
  const current = getSubmission(key);
  if (!current) return undefined;
  const next = update(current);
  if (next !== current) setSubmission(key, next);
  return next;
}

/** Moves a submission to another key (a new chat that got its conversation id). */
export function moveSubmission(fromKey: string, toKey: string): void {
  if (fromKey.startsWith('new:')) writeResolvedNewChat(fromKey, toKey);
  useChatStore.setState((s) => {
    const sub = s.submissions[fromKey];
    if (!sub || fromKey === toKey) return s;
    const { [fromKey]: _moved, ...rest } = s.submissions;
    return {
      submissions: { ...rest, [toKey]: { ...sub, conversationKey: toKey } },
      resolvedNew: fromKey.startsWith('new:') ? { ...s.resolvedNew, [fromKey]: toKey } : s.resolvedNew,
    };
  });
}

export function removeSubmission(key: string): void {
  useChatStore.setState((s) => {
    if (!s.submissions[key]) return s;
    const { [key]: _removed, ...rest } = s.submissions;
    return { submissions: rest };
  });
}

export function markNewChatFinished(newKey: string, conversationId: string): void {
  useChatStore.setState((s) => ({ finishedNew: { ...s.finishedNew, [newKey]: conversationId } }));
}

export function forgetNewChat(newKey: string): void {
  writeResolvedNewChat(newKey, null);
  useChatStore.setState((s) => {
    if (!(newKey in s.resolvedNew) && !(newKey in s.finishedNew)) return s;
    const { [newKey]: _a, ...resolvedNew } = s.resolvedNew;
    const { [newKey]: _b, ...finishedNew } = s.finishedNew;
    return { resolvedNew, finishedNew };
  });
}

/**
 * Forgets new chats that became one of these conversations (every one with `'all'`): a page at
 * /c/new showing a chat deleted meanwhile goes back to a fresh landing instead of moving to
 * the deleted conversation when its stream ends.
 */
export function forgetNewChatsOf(conversationIds: readonly string[] | 'all'): void {
  const isGone = (id: string) => conversationIds === 'all' || conversationIds.includes(id);
  const { resolvedNew, finishedNew } = useChatStore.getState();
  const newKeys = Object.keys({ ...resolvedNew, ...finishedNew }).filter(
    (newKey) => isGone(resolvedNew[newKey] ?? '') || isGone(finishedNew[newKey] ?? ''),
  );
  for (const newKey of newKeys) forgetNewChat(newKey);
}

export function isSubmitting(key: string): boolean {
  const phase = getSubmission(key)?.phase;
  return phase === 'connecting' || phase === 'streaming';
}
