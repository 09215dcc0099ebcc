import { FileJson, Upload, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

/** Google's service key (SPEC 5): a JSON file read in the browser and checked before saving. */
export function ServiceKeyInput({
  label,
  error,
  onLoad,
  onClear,
}: {
  label: string;
  error: string | null;
  /** The file's text; returns the name to show. */
  onLoad(text: string, fileName: string): string;
  onClear(): void;
}) {
  const { t } = useTranslation('endpoints');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  const read = async (file: File | undefined) => {
    if (!file) return;
    setFileName(onLoad(await file.text(), file.name));
  };

  return (
    <div>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-fg">
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        onChange={(e) => void read(e.target.files?.[0])}
        data-testid="key-field-GOOGLE_SERVICE_KEY"
      />
      {fileName ? (
        <div
          className={cn(
            'flex h-12 items-center gap-2.5 rounded-xl border px-3.5 text-sm',
            error ? 'border-danger' : 'border-line-control',
          )}
        >
          <FileJson className={cn('size-[18px] shrink-0', error ? 'text-danger' : 'text-accent')} aria-hidden />
          <span className="min-w-0 flex-1 truncate text-fg">{fileName}</span>
          <button
            type="button"
            onClick={() => {
              setFileName(null);
              if (inputRef.current) inputRef.current.value = '';
              onClear();
            }}
            aria-label={t('keys.remove_file')}
            className="focus-ring -mr-1.5 flex size-8 items-center justify-center rounded-lg text-fg-tertiary hover:bg-surface-hover hover:text-fg"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          className="focus-ring flex h-12 w-full items-center justify-center gap-2 rounded-xl border border-dashed border-line-strong text-sm text-fg-secondary transition-colors hover:bg-surface-tertiary hover:text-fg"
        >
          <Upload className="size-4" aria-hidden />
          {t('keys.upload_service_key')}
        </button>
      )}
      {error ? (
        <p role="alert" className="mt-1.5 text-[13px] leading-snug text-danger" data-testid="service-key-error">
          {error}
        </p>
      ) : (
        <p className="mt-1.5 text-[13px] leading-snug text-fg-tertiary">{t('keys.service_key_hint')}</p>
      )}
    </div>
  );
}
