import { MEME_IMAGE, type CaptionBox } from '@confab/shared';
import {
  useEffect,
  useRef,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { boxAfterKey, RESIZE_HANDLES, type ResizeHandle } from './box-geometry';

export type GestureMode = 'move' | { resize: ResizeHandle } | 'rotate' | 'rotate-below';

/** A box this close to the picture's top (meme px) has its rotate handle below it, where it can be reached. */
const ROTATE_BELOW_TOP = 200;

const pct = (value: number, of: number) => `${(value / of) * 100}%`;

/** A box's place on the stage, in percent of the meme, turned about its centre. */
const placeOf = (box: CaptionBox): CSSProperties => ({
  left: pct(box.x, MEME_IMAGE.width),
  top: pct(box.y, MEME_IMAGE.height),
  width: pct(box.w, MEME_IMAGE.width),
  height: pct(box.h, MEME_IMAGE.height),
  transform: box.rotation ? `rotate(${box.rotation}deg)` : undefined,
});

/** Where each handle sits on the box (percent of its own size) and the cursor it shows. */
const HANDLE_PLACE: Record<ResizeHandle, { left: string; top: string; cursor: string }> = {
  nw: { left: '0%', top: '0%', cursor: 'nwse-resize' },
  n: { left: '50%', top: '0%', cursor: 'ns-resize' },
  ne: { left: '100%', top: '0%', cursor: 'nesw-resize' },
  e: { left: '100%', top: '50%', cursor: 'ew-resize' },
  se: { left: '100%', top: '100%', cursor: 'nwse-resize' },
  s: { left: '50%', top: '100%', cursor: 'ns-resize' },
  sw: { left: '0%', top: '100%', cursor: 'nesw-resize' },
  w: { left: '0%', top: '50%', cursor: 'ew-resize' },
};

/**
 * One caption box on the stage: placed and rotated in percent of the meme (so it follows the
 * canvas at any size), focusable, moved by keys (box-geometry's boxAfterKey), and, selected, with
 * its eight resize handles and a rotate handle. While its text is edited in place a textarea
 * covers it.
 */
export function BoxFrame({
  box,
  index,
  isSelected,
  isEditing,
  onPointerDown,
  onFocus,
  onKeyChange,
  onKeyEnd,
  onDelete,
  onEditText,
  onTextChange,
  onStopEditing,
}: {
  box: CaptionBox;
  index: number;
  isSelected: boolean;
  isEditing: boolean;
  onPointerDown(event: ReactPointerEvent, mode: GestureMode): void;
  onFocus(): void;
  onKeyChange(next: CaptionBox): void;
  onKeyEnd(): void;
  onDelete(): void;
  onEditText(): void;
  onTextChange(caption: string): void;
  onStopEditing(): void;
}) {
  const { t } = useTranslation('meme-editor');
  const frameRef = useRef<HTMLDivElement>(null);
  const isRotateBelow = box.y < ROTATE_BELOW_TOP;
  const label = box.sticker
    ? t('box_label_sticker', { number: index + 1 })
    : t('box_label', { number: index + 1, text: box.caption.trim() || t('empty_caption') });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      onEditText();
      return;
    }
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onDelete();
      return;
    }
    const next = boxAfterKey(box, event);
    if (!next) return;
    event.preventDefault();
    onKeyChange(next);
  };

  // Back on the box after editing in place (Escape), so the keyboard carries on from there; not
  // when the edit ended because the user went to another control.
  const wasEditing = useRef(isEditing);
  useEffect(() => {
    // (Radix's focus trap may have put it on the dialog itself when the text field went away.)
    const active = document.activeElement;
    const isFocusLost = !active || active === document.body || active.hasAttribute('data-dialog-content');
    if (wasEditing.current && !isEditing && isFocusLost) frameRef.current?.focus({ preventScroll: true });
    wasEditing.current = isEditing;
  }, [isEditing]);

  return (
    <>
      <div
        ref={frameRef}
        role="button"
        tabIndex={0}
        aria-roledescription={t('box_role')}
        aria-label={label}
        aria-pressed={isSelected}
        aria-describedby="meme-editor-keys-help"
        onPointerDown={(event) => onPointerDown(event, 'move')}
        onDoubleClick={onEditText}
        onFocus={(event) => event.target === event.currentTarget && onFocus()}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => event.target === event.currentTarget && onKeyEnd()}
        className={cn(
          'group absolute cursor-move rounded-[2px] outline-none',
          'focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2 focus-visible:ring-offset-black',
          isSelected
            ? 'border-2 border-white shadow-[0_0_0_1px_rgba(0,0,0,0.7)]'
            : 'border border-dashed border-white/70 shadow-[0_0_0_1px_rgba(0,0,0,0.35)] hover:border-white',
        )}
        style={placeOf(box)}
        data-testid="meme-editor-box"
        data-box-id={box.id}
        // Where the box is in the meme's pixels, for tests and tools that read the page.
        data-x={Math.round(box.x)}
        data-y={Math.round(box.y)}
        data-w={Math.round(box.w)}
        data-h={Math.round(box.h)}
        data-rotation={Math.round(box.rotation)}
        data-selected={isSelected || undefined}
      >
        {isSelected && !isEditing ? (
          <>
            {RESIZE_HANDLES.map((handle) => (
              <span
                key={handle}
                aria-hidden
                onPointerDown={(event) => onPointerDown(event, { resize: handle })}
                className="absolute z-10 flex size-7 -translate-x-1/2 -translate-y-1/2 items-center justify-center"
                style={{
                  left: HANDLE_PLACE[handle].left,
                  top: HANDLE_PLACE[handle].top,
                  cursor: HANDLE_PLACE[handle].cursor,
                }}
                data-testid="meme-editor-handle"
                data-handle={handle}
              >
                <span className="size-3 rounded-[3px] border-2 border-accent bg-white shadow" />
              </span>
            ))}
            <span
              aria-hidden
              className={cn(
                'absolute left-1/2 h-6 w-0.5 -translate-x-1/2 bg-white/90 shadow-[0_0_0_1px_rgba(0,0,0,0.35)]',
                isRotateBelow ? '-bottom-6' : '-top-6',
              )}
            />
            <span
              aria-hidden
              onPointerDown={(event) => onPointerDown(event, isRotateBelow ? 'rotate-below' : 'rotate')}
              className={cn(
                'absolute left-1/2 z-10 flex size-8 -translate-x-1/2 cursor-grab items-center justify-center',
                isRotateBelow ? '-bottom-11' : '-top-11',
              )}
              data-testid="meme-editor-rotate"
            >
              <span className="size-4 rounded-full border-2 border-accent bg-white shadow" />
            </span>
          </>
        ) : null}
      </div>
      {isEditing ? (
        // Beside the box, not in it: the box is a button, which holds no other control.
        <div className="absolute z-20" style={placeOf(box)}>
          <InPlaceText caption={box.caption} label={label} onChange={onTextChange} onDone={onStopEditing} />
        </div>
      ) : null}
    </>
  );
}

/** The caption typed over its box (Enter is a new line); Escape, Ctrl+Enter or leaving it ends the edit. */
function InPlaceText({
  caption,
  label,
  onChange,
  onDone,
}: {
  caption: string;
  label: string;
  onChange(caption: string): void;
  onDone(): void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const area = ref.current;
    if (!area) return;
    area.focus({ preventScroll: true });
    area.setSelectionRange(area.value.length, area.value.length);
  }, []);
  return (
    <textarea
      ref={ref}
      value={caption}
      aria-label={label}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onDone}
      onPointerDown={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        // (The dialog keeps Escape from closing it while a caption is edited.)
        if (event.key === 'Escape' || (event.key === 'Enter' && (event.ctrlKey || event.metaKey))) {
          event.preventDefault();
          onDone();
        }
      }}
      // Opaque, in the app's own type: the caption as drawn shows again once the edit ends, and
      // two texts on top of each other read as neither.
      className="absolute inset-0 size-full min-h-14 resize-none rounded-md bg-surface-elevated p-2 text-center text-base leading-snug text-fg shadow-elevated ring-2 ring-accent outline-none"
      data-testid="meme-editor-inplace-text"
    />
  );
}
