import { TIMING } from '@confab/shared';
import { useCallback, useEffect, useRef } from 'react';
import { useChatPreferences } from '../../settings/chat-preferences';
import { setComposerText, useComposerStore } from '../input/composer-store';
import { loadDraft, MIN_DRAFT_LENGTH, removeDraft, saveDraft } from './drafts';

/**
 * Keeps the input's text as a draft of the conversation (SPEC 4): saved 750 ms after typing
 * stops, removed 2.5 s after it shrinks under 2 characters, loaded when the conversation
 * changes. `sessionKey` changes only when another conversation opens: when /c/new becomes
 * /c/{id} the text stays and later saves go to the new id. With the "save drafts" preference off
 * nothing is saved or loaded.
 */
export function useDraft(draftId: string, sessionKey: string): { clearDraft: () => void } {
  const text = useComposerStore((s) => s.text);
  const isSaving = useChatPreferences((s) => s.saveDrafts);
  const pending = useRef<{ id: string; text: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  const loadedSession = useRef<string | null>(null);

  const flush = useCallback(() => {
    const p = pending.current;
    if (!p) return;
    clearTimeout(p.timer);
    pending.current = null;
    // Read now, not when the save was scheduled: drafts may have been turned off since.
    if (useChatPreferences.getState().saveDrafts) saveDraft(p.id, p.text);
  }, []);

  useEffect(() => {
    if (loadedSession.current === sessionKey) return;
    flush();
    loadedSession.current = sessionKey;
    setComposerText(useChatPreferences.getState().saveDrafts ? loadDraft(draftId) : '');
  }, [sessionKey, draftId, flush]);

  useEffect(() => {
    if (loadedSession.current !== sessionKey) return;
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    if (!isSaving) return;
    const isShort = text.trim().length < MIN_DRAFT_LENGTH;
    const delay = isShort ? TIMING.draftShortRemoveMs : TIMING.draftDebounceMs;
    const entry = {
      id: draftId,
      text,
      timer: setTimeout(() => {
        pending.current = null;
        if (isShort) removeDraft(draftId);
        else if (useChatPreferences.getState().saveDrafts) saveDraft(draftId, text);
      }, delay),
    };
    pending.current = entry;
  }, [text, draftId, sessionKey, isSaving]);

  useEffect(() => () => flush(), [flush]);

  const clearDraft = useCallback(() => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    removeDraft(draftId);
  }, [draftId]);

  return { clearDraft };
}
