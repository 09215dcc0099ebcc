import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useAuthedImage, thumbnailPath } from '../../files/authed-images';
import { fileKind } from '../../files/file-kind';
import { FileTypeIcon } from '../../files/file-type-icon';
import { ProgressRing } from '../../files/progress-ring';
import { canRemove, type Attachment } from '../../files/upload-state';
import { formatBytes } from '../../import-export/import-rules';

/**
 * The files attached to the message being written, above the text: image thumbnails and file
 * tiles, each with its upload progress until it completes, then a remove button (SPEC 4: a file
 * below 1 cannot be removed).
 */
export function AttachmentPreviews({
  attachments,
  onRemove,
}: {
  attachments: readonly Attachment[];
  onRemove: (attachment: Attachment) => void;
}) {
  const { t } = useTranslation('files');
  if (attachments.length === 0) return null;
  return (
    <ul
      className="scrollbar-thin flex gap-2 overflow-x-auto px-3 pt-3 pb-1"
      aria-label={t('attached_files')}
      data-testid="attachment-previews"
    >
      {attachments.map((a) => (
        <li
          key={a.tempId}
          className="group/attachment relative shrink-0 pt-1.5 pe-1.5"
          data-testid="attachment-preview"
          data-file-id={a.file_id}
          data-progress={a.progress}
          data-filename={a.filename}
        >
          {fileKind(a.type, a.filename) === 'image' && (a.localUrl || a.filepath) ? (
            <ImageTile attachment={a} />
          ) : (
            <FileTile attachment={a} />
          )}
          {canRemove(a) ? (
            <button
              type="button"
              onClick={() => onRemove(a)}
              aria-label={t('remove_file', { name: a.filename })}
              className="focus-ring absolute end-0 top-0 flex size-5 items-center justify-center rounded-full border border-surface bg-fg text-surface opacity-0 shadow-sm transition-opacity group-hover/attachment:opacity-100 focus-visible:opacity-100 pointer-coarse:size-6 [@media(hover:none)]:opacity-100"
              data-testid="remove-attachment"
            >
              <X className="size-3" strokeWidth={3} aria-hidden />
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function UploadOverlay({ progress, name, className }: { progress: number; name: string; className?: string }) {
  const { t } = useTranslation('files');
  if (progress >= 1) return null;
  return (
    <span className={cn('absolute inset-0 flex items-center justify-center bg-black/45 text-white', className)}>
      <ProgressRing value={progress} label={t('uploading', { name })} />
    </span>
  );
}

function ImageTile({ attachment: a }: { attachment: Attachment }) {
  const path = a.localUrl ?? (a.filepath ? thumbnailPath(a.filepath) : null);
  const { src } = useAuthedImage(path);
  return (
    <span className="relative block size-14 overflow-hidden rounded-xl border border-line bg-surface-tertiary">
      {src ? <img src={src} alt={a.filename} className="size-full object-cover" draggable={false} /> : null}
      <UploadOverlay progress={a.progress} name={a.filename} className="rounded-xl" />
    </span>
  );
}

function FileTile({ attachment: a }: { attachment: Attachment }) {
  const { t } = useTranslation('files');
  const kind = fileKind(a.type, a.filename);
  return (
    <span className="flex h-14 w-56 items-center gap-2.5 rounded-xl border border-line bg-surface p-2 pe-3 dark:border-line-strong dark:bg-surface">
      <span className="relative">
        <FileTypeIcon kind={kind} />
        <UploadOverlay progress={a.progress} name={a.filename} className="rounded-lg" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-fg" title={a.filename}>
          {a.filename}
        </span>
        <span className="block truncate text-xs text-fg-tertiary">
          {t(`kind.${kind}`)} · {formatBytes(a.bytes)}
        </span>
      </span>
    </span>
  );
}
