import { Check, Copy, Link2, Link2Off, TextQuote } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useMemeShare } from './use-meme-share';

/**
 * Under an expanded meme (issue 39): "Alt text" shows what screen readers say for it, and, for
 * its owner, "Share meme" makes a public link to this meme alone, with Copy and Stop sharing.
 * `fileId` is null where the meme cannot be shared (not stored yet, or someone else's).
 */
export function MemeLinkActions({ fileId, altText }: { fileId: string | null; altText: string }) {
  const { t } = useTranslation('meme-links');
  const [isAltTextShown, setIsAltTextShown] = useState(false);
  const altTextId = useId();
  const altTextRef = useRef<HTMLElement>(null);
  useRevealed(altTextRef, isAltTextShown);
  return (
    <div className="flex flex-col gap-3" data-testid="meme-link-actions">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={isAltTextShown}
          aria-controls={altTextId}
          aria-expanded={isAltTextShown}
          onClick={() => setIsAltTextShown((shown) => !shown)}
          data-testid="meme-alt-text-toggle"
        >
          <TextQuote className="size-4" aria-hidden />
          {t('alt_text')}
        </Button>
        {fileId ? <ShareMeme fileId={fileId} /> : null}
      </div>
      {isAltTextShown ? (
        <figure
          ref={altTextRef}
          id={altTextId}
          className="rounded-xl border border-line bg-surface-secondary px-3.5 py-2.5"
          data-testid="meme-alt-text"
        >
          <figcaption className="text-xs font-semibold tracking-wide text-fg-tertiary uppercase">
            {t('alt_text')}
          </figcaption>
          <p className="mt-1 text-sm leading-relaxed break-words text-fg">{altText}</p>
          <p className="mt-1.5 text-xs text-fg-tertiary">{t('alt_text_hint')}</p>
        </figure>
      ) : null}
    </div>
  );
}

/** Scrolls a panel that just opened into view: under a tall meme it may open below the fold. */
function useRevealed(ref: RefObject<HTMLElement | null>, isShown: boolean) {
  useEffect(() => {
    if (isShown) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [ref, isShown]);
}

/** The share button and, once there is a link, its URL with Copy and Stop sharing. */
function ShareMeme({ fileId }: { fileId: string }) {
  const { t } = useTranslation('meme-links');
  const share = useMemeShare(fileId);
  const { link } = share;
  const panelRef = useRef<HTMLDivElement>(null);
  useRevealed(panelRef, link !== null);
  if (!link)
    return (
      <Button
        variant="outline"
        size="sm"
        className="ms-auto"
        onClick={share.share}
        isLoading={share.isSharing}
        data-testid="meme-share"
      >
        {share.isSharing ? null : <Link2 className="size-4" aria-hidden />}
        {share.hasFailed ? t('retry') : t('share')}
      </Button>
    );
  return (
    <div
      ref={panelRef}
      className="min-w-0 basis-full rounded-xl border border-line bg-surface-secondary p-3"
      data-testid="meme-share-ready"
    >
      <p className="text-sm leading-relaxed text-fg-secondary">{t('share_hint')}</p>
      <div className="mt-2.5 flex items-center gap-2 rounded-lg border border-line-strong bg-surface p-1 ps-3">
        <input
          readOnly
          value={link.url}
          aria-label={t('link_label')}
          onFocus={(e) => e.currentTarget.select()}
          className="w-0 min-w-0 flex-1 truncate bg-transparent text-sm text-fg outline-none"
          data-testid="meme-share-url"
        />
        <Button size="sm" onClick={() => void share.copy()} aria-live="polite" data-testid="meme-share-copy">
          {share.isCopied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {share.isCopied ? t('copied') : t('copy')}
        </Button>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="mt-2 text-danger hover:bg-danger-soft"
        onClick={share.stop}
        isLoading={share.isStopping}
        data-testid="meme-share-stop"
      >
        {share.isStopping ? null : <Link2Off className="size-4" aria-hidden />}
        {t('stop_sharing')}
      </Button>
    </div>
  );
}
