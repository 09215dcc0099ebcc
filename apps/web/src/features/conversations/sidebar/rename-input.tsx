import { TEXT_LIMITS } from '@confab/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Inline title editor (SPEC 4, Rename): Enter and blur save, Escape cancels. The caller
 * decides what an unchanged or empty value means.
 */
export function RenameInput({
  initialValue,
  onSave,
  onCancel,
}: {
  initialValue: string;
  onSave(value: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('conversations');
  const [value, setValue] = useState(initialValue);
  const ref = useRef<HTMLInputElement>(null);
  const isDone = useRef(false);
  /** Whether the user clicked elsewhere or tabbed away since the editor opened. */
  const hasUserLeft = useRef(false);

  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    input.focus();
    input.select();
    const onPointerDown = (event: PointerEvent) => {
      if (event.target !== input) hasUserLeft.current = true;
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, []);

  const finish = (save: boolean) => {
    if (isDone.current) return;
    isDone.current = true;
    if (save) onSave(value);
    else onCancel();
  };

  // A double-click on a closed conversation also opens it, and the chat page then focuses its
  // composer. A blur the user did not cause (no click elsewhere, no Tab, window still focused)
  // is stolen focus: take it back instead of closing the editor.
  const onBlur = () => {
    if (!hasUserLeft.current && document.hasFocus()) {
      requestAnimationFrame(() => ref.current?.focus());
      return;
    }
    finish(true);
  };

  return (
    <input
      ref={ref}
      value={value}
      maxLength={TEXT_LIMITS.renameMax}
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          finish(true);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          finish(false);
        } else if (e.key === 'Tab') {
          hasUserLeft.current = true;
        }
      }}
      onBlur={onBlur}
      aria-label={t('rename_label')}
      className="h-full w-full min-w-0 rounded-lg border border-accent bg-surface px-2 text-sm text-fg ring-3 ring-accent/15 outline-none"
      data-testid="rename-input"
    />
  );
}
