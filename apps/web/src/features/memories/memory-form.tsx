import { MEMORY_KEY_MAX, type MemoryEntry } from '@confab/shared';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { classifyMemoryError, memoryErrorText } from './memory-errors';
import { useSaveMemory } from './memory-queries';

const FIELD =
  'block w-full rounded-lg border bg-surface px-3 text-sm text-fg outline-none placeholder:text-fg-tertiary focus:border-accent focus:ring-3 focus:ring-accent/20 disabled:opacity-60';

/**
 * Adds a memory, or edits one where it is listed (value, and key: a new key renames it). Enter in
 * the key and Ctrl/⌘+Enter in the value save; Escape cancels without closing Settings.
 */
export function MemoryForm({
  original,
  charLimit,
  onDone,
}: {
  /** The memory edited in place; none to add one. */
  original?: MemoryEntry;
  charLimit: number;
  /** Closes the form: with the saved memory's key, or none when cancelled. */
  onDone(savedKey?: string): void;
}) {
  const { t } = useTranslation('memories');
  const keyId = useId();
  const valueId = useId();
  const save = useSaveMemory();
  const [key, setKey] = useState(original?.key ?? '');
  const [value, setValue] = useState(original?.value ?? '');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const keyRef = useRef<HTMLInputElement>(null);
  const valueRef = useRef<HTMLTextAreaElement>(null);
  // Editing starts on the value with the caret after it (the usual change); adding, on the key.
  useEffect(() => {
    const field = original ? valueRef.current : keyRef.current;
    field?.focus();
    if (original) field?.setSelectionRange(field.value.length, field.value.length);
    // Once, as the form opens (`original` is the memory it opened on).
  }, []);

  const trimmedKey = key.trim();
  const trimmedValue = value.trim();
  const keyRule = !trimmedKey
    ? t('key_required')
    : trimmedKey.length > MEMORY_KEY_MAX
      ? t('key_too_long', { max: MEMORY_KEY_MAX })
      : null;
  const valueRule = !trimmedValue
    ? t('value_required')
    : trimmedValue.length > charLimit
      ? t('value_too_long', { max: charLimit })
      : null;
  // "Required" waits for a submit; a length over the limit shows while typing.
  const keyError = isSubmitted || (trimmedKey && keyRule) ? keyRule : null;
  const valueError = isSubmitted || (trimmedValue && valueRule) ? valueRule : null;
  // The server's refusal: a taken or disallowed key belongs to the key field, the rest to the form.
  const problem = save.error ? classifyMemoryError(save.error) : null;
  const serverText = save.error ? memoryErrorText(save.error, t) : null;
  const isKeyProblem = problem?.kind === 'duplicate' || problem?.kind === 'valid_keys';
  const shownKeyError = keyError ?? (isKeyProblem ? serverText : null);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setIsSubmitted(true);
    if (keyRule || valueRule || save.isPending) return;
    if (original && trimmedKey === original.key && trimmedValue === original.value) {
      onDone(original.key);
      return;
    }
    save.mutate(
      { originalKey: original?.key, key: trimmedKey, value: trimmedValue },
      {
        onSuccess: (memory) => onDone(memory.key),
        // The pending Save button was disabled and lost the focus: it goes to the field to fix.
        onError: (err) => {
          const kind = classifyMemoryError(err).kind;
          (kind === 'duplicate' || kind === 'valid_keys' ? keyRef.current : valueRef.current)?.focus();
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };

  return (
    <form
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
      // Escape here cancels the edit; Settings stays open (see components/ui/dialog.tsx).
      data-keeps-escape=""
      className="flex flex-col gap-3"
      aria-label={original ? t('edit', { key: original.key }) : t('add')}
      data-testid="memory-form"
    >
      <div>
        <label htmlFor={keyId} className="mb-1 block text-[13px] font-medium text-fg-secondary">
          {t('key_label')}
        </label>
        <input
          ref={keyRef}
          id={keyId}
          value={key}
          onChange={(e) => {
            setKey(e.target.value);
            if (isKeyProblem) save.reset();
          }}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('key_hint')}
          aria-invalid={!!shownKeyError || undefined}
          aria-describedby={shownKeyError ? `${keyId}-error` : undefined}
          className={cn(FIELD, 'h-10 font-mono text-[13px]', shownKeyError ? 'border-danger' : 'border-line-control')}
          data-testid="memory-key-input"
        />
        {shownKeyError ? (
          <p id={`${keyId}-error`} role="alert" className="mt-1 text-[13px] leading-snug text-danger">
            {shownKeyError}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={valueId} className="mb-1 block text-[13px] font-medium text-fg-secondary">
          {t('value_label')}
        </label>
        <textarea
          ref={valueRef}
          id={valueId}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) submit();
          }}
          rows={3}
          placeholder={t('value_placeholder')}
          aria-invalid={!!valueError || undefined}
          aria-describedby={`${valueId}-message`}
          className={cn(FIELD, 'resize-y py-2 leading-relaxed', valueError ? 'border-danger' : 'border-line-control')}
          data-testid="memory-value-input"
        />
        <div id={`${valueId}-message`} className="mt-1 flex justify-between gap-3 text-[13px] leading-snug">
          <span className="text-danger" role={valueError ? 'alert' : undefined}>
            {valueError}
          </span>
          <span
            className={cn('shrink-0 text-fg-tertiary tabular-nums', trimmedValue.length > charLimit && 'text-danger')}
          >
            {trimmedValue.length}/{charLimit}
          </span>
        </div>
      </div>
      {serverText && !isKeyProblem ? (
        <Alert tone="error" testId="memory-form-error">
          {serverText}
        </Alert>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={() => onDone()} data-testid="memory-cancel">
          {t('cancel')}
        </Button>
        <Button type="submit" size="sm" isLoading={save.isPending} data-testid="memory-save">
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
