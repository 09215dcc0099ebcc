/**
 * Text drafts per conversation in localStorage, base64 (UTF-8) like LibreChat's
 * `textDraft_<conversationId>`, so a reload or a switch of conversation keeps what was typed.
 */
export const DRAFT_KEY_PREFIX = 'textDraft_';
/** Drafts of a conversation not created yet. */
export const NEW_DRAFT_ID = 'new';
/** A draft shorter than this is removed rather than kept (SPEC 4, Files: drafts). */
export const MIN_DRAFT_LENGTH = 2;

export function draftKey(conversationId: string): string {
  return `${DRAFT_KEY_PREFIX}${conversationId}`;
}

export function encodeDraft(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/** The text of an encoded draft, or null when the value is not a draft we wrote. */
export function decodeDraft(encoded: string): string | null {
  try {
    const binary = atob(encoded);
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function loadDraft(conversationId: string): string {
  const raw = storage()?.getItem(draftKey(conversationId));
  return raw ? (decodeDraft(raw) ?? '') : '';
}

export function saveDraft(conversationId: string, text: string): void {
  try {
    if (text.trim().length < MIN_DRAFT_LENGTH) storage()?.removeItem(draftKey(conversationId));
    else storage()?.setItem(draftKey(conversationId), encodeDraft(text));
  } catch {
    // Quota or disabled storage: the draft is simply not kept.
  }
}

export function removeDraft(conversationId: string): void {
  try {
    storage()?.removeItem(draftKey(conversationId));
  } catch {
    // Nothing to do.
  }
}

/** Removes every stored text draft (the user turned "save drafts" off: nothing stays behind). */
export function removeAllDrafts(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(DRAFT_KEY_PREFIX)) keys.push(key);
    }
    // Collected first: removing while walking by index would skip the key after each removal.
    for (const key of keys) store.removeItem(key);
  } catch {
    // Storage unavailable: there is nothing stored to remove.
  }
}

/** Moves the draft of a new conversation to its real id once the conversation exists. */
export function moveDraft(fromId: string, toId: string): void {
  if (fromId === toId) return;
  const text = loadDraft(fromId);
  removeDraft(fromId);
  if (text && !loadDraft(toId)) saveDraft(toId, text);
}

/** Removes the draft if it holds exactly `text` (what was just sent), keeping newer typing. */
export function clearDraftIfSent(conversationId: string, text: string): void {
  if (loadDraft(conversationId).trim() === text.trim()) removeDraft(conversationId);
}
