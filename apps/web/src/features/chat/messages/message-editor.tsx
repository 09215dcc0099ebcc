import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/**
 * Inline edit of a message (SPEC 4, Edit): Escape cancels, Ctrl/Cmd+Enter saves and submits,
 * Ctrl/Cmd+S or Shift+Enter saves only.
 */
export function MessageEditor({
  initialText,
  onSave,
  onCancel,
  canSubmit,
}: {
  initialText: string;
  onSave: (text: string, submit: boolean) => Promise<boolean>;
  onCancel: () => void;
  canSubmit: boolean;
}) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState(initialText);
  const [isSaving, setIsSaving] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const area = ref.current;
    if (!area) return;
    area.focus();
    area.setSelectionRange(area.value.length, area.value.length);
  }, []);

  useEffect(() => {
    const area = ref.current;
    if (!area) return;
    area.style.height = 'auto';
    area.style.height = `${area.scrollHeight}px`;
  }, [text]);

  const isBlank = text.trim().length === 0;
  const save = async (submit: boolean) => {
    if (isBlank || isSaving || (submit && !canSubmit)) return;
    setIsSaving(true);
    setHasFailed(false);
    const ok = await onSave(text.trim(), submit);
    setIsSaving(false);
    if (!ok) setHasFailed(true);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    const isMod = e.ctrlKey || e.metaKey;
    if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    } else if (isMod && e.key === 'Enter') {
      e.preventDefault();
      void save(true);
    } else if ((isMod && e.key.toLowerCase() === 's') || (e.shiftKey && e.key === 'Enter')) {
      e.preventDefault();
      void save(false);
    }
  };

  return (
    <div className="w-full rounded-3xl bg-surface-tertiary px-4 py-3" data-testid="message-editor">
      <textarea
        ref={ref}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        aria-label={t('edit.label')}
        rows={1}
        className="scrollbar-thin max-h-[50vh] w-full resize-none bg-transparent text-base leading-relaxed text-fg outline-none"
        data-testid="edit-textarea"
      />
      {hasFailed ? <p className="mt-1 text-sm text-danger">{t('edit.save_failed')}</p> : null}
      <div className="mt-2 flex flex-wrap items-center justify-end gap-2">
        <span className="mr-auto hidden truncate text-xs text-fg-tertiary lg:inline">{t('edit.hint')}</span>
        <Button variant="ghost" size="sm" onClick={onCancel} data-testid="edit-cancel">
          {t('edit.cancel')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void save(false)}
          disabled={isBlank || isSaving}
          data-testid="edit-save"
        >
          {t('edit.save')}
        </Button>
        <Button
          variant="primary"
          size="sm"
          onClick={() => void save(true)}
          disabled={isBlank || isSaving || !canSubmit}
          data-testid="edit-submit"
        >
          {t('edit.save_submit')}
        </Button>
      </div>
    </div>
  );
}
