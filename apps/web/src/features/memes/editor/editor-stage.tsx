import type { CaptionBox } from '@confab/shared';
import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { paintMeme, type MemeScene } from '../meme-canvas-paint';
import { BoxFrame, type GestureMode } from './box-frame';
import { moveBox, resizeBox, rotateToward, screenDeltaToMeme, screenToMeme } from './box-geometry';
import type { EditorDocument } from './editor-document';
import type { MemeEditorState } from './use-meme-editor';

/** What the pointer is doing to a box, from where it started (so one drag is one undo step). */
interface Gesture {
  pointerId: number;
  mode: GestureMode;
  start: { x: number; y: number };
  box: CaptionBox;
  group: string;
}

let gestureCount = 0;

/**
 * The meme as it will be saved, drawn by the same layout as every meme (paintMeme), under an
 * overlay of its boxes: drag a box to move it, its handles to resize or rotate it (mouse, pen
 * and touch alike: pointer events, no browser panning on the stage).
 */
export function EditorStage({
  editor,
  picture,
  language,
  editingId,
  onEditText,
  onStopEditing,
}: {
  editor: MemeEditorState;
  picture: HTMLImageElement | undefined;
  language: string;
  editingId: string | null;
  onEditText(id: string): void;
  onStopEditing(): void;
}) {
  const { t } = useTranslation('meme-editor');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const meme = editor.document;
  useMemePaint(canvasRef, meme, picture, language);

  const stageRect = () => overlayRef.current?.getBoundingClientRect() ?? new DOMRect(0, 0, 1, 1);

  const begin = (event: ReactPointerEvent, box: CaptionBox, mode: Gesture['mode']) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    editor.select(box.id);
    if (editingId && editingId !== box.id) onStopEditing();
    // The stage follows the pointer even off the box (a pointer the page made up cannot be captured).
    try {
      overlayRef.current?.setPointerCapture(event.pointerId);
    } catch {
      // Moves still reach the stage while the pointer is over it.
    }
    gestureCount += 1;
    gesture.current = {
      pointerId: event.pointerId,
      mode,
      start: { x: event.clientX, y: event.clientY },
      box,
      group: `gesture-${gestureCount}`,
    };
  };

  const onPointerMove = (event: ReactPointerEvent) => {
    const g = gesture.current;
    if (!g || g.pointerId !== event.pointerId) return;
    const rect = stageRect();
    const delta = screenDeltaToMeme({ x: event.clientX - g.start.x, y: event.clientY - g.start.y }, rect);
    const next =
      g.mode === 'move'
        ? moveBox(g.box, delta.x, delta.y)
        : g.mode === 'rotate' || g.mode === 'rotate-below'
          ? rotateToward(
              g.box,
              screenToMeme({ x: event.clientX, y: event.clientY }, rect),
              event.shiftKey,
              g.mode === 'rotate-below',
            )
          : resizeBox(g.box, g.mode.resize, delta.x, delta.y);
    editor.setBox(next, g.group);
  };

  // Delete on a focused box: the focus moves on to its neighbour rather than dropping to the page.
  const deleteByKey = (id: string) => {
    const ids = meme.boxes.map((b) => b.id);
    const at = ids.indexOf(id);
    const neighbour = ids[at + 1] ?? ids[at - 1];
    editor.deleteBox(id);
    if (!neighbour) return;
    requestAnimationFrame(() =>
      overlayRef.current?.querySelector<HTMLElement>(`[data-box-id="${CSS.escape(neighbour)}"]`)?.focus(),
    );
  };

  const end = (event: ReactPointerEvent) => {
    if (gesture.current?.pointerId !== event.pointerId) return;
    gesture.current = null;
    editor.seal();
  };

  return (
    // Not clipped: a box's handles may reach past the picture's edge.
    <div className="relative mx-auto aspect-[9/16] h-full max-h-full max-w-full">
      <canvas
        ref={canvasRef}
        className="absolute inset-0 size-full rounded-lg bg-black shadow-sm ring-1 ring-line"
        aria-hidden
        data-testid="meme-editor-canvas"
      />
      <div
        ref={overlayRef}
        className="absolute inset-0 touch-none select-none"
        onPointerDown={(event) => {
          // A press on the picture, off every box, clears the selection.
          if (event.target === event.currentTarget) {
            editor.select(null);
            onStopEditing();
          }
        }}
        onPointerMove={onPointerMove}
        onPointerUp={end}
        onPointerCancel={end}
        role="group"
        aria-label={t('stage_label')}
        data-testid="meme-editor-stage"
      >
        {meme.boxes.map((box, index) => (
          <BoxFrame
            key={box.id}
            box={box}
            index={index}
            isSelected={editor.selectedId === box.id}
            isEditing={editingId === box.id}
            onPointerDown={(event, mode) => begin(event, box, mode)}
            onFocus={() => editor.select(box.id)}
            onKeyChange={(next) => editor.setBox(next, `keys-${box.id}`)}
            onKeyEnd={editor.seal}
            onDelete={() => deleteByKey(box.id)}
            onEditText={() => onEditText(box.id)}
            onTextChange={(caption) => editor.patchBox(box.id, { caption }, `text-${box.id}`)}
            onStopEditing={onStopEditing}
          />
        ))}
      </div>
    </div>
  );
}

/** Draws the document on the canvas whenever it or the picture changes; a newer draw drops an older one. */
function useMemePaint(
  canvasRef: React.RefObject<HTMLCanvasElement | null>,
  meme: EditorDocument,
  picture: HTMLImageElement | undefined,
  language: string,
) {
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let isCurrent = true;
    const scene: MemeScene = {
      image: picture ? { source: picture, width: picture.naturalWidth, height: picture.naturalHeight } : undefined,
      boxes: meme.boxes,
      language,
      layout: meme.layout,
      barHeight: meme.barHeight,
    };
    void paintMeme(canvas, scene, () => isCurrent);
    return () => {
      isCurrent = false;
    };
  }, [canvasRef, meme, picture, language]);
}
