import { MEME_PATHS, MEME_STICKERS } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/**
 * The stickers (the project's own drawings, MEME_STICKERS) as a grid of buttons: choosing one
 * adds it as a box of its own, or, for a sticker box, swaps its picture (`current`).
 */
export function StickerPicker({
  current,
  isDisabled = false,
  onPick,
}: {
  current?: string;
  isDisabled?: boolean;
  onPick(id: string): void;
}) {
  const { t } = useTranslation('meme-editor');
  return (
    <div
      className="grid grid-cols-7 gap-1.5"
      role="group"
      aria-label={t('stickers.label')}
      data-testid="meme-editor-stickers"
    >
      {MEME_STICKERS.map((sticker) => (
        <button
          key={sticker.id}
          type="button"
          onClick={() => onPick(sticker.id)}
          disabled={isDisabled}
          aria-label={t(`stickers.${sticker.id}`, { defaultValue: sticker.label })}
          aria-pressed={current === undefined ? undefined : current === sticker.id}
          title={t(`stickers.${sticker.id}`, { defaultValue: sticker.label })}
          className={cn(
            'focus-ring flex aspect-square items-center justify-center rounded-lg border border-line bg-surface p-1 transition-colors hover:bg-surface-hover disabled:opacity-50',
            current === sticker.id && 'border-accent ring-1 ring-accent',
          )}
          data-sticker={sticker.id}
        >
          <img
            src={MEME_PATHS.sticker(sticker.id)}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="size-full object-contain"
          />
        </button>
      ))}
    </div>
  );
}
