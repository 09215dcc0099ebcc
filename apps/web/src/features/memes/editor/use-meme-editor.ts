import { MEME_CAPTIONS_MAX, type CaptionBox } from '@confab/shared';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  canRedo,
  canUndo,
  createHistory,
  pushHistory,
  redoHistory,
  sealHistory,
  undoHistory,
  type EditHistory,
} from './edit-history';
import { newBox, newStickerBox, removeBox, replaceBox, updateBox, type EditorDocument } from './editor-document';

/**
 * The editor's state: the document under undo/redo, and which box is selected (not a step of
 * its own). `group` names a gesture whose changes make one step (a drag, typing in one box).
 */
export function useMemeEditor(initial: EditorDocument) {
  const [history, setHistory] = useState<EditHistory<EditorDocument>>(() => createHistory(initial));
  const [selectedId, setSelectedId] = useState<string | null>(initial.boxes[0]?.id ?? null);
  const initialRef = useRef(initial);
  const document = history.present;
  // What addBox reads to name and place the new box (the actions stay stable across renders).
  const presentRef = useRef(document);
  presentRef.current = document;

  const change = useCallback((update: (doc: EditorDocument) => EditorDocument, group: string | null = null) => {
    setHistory((h) => pushHistory(h, update(h.present), group));
  }, []);

  const actions = useMemo(
    () => ({
      change,
      /** Ends a gesture, so the next one is a step of its own. */
      seal: () => setHistory((h) => sealHistory(h)),
      setBox: (box: CaptionBox, group: string | null = null) => change((d) => replaceBox(d, box), group),
      patchBox: (id: string, patch: Partial<CaptionBox>, group: string | null = null) =>
        change((d) => updateBox(d, id, patch), group),
      addBox: (caption: string) => {
        const current = presentRef.current;
        if (current.boxes.length >= MEME_CAPTIONS_MAX) return;
        const box = newBox(current.boxes, caption);
        change((d) => ({ ...d, boxes: [...d.boxes, box] }));
        setSelectedId(box.id);
      },
      addSticker: (sticker: string) => {
        const current = presentRef.current;
        if (current.boxes.length >= MEME_CAPTIONS_MAX) return;
        const box = newStickerBox(current.boxes, sticker);
        change((d) => ({ ...d, boxes: [...d.boxes, box] }));
        setSelectedId(box.id);
      },
      deleteBox: (id: string) => {
        change((d) => removeBox(d, id));
        setSelectedId((current) => (current === id ? null : current));
      },
      undo: () => setHistory((h) => undoHistory(h)),
      redo: () => setHistory((h) => redoHistory(h)),
      select: setSelectedId,
    }),
    [change],
  );

  const selected = document.boxes.find((b) => b.id === selectedId) ?? null;
  return {
    document,
    selected,
    selectedId: selected?.id ?? null,
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    /** Anything to lose on cancel. */
    isDirty: document !== initialRef.current,
    ...actions,
  };
}

export type MemeEditorState = ReturnType<typeof useMemeEditor>;
