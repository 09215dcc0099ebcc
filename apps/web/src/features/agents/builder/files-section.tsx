import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileSearch, Upload, X } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { fileKind } from '../../files/file-kind';
import { fileKeys, useFilesQuery } from '../../files/file-queries';
import { FileTypeIcon } from '../../files/file-type-icon';
import { uploadFile } from '../../files/files-api';
import { BuilderSection } from './builder-fields';

/** SPEC 3, file tool resource: the files file_search reads. */
const FILE_SEARCH = 'file_search';

/**
 * Files for file_search: uploaded with the tool resource (through the files feature's upload),
 * listed by name, removable from the agent. Saving the agent keeps the list.
 */
export function FilesSection({
  fileIds,
  onChange,
  agentId,
  isReadOnly,
}: {
  fileIds: string[];
  onChange(fileIds: string[]): void;
  agentId: string | undefined;
  isReadOnly: boolean;
}) {
  const { t } = useTranslation('agents');
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const files = useFilesQuery({ enabled: fileIds.length > 0 });
  const upload = useMutation({
    mutationFn: async (picked: File[]) =>
      Promise.all(
        picked.map((file) =>
          uploadFile(
            {
              file,
              fileId: crypto.randomUUID(),
              endpoint: 'agents',
              toolResource: FILE_SEARCH,
              ...(agentId ? { agentId } : {}),
            },
            false,
          ),
        ),
      ),
    onSuccess: (records) => {
      onChange([...fileIds, ...records.map((r) => r.file_id).filter((id) => !fileIds.includes(id))]);
      void queryClient.invalidateQueries({ queryKey: fileKeys.files });
    },
    onError: (err) =>
      showToast({ message: err instanceof ApiError ? err.message : t('files.upload_failed'), status: 'error' }),
  });
  const byId = new Map((files.data ?? []).map((f) => [f.file_id, f]));
  return (
    <BuilderSection
      title={t('builder.files')}
      hint={t('builder.files_hint')}
      testId="agent-files-section"
      action={
        isReadOnly ? null : (
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-accent"
            disabled={upload.isPending}
            onClick={() => inputRef.current?.click()}
            data-testid="agent-upload-file"
          >
            {upload.isPending ? <Spinner className="size-4" /> : <Upload className="size-4" aria-hidden />}
            {t('builder.upload')}
          </Button>
        )
      }
    >
      <input
        ref={inputRef}
        type="file"
        multiple
        className="hidden"
        onChange={(e) => {
          const picked = [...(e.target.files ?? [])];
          e.target.value = '';
          if (picked.length) upload.mutate(picked);
        }}
        data-testid="agent-file-input"
      />
      {fileIds.length === 0 ? (
        <div className="flex items-center gap-2 text-xs text-fg-tertiary">
          <FileSearch className="size-4" aria-hidden />
          {t('builder.no_files')}
        </div>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {fileIds.map((id) => {
            const file = byId.get(id);
            const name = file?.filename ?? id;
            return (
              <li
                key={id}
                className="flex items-center gap-2.5 rounded-xl border border-line bg-surface-secondary py-1.5 ps-2.5 pe-1"
                data-testid="agent-file"
              >
                <FileTypeIcon kind={fileKind(file?.type, name)} className="size-7 rounded-md [&_svg]:size-3.5" />
                <span className="min-w-0 flex-1 truncate text-[13px] text-fg">{name}</span>
                {isReadOnly ? null : (
                  <IconButton
                    label={t('builder.remove_file', { name })}
                    size="icon-sm"
                    className="size-7 text-fg-tertiary"
                    onClick={() => onChange(fileIds.filter((f) => f !== id))}
                  >
                    <X />
                  </IconButton>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </BuilderSection>
  );
}
