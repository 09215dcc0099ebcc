import type { ImportResponse } from '@confab/shared';
import { useMutation } from '@tanstack/react-query';
import { FileJson, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { showToast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { tagKeys } from '../bookmarks/use-bookmarks';
import { conversationKeys } from '../conversations/conversation-queries';
import { formatBytes, isImportFile } from './import-rules';
import { uploadWithProgress, type UploadProgress } from './upload-with-progress';

/**
 * Settings → Data → Import conversations (SPEC 5: .json files, e.g. a ChatGPT export). Large
 * files show their upload progress; the list refreshes when the import is done.
 */
export function ImportConversations() {
  const { t } = useTranslation('importExport');
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  const upload = useMutation({
    mutationFn: (picked: File) => {
      const form = new FormData();
      form.append('file', picked, picked.name);
      return uploadWithProgress<ImportResponse>('/api/convos/import', form, setProgress);
    },
    onSuccess: (body) => {
      const count = body?.imported ?? body?.conversations?.length ?? 0;
      showToast({ message: t('success', { count }), status: 'success' });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
      void queryClient.invalidateQueries({ queryKey: tagKeys.all });
    },
    onError: (error) => {
      const detail =
        error instanceof ApiError && error.status > 0 && error.message && !error.message.startsWith('HTTP ')
          ? error.message
          : null;
      showToast({
        message: detail ? t('error_with_reason', { reason: detail }) : t('error'),
        status: 'error',
        durationMs: 5000,
      });
    },
    onSettled: () => {
      setFile(null);
      setProgress(null);
    },
  });

  const pick = (picked: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!picked) return;
    if (!isImportFile(picked)) {
      showToast({ message: t('not_json'), status: 'error' });
      return;
    }
    setFile(picked);
    setProgress({ loaded: 0, total: picked.size });
    upload.mutate(picked);
  };

  const percent =
    progress && progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0;
  const isProcessing = upload.isPending && percent >= 100;

  return (
    <div className="w-full">
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-fg">{t('title')}</p>
          <p className="mt-0.5 text-[13px] text-fg-tertiary">{t('description')}</p>
        </div>
        <input
          ref={inputRef}
          type="file"
          accept=".json,application/json"
          className="hidden"
          onChange={(e) => pick(e.target.files?.[0])}
          data-testid="import-file-input"
        />
        <Button
          variant="outline"
          size="sm"
          onClick={() => inputRef.current?.click()}
          isLoading={upload.isPending}
          data-testid="import-button"
        >
          {upload.isPending ? null : <Upload className="size-4" aria-hidden />}
          {t('button')}
        </Button>
      </div>
      {file && upload.isPending ? (
        <div className="mt-3 rounded-xl border border-line bg-surface-secondary p-3" data-testid="import-progress">
          <div className="flex items-center gap-2.5 text-sm">
            <FileJson className="size-4 shrink-0 text-fg-secondary" aria-hidden />
            <span className="min-w-0 flex-1 truncate text-fg">{file.name}</span>
            <span className="shrink-0 text-xs text-fg-tertiary tabular-nums">
              {isProcessing ? t('processing') : `${percent}% · ${formatBytes(file.size)}`}
            </span>
          </div>
          <div
            className="mt-2 h-1.5 overflow-hidden rounded-full bg-surface-hover"
            role="progressbar"
            aria-label={t('progress_label')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={isProcessing ? undefined : percent}
          >
            <div
              className={
                isProcessing
                  ? 'h-full w-1/3 animate-pulse rounded-full bg-accent'
                  : 'h-full rounded-full bg-accent transition-[width] duration-200'
              }
              style={isProcessing ? undefined : { width: `${percent}%` }}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}
