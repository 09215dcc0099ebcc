import { IMAGE_DEFAULTS, isSafeInlineImage, type MessageFile } from '@confab/shared';
import { Download, ImageOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import { useAuthStore } from '../auth/auth-store';
import { formatBytes } from '../import-export/import-rules';
import { useAuthedImage } from './authed-images';
import { downloadPath } from './download-file';
import { useFileDownload } from './use-file-download';
import { fileKind } from './file-kind';
import { FileTypeIcon } from './file-type-icon';
import { SaveAsTemplateViewerButton } from '../memes/gallery/save-as-template-dialog';
import { ImageViewer } from './image-viewer';

/** The tallest an image shows in a message: one alone, or each of several. */
const SINGLE_IMAGE_MAX_PX = 320;
const GRID_IMAGE_MAX_PX = 200;

const isShownAsImage = (f: MessageFile) =>
  !!f.filepath && f.filepath.startsWith('/images/') && isSafeInlineImage(f.type ?? '');

/** Where a file downloads from: its own download path, or the owner's download route. */
function downloadPathOf(file: MessageFile, userId: string | undefined): string | null {
  if (file.filepath?.startsWith('/api/files/download/')) return file.filepath;
  const owner = /^\/images\/([^/]+)\//.exec(file.filepath ?? '')?.[1] ?? userId;
  return owner ? downloadPath(owner, file.file_id) : null;
}

/**
 * The files of a user message (SPEC 3): images as thumbnails that keep their proportions and
 * hold their place while loading (no layout shift), other files as tiles with a download button.
 * On a shared page (`shareId`) images load through the link, and nothing offers a download
 * (downloads are their owner's only).
 */
export function MessageAttachments({
  files,
  className,
  shareId,
}: {
  files: readonly MessageFile[];
  className?: string;
  shareId?: string;
}) {
  const userId = useAuthStore((s) => s.user?.id);
  if (files.length === 0) return null;
  const downloadOf = (f: MessageFile) => (shareId ? null : downloadPathOf(f, userId));
  const images = files.filter(isShownAsImage);
  const others = files.filter((f) => !isShownAsImage(f));
  const maxHeight = images.length === 1 ? SINGLE_IMAGE_MAX_PX : GRID_IMAGE_MAX_PX;
  return (
    <div className={cn('flex max-w-full flex-col items-end gap-2', className)} data-testid="message-files">
      {images.length ? (
        <div className="flex max-w-full flex-wrap justify-end gap-2">
          {images.map((f) => (
            <MessageImage
              key={f.file_id}
              file={f}
              maxHeight={maxHeight}
              downloadPath={downloadOf(f)}
              shareId={shareId}
            />
          ))}
        </div>
      ) : null}
      {others.length ? (
        <div className="flex max-w-full flex-wrap justify-end gap-2">
          {others.map((f) => (
            <MessageFileTile key={f.file_id} file={f} downloadPath={downloadOf(f)} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function MessageImage({
  file,
  maxHeight,
  downloadPath,
  shareId,
}: {
  file: MessageFile;
  maxHeight: number;
  downloadPath: string | null;
  shareId: string | undefined;
}) {
  const { t } = useTranslation('files');
  const path = file.filepath ?? '';
  const { src, status } = useAuthedImage(path, shareId);
  const name = file.filename ?? t('kind.image');
  // The box takes the image's proportions before it loads (SPEC 9's default size when unknown).
  const width = file.width && file.width > 0 ? file.width : IMAGE_DEFAULTS.width;
  const height = file.height && file.height > 0 ? file.height : IMAGE_DEFAULTS.height;
  const shownWidth = Math.min(width, (maxHeight * width) / height);
  return (
    <ImageViewer
      path={path}
      filename={name}
      downloadPath={downloadPath}
      shareId={shareId}
      // Issue 39: the owner keeps a picture of theirs as a meme template (not on a shared page).
      actions={shareId ? null : <SaveAsTemplateViewerButton path={path} filename={name} />}
    >
      <button
        type="button"
        aria-label={t('open_image', { name })}
        className="focus-ring relative block max-w-full overflow-hidden rounded-2xl border border-line bg-surface-tertiary transition-opacity hover:opacity-90"
        style={{ width: shownWidth, aspectRatio: `${width} / ${height}` }}
        data-testid="message-image"
        data-file-id={file.file_id}
      >
        {src ? (
          <img src={src} alt={name} className="size-full object-cover" draggable={false} />
        ) : (
          <span className="absolute inset-0 flex items-center justify-center text-fg-tertiary">
            {status === 'error' ? <ImageOff className="size-5" aria-label={t('image_load_error')} /> : <Spinner />}
          </span>
        )}
      </button>
    </ImageViewer>
  );
}

function MessageFileTile({ file, downloadPath }: { file: MessageFile; downloadPath: string | null }) {
  const { t } = useTranslation('files');
  const name = file.filename ?? file.file_id;
  const kind = fileKind(file.type, name);
  const { download, isDownloading } = useFileDownload(downloadPath, name);
  return (
    <div
      className="flex h-14 w-64 max-w-full items-center gap-2.5 rounded-2xl border border-line bg-surface p-2 dark:bg-surface-secondary"
      data-testid="message-file"
      data-file-id={file.file_id}
    >
      <FileTypeIcon kind={kind} />
      <div className="min-w-0 flex-1 text-start">
        <div className="truncate text-sm font-medium text-fg" title={name}>
          {name}
        </div>
        <div className="truncate text-xs text-fg-tertiary">
          {t(`kind.${kind}`)}
          {file.bytes ? ` · ${formatBytes(file.bytes)}` : ''}
        </div>
      </div>
      {downloadPath ? (
        <Tooltip content={t('download')}>
          <button
            type="button"
            onClick={() => void download()}
            disabled={isDownloading}
            aria-label={t('download_file', { name })}
            className="focus-ring flex size-8 shrink-0 items-center justify-center rounded-lg text-fg-secondary transition-colors hover:bg-surface-hover hover:text-fg disabled:opacity-50"
            data-testid="download-file"
          >
            {isDownloading ? <Spinner className="size-4" /> : <Download className="size-[18px]" aria-hidden />}
          </button>
        </Tooltip>
      ) : null}
    </div>
  );
}
