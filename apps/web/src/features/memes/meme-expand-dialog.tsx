import { memeImageFileName } from '@confab/shared';
import { BookmarkPlus, Download, Maximize2, Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { track } from '../../lib/analytics';
import { ImageViewer } from '../files/image-viewer';
import { SaveAsTemplateDialog } from './gallery/save-as-template-dialog';
import { MemeLinkActions } from './links/meme-link-actions';
import { paintMeme, type MemeScene } from './meme-canvas-paint';
import { useMemeImageDownload } from './use-meme-image-download';

/**
 * SPEC 2's expanded-image dialog: the meme drawn again on a large canvas, with "view full size"
 * (the files feature's viewer, which closes on Escape and gives focus back to this button) and
 * download. Closing is tracked as meme_expanded (is_expanded: false), the viewer as
 * meme_expanded (from: dialog).
 */
export function MemeExpandDialog({
  scene,
  isOpen,
  onOpenChange,
  onEdit,
  links,
  templatePicture,
}: {
  scene: MemeScene;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Issue 39: opens the meme in the editor (absent where it cannot be edited, a shared page). */
  onEdit?: () => void;
  /** Issue 39: the meme's alt text (shown on demand) and, for its owner, the file a public link shares. */
  links?: { altText: string; fileId: string | null };
  /** Issue 39: for its owner, the stored picture "Save as template" keeps (templatePictureOf). */
  templatePicture?: { fileId: string; url: string } | null;
}) {
  const { t } = useTranslation('memes');
  // The slot's expand button opens it (and tracks is_expanded: true); Radix reports the closing.
  const changeOpen = (next: boolean) => {
    track('meme_expanded', { is_expanded: next });
    onOpenChange(next);
  };
  return (
    <Dialog open={isOpen} onOpenChange={changeOpen}>
      {isOpen ? (
        <DialogContent title={t('dialog_title')} className="max-w-md" data-testid="meme-dialog">
          <ExpandedMeme scene={scene} onEdit={onEdit} links={links} templatePicture={templatePicture} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ExpandedMeme({
  scene,
  onEdit,
  links,
  templatePicture,
}: {
  scene: MemeScene;
  onEdit?: () => void;
  links?: { altText: string; fileId: string | null } | undefined;
  templatePicture?: { fileId: string; url: string } | null | undefined;
}) {
  const { t } = useTranslation('memes');
  const [isSavingTemplate, setIsSavingTemplate] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [fullSizeUrl, setFullSizeUrl] = useState<string | null>(null);
  const { download, isDownloading } = useMemeImageDownload(scene, links?.altText);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let isCurrent = true;
    let url: string | null = null;
    void paintMeme(canvas, scene, () => isCurrent).then((drawn) => {
      if (!drawn) return;
      // The viewer shows the drawn meme as an image (a blob URL, so it needs no token).
      canvas.toBlob(
        (blob) => {
          if (!isCurrent || !blob) return;
          url = URL.createObjectURL(blob);
          setFullSizeUrl(url);
        },
        'image/jpeg',
        0.92,
      );
    });
    return () => {
      isCurrent = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [scene]);

  return (
    // Scrolls inside the dialog when the alt text or the share link opens under the meme; on a
    // phone the meme is shorter so that its actions show without scrolling.
    <div className="flex min-h-0 flex-col gap-4 overflow-y-auto px-6 pb-6">
      <canvas
        ref={canvasRef}
        className="mx-auto aspect-[9/16] h-[min(56dvh,36rem)] max-w-full rounded-xl bg-black object-contain sm:h-[min(68dvh,36rem)]"
        data-testid="meme-dialog-canvas"
        role={links ? 'img' : undefined}
        aria-label={links?.altText}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {onEdit ? (
          <Button variant="outline" size="sm" onClick={onEdit} data-testid="meme-dialog-edit">
            <Pencil className="size-4" aria-hidden />
            {t('edit')}
          </Button>
        ) : null}
        {templatePicture ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setIsSavingTemplate(true)}
            aria-haspopup="dialog"
            data-testid="meme-dialog-save-template"
          >
            <BookmarkPlus className="size-4" aria-hidden />
            {t('save_as_template')}
          </Button>
        ) : null}
        {fullSizeUrl ? (
          <ImageViewer path={fullSizeUrl} filename={memeImageFileName()} downloadPath={null}>
            <Button
              variant="outline"
              size="sm"
              onClick={() => track('meme_expanded', { from: 'dialog' })}
              data-testid="meme-view-full-size"
            >
              <Maximize2 className="size-4" aria-hidden />
              {t('view_full_size')}
            </Button>
          </ImageViewer>
        ) : (
          <Button variant="outline" size="sm" disabled data-testid="meme-view-full-size">
            <Maximize2 className="size-4" aria-hidden />
            {t('view_full_size')}
          </Button>
        )}
        <Button size="sm" onClick={() => void download()} isLoading={isDownloading} data-testid="meme-dialog-download">
          {isDownloading ? null : <Download className="size-4" aria-hidden />}
          {t('download')}
        </Button>
      </div>
      {links ? <MemeLinkActions fileId={links.fileId} altText={links.altText} /> : null}
      {templatePicture ? (
        <SaveAsTemplateDialog picture={templatePicture} isOpen={isSavingTemplate} onOpenChange={setIsSavingTemplate} />
      ) : null}
    </div>
  );
}
