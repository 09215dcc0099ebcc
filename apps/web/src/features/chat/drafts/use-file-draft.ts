import { useEffect, useRef } from 'react';
import { dispatchAttachments, getAttachments, useAttachments } from '../../files/attachments-store';
import { getFiles, queueFileDeletion } from '../../files/file-queries';
import { attachmentFromRecord, canRemove } from '../../files/upload-state';
import { useChatPreferences } from '../../settings/chat-preferences';
import { loadFileDraft, saveFileDraft } from './file-drafts';

/**
 * Keeps the ids of the attached files as the conversation's file draft (SPEC 4), and restores
 * them when the conversation opens, checked against GET /api/files: an id that no longer exists
 * is dropped. With "save drafts" off nothing is kept, and the files left in the conversation
 * being left are deleted, as a new conversation does in LibreChat.
 */
export function useFileDraft(draftId: string, sessionKey: string): void {
  const attachments = useAttachments(draftId);
  const isSaving = useChatPreferences((s) => s.saveDrafts);
  const session = useRef<{ key: string; draftId: string; isReady: boolean } | null>(null);

  useEffect(() => {
    const previous = session.current;
    if (previous?.key === sessionKey) return;
    const isSavingNow = useChatPreferences.getState().saveDrafts;
    if (previous && !isSavingNow && previous.draftId !== draftId) {
      const left = getAttachments(previous.draftId).filter(canRemove);
      if (left.length) {
        dispatchAttachments(previous.draftId, { type: 'cleared' });
        queueFileDeletion(
          left.map((a) => ({ file_id: a.file_id, filepath: a.filepath, source: a.source, embedded: a.embedded })),
        );
      }
    }
    const current = { key: sessionKey, draftId, isReady: false };
    session.current = current;
    const attachedIds = new Set(getAttachments(draftId).map((a) => a.file_id));
    const missing = isSavingNow ? loadFileDraft(draftId).filter((id) => !attachedIds.has(id)) : [];
    if (missing.length === 0) {
      current.isReady = true;
      return;
    }
    getFiles()
      .then((files) => {
        if (session.current !== current) return;
        current.isReady = true;
        const byId = new Map(files.map((f) => [f.file_id, f]));
        const restored = missing.flatMap((id) => {
          const record = byId.get(id);
          return record ? [attachmentFromRecord(record)] : [];
        });
        dispatchAttachments(draftId, { type: 'restored', attachments: restored });
        saveFileDraft(
          draftId,
          loadFileDraft(draftId).filter((id) => byId.has(id)),
        );
      })
      .catch((err: unknown) => {
        current.isReady = true;
        console.warn('[files] could not restore the file draft', err);
      });
  }, [sessionKey, draftId]);

  useEffect(() => {
    const current = session.current;
    // Not before the draft was restored: the empty list would overwrite it.
    if (!current || current.key !== sessionKey || !current.isReady || !isSaving) return;
    // A new chat that just became /c/{id}: the session follows its draft id.
    current.draftId = draftId;
    saveFileDraft(
      draftId,
      attachments.filter(canRemove).map((a) => a.file_id),
    );
  }, [attachments, draftId, sessionKey, isSaving]);
}
