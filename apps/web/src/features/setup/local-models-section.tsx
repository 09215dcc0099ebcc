import type { LocalModelFile } from '@confab/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Cpu, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { showToast } from '../../components/ui/toast-store';
import { ConfirmDialog } from '../conversations/confirm-dialog';
import { formatBytes } from '../import-export/import-rules';
import { deleteLocalModel, uploadLocalModel } from './setup-api';
import { refreshEndpointQueries, useLocalModels } from './setup-queries';
import { SetupSection } from './setup-section';

/**
 * "Local models": the GGUF files in DATA_DIR/models, run in the server's own process as the
 * "Local" endpoint. Upload (with progress) and delete; hidden when the server cannot answer.
 */
export function LocalModelsSection() {
  const { t, i18n } = useTranslation('setup');
  const queryClient = useQueryClient();
  const models = useLocalModels();
  const fileInput = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [pendingDelete, setPendingDelete] = useState<LocalModelFile | null>(null);

  const upload = useMutation({
    mutationFn: (file: File) =>
      uploadLocalModel(file, ({ loaded, total }) => setPercent(total > 0 ? Math.round((loaded / total) * 100) : 0)),
    onMutate: () => setPercent(0),
    onSuccess: async (model) => {
      await refreshEndpointQueries(queryClient);
      showToast({ message: t('local_model_uploaded', { name: model.name }) });
    },
    onError: (error) => showToast({ message: error.message, status: 'error' }),
    onSettled: () => setPercent(null),
  });
  const remove = useMutation({
    mutationFn: (name: string) => deleteLocalModel(name),
    onSuccess: async (_, name) => {
      setPendingDelete(null);
      await refreshEndpointQueries(queryClient);
      showToast({ message: t('local_model_deleted', { name }) });
    },
    onError: (error) => showToast({ message: error.message, status: 'error' }),
  });

  if (models.isError || models.isPending) return null;
  const { isAvailable, reason, models: files } = models.data;
  return (
    <SetupSection
      title={t('local_models_title')}
      description={t('local_models_description')}
      testId="local-models"
      action={
        <>
          <input
            ref={fileInput}
            type="file"
            accept=".gguf"
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) upload.mutate(file);
            }}
            data-testid="local-model-file-input"
          />
          <Button
            variant="outline"
            size="sm"
            onClick={() => fileInput.current?.click()}
            disabled={upload.isPending}
            data-testid="local-model-upload"
          >
            <Upload className="size-4" aria-hidden />
            {t('upload_gguf')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {isAvailable ? null : (
          <Alert tone="info" title={t('local_unavailable')}>
            {reason}
          </Alert>
        )}
        {percent !== null ? (
          <div
            role="progressbar"
            aria-label={t('uploading')}
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="mb-1 flex justify-between text-[13px] text-fg-secondary">
              <span>{t('uploading')}</span>
              <span>{percent}%</span>
            </div>
            <div className="h-1.5 overflow-hidden rounded-full bg-surface-tertiary">
              <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
            </div>
          </div>
        ) : null}
        {files.length === 0 ? (
          <p className="text-sm text-fg-tertiary">{t('local_models_empty')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {files.map((file) => (
              <li
                key={file.name}
                className="flex items-center gap-3 rounded-xl border border-line px-3.5 py-3"
                data-testid="local-model"
                data-name={file.name}
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-tertiary text-fg-secondary">
                  <Cpu className="size-[18px]" aria-hidden />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-fg" title={file.name}>
                    {file.name}
                  </span>
                  <span className="block text-xs text-fg-tertiary">
                    {formatBytes(file.bytes)} · {new Date(file.modifiedAt).toLocaleDateString(i18n.language)}
                  </span>
                </span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  onClick={() => setPendingDelete(file)}
                  aria-label={t('delete_local_model', { name: file.name })}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        isOpen={pendingDelete !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setPendingDelete(null))}
        title={t('delete_local_model_title')}
        confirmLabel={t('delete')}
        onConfirm={() => pendingDelete && remove.mutate(pendingDelete.name)}
        isPending={remove.isPending}
      >
        {t('delete_local_model_body', { name: pendingDelete?.name ?? '' })}
      </ConfirmDialog>
    </SetupSection>
  );
}
