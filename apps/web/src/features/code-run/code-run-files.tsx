import { IMAGE_DEFAULTS } from '@confab/shared';
import { Clock, Download, ImageOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useAuthStore } from '../auth/auth-store';
import { useAuthedImage } from '../files/authed-images';
import { downloadPath } from '../files/download-file';
import { fileKind } from '../files/file-kind';
import { FileTypeIcon } from '../files/file-type-icon';
import { ImageViewer } from '../files/image-viewer';
import { useFileDownload } from '../files/use-file-download';
import { formatBytes } from '../import-export/import-rules';
import { isAttachmentExpired, type CodeRunAttachment } from './code-run-result';

/** The tallest a produced figure shows under its block; the viewer shows it whole. */
const FIGURE_MAX_HEIGHT_PX = 420;

/** Where a produced file downloads from: its own download path, else the owner's route. */
function downloadPathOf(file: CodeRunAttachment, userId: string | undefined): string | null {
  if (file.filepath?.startsWith('/api/files/download/')) return file.filepath;
  const owner = /^\/images\/([^/]+)\//.exec(file.filepath ?? '')?.[1] ?? userId;
  return owner ? downloadPath(owner, file.file_id) : null;
}

/** A figure the run drew (matplotlib's PNGs): inline at its proportions, full size in the viewer. */
export function CodeRunFigure({ file }: { file: CodeRunAttachment }) {
  const { t } = useTranslation('code-run');
  const userId = useAuthStore((s) => s.user?.id);
  const path = file.filepath ?? '';
  const { src, status } = useAuthedImage(path);
  const name = file.filename ?? t('figure');
  const width = file.width && file.width > 0 ? file.width : IMAGE_DEFAULTS.width;
  const height = file.height && file.height > 0 ? file.height : IMAGE_DEFAULTS.height;
  const box = { width: Math.min(width, (FIGURE_MAX_HEIGHT_PX * width) / height), aspectRatio: `${width} / ${height}` };
  return (
    <ImageViewer path={path} filename={name} downloadPath={downloadPathOf(file, userId)}>
      <button
        type="button"
        aria-label={t('open_figure', { name })}
        // A white card: figures are drawn on white and read as paper in the dark theme too.
        className="focus-ring relative block max-w-full overflow-hidden rounded-lg border border-line bg-white transition-opacity hover:opacity-95"
        style={box}
        data-testid="code-run-figure"
        data-file-id={file.file_id}
      >
        {src ? (
          <img src={src} alt={name} className="size-full object-contain" draggable={false} />
        ) : (
          <span className="absolute inset-0 flex items-center justify-center text-neutral-500">
            {status === 'error' ? <ImageOff className="size-5" aria-label={t('figure_error')} /> : <Spinner />}
          </span>
        )}
      </button>
    </ImageViewer>
  );
}

/** A file the run wrote, as a chip that downloads it; after it expires, a chip that says so. */
export function CodeRunFileChip({ file, now }: { file: CodeRunAttachment; now: number }) {
  const { t } = useTranslation('code-run');
  const { t: tFiles } = useTranslation('files');
  const userId = useAuthStore((s) => s.user?.id);
  const name = file.filename ?? file.file_id;
  const isExpired = isAttachmentExpired(file, now);
  const { download, isDownloading } = useFileDownload(isExpired ? null : downloadPathOf(file, userId), name);
  const kind = fileKind(file.type, name);
  const detail = isExpired ? t('expired') : file.bytes ? formatBytes(file.bytes) : tFiles(`kind.${kind}`);
  const body = (
    <>
      <FileTypeIcon kind={kind} className={cn('size-7 rounded-md [&_svg]:size-4', isExpired && 'grayscale')} />
      <span className="min-w-0 flex-1 text-start">
        <span className="block truncate text-[13px] font-medium text-fg" title={name}>
          {name}
        </span>
        <span
          className={cn(
            'flex items-center gap-1 truncate text-xs',
            isExpired ? 'text-fg-tertiary' : 'text-fg-secondary',
          )}
        >
          {isExpired ? <Clock className="size-3" aria-hidden /> : null}
          {detail}
        </span>
      </span>
    </>
  );
  const chip = 'flex h-12 w-56 max-w-full items-center gap-2.5 rounded-xl border border-line px-2.5';
  if (isExpired) {
    return (
      <div
        className={cn(chip, 'bg-surface-tertiary/50 opacity-75')}
        data-testid="code-run-file"
        data-expired
      >
        {body}
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={() => void download()}
      disabled={isDownloading}
      aria-label={t('download_file', { name })}
      className={cn(
        chip,
        'focus-ring group/chip bg-surface transition-colors hover:border-line-strong hover:bg-surface-hover disabled:opacity-60',
      )}
      data-testid="code-run-file"
      data-file-id={file.file_id}
    >
      {body}
      <span className="flex size-7 shrink-0 items-center justify-center rounded-lg text-fg-secondary group-hover/chip:text-fg">
        {isDownloading ? <Spinner className="size-4" /> : <Download className="size-4" aria-hidden />}
      </span>
    </button>
  );
}
