import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Download, X } from 'lucide-react';
import { useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { Tooltip } from '../../components/ui/tooltip';
import { useAuthedImage } from './authed-images';
import { useFileDownload } from './use-file-download';

/** A button of the viewer's top bar (white on its dark backdrop), for `actions` to match. */
export const VIEWER_BAR_BUTTON =
  'focus-ring flex size-10 items-center justify-center rounded-full text-white/85 transition-colors hover:bg-white/15 hover:text-white disabled:opacity-50';

/**
 * The full-size image viewer (SPEC 2): a dark backdrop, the whole image fitted to the viewport,
 * its name and a download button. Escape closes it and focus goes back to the thumbnail that
 * opened it (the trigger).
 */
export function ImageViewer({
  path,
  filename,
  downloadPath,
  shareId,
  actions,
  children,
}: {
  path: string;
  filename: string;
  downloadPath: string | null;
  /** On a shared page: the image loads through this link. */
  shareId?: string | undefined;
  /** More buttons for the top bar, before download (styled with VIEWER_BAR_BUTTON). */
  actions?: ReactNode;
  /** The thumbnail button that opens it. */
  children: ReactElement;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={setIsOpen}>
      <DialogPrimitive.Trigger asChild>{children}</DialogPrimitive.Trigger>
      {isOpen ? (
        <ViewerContent
          path={path}
          filename={filename}
          downloadPath={downloadPath}
          shareId={shareId}
          actions={actions}
        />
      ) : null}
    </DialogPrimitive.Root>
  );
}

function ViewerContent({
  path,
  filename,
  downloadPath,
  shareId,
  actions,
}: {
  path: string;
  filename: string;
  downloadPath: string | null;
  shareId: string | undefined;
  actions: ReactNode;
}) {
  const { t } = useTranslation('files');
  const { src, status } = useAuthedImage(path, shareId);
  const { download, isDownloading } = useFileDownload(downloadPath, filename);
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/95 backdrop-blur-md data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className="fixed inset-0 z-50 flex flex-col outline-none data-[state=open]:animate-fade-in"
        aria-describedby={undefined}
        // The viewer itself takes focus, not its first button (whose tooltip would open and take
        // the first Escape); Escape then closes at once and focus returns to the thumbnail.
        tabIndex={-1}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          contentRef.current?.focus();
        }}
        ref={contentRef}
        data-testid="image-viewer"
      >
        <div className="flex h-14 shrink-0 items-center gap-2 ps-4 pe-2 sm:ps-6 sm:pe-4">
          <DialogPrimitive.Title className="min-w-0 flex-1 truncate text-sm font-medium text-white/90" title={filename}>
            {filename}
          </DialogPrimitive.Title>
          {actions}
          {downloadPath ? (
            <Tooltip content={t('download')}>
              <button
                type="button"
                onClick={() => void download()}
                disabled={isDownloading}
                aria-label={t('download_file', { name: filename })}
                className={VIEWER_BAR_BUTTON}
                data-testid="image-viewer-download"
              >
                <Download className="size-5" aria-hidden />
              </button>
            </Tooltip>
          ) : null}
          <DialogPrimitive.Close className={VIEWER_BAR_BUTTON} aria-label={t('close')} data-testid="image-viewer-close">
            <X className="size-5" aria-hidden />
          </DialogPrimitive.Close>
        </div>
        {/* A click beside the image closes, as on the backdrop of any viewer. */}
        <DialogPrimitive.Close asChild>
          <div className="flex min-h-0 flex-1 cursor-zoom-out items-center justify-center px-4 pb-4 sm:px-10 sm:pb-10">
            {src ? (
              <img
                src={src}
                alt={filename}
                className="max-h-full max-w-full cursor-default rounded-md object-contain shadow-2xl"
                onClick={(e) => e.stopPropagation()}
                data-testid="image-viewer-image"
              />
            ) : status === 'error' ? (
              <p className="text-sm text-white/80">{t('image_load_error')}</p>
            ) : (
              <Spinner className="size-6 text-white/70" />
            )}
          </div>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
