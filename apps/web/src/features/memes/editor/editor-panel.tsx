import { MEME_CAPTIONS_MAX, MEME_LAYOUTS, type CaptionBox, type MemeFontChoice, type MemeLayout } from '@confab/shared';
import { AlignCenter, AlignLeft, AlignRight, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import { StickerPicker } from './sticker-picker';
import { ChoiceRow, ColorField, Field, fontOptions } from './style-fields';
import type { MemeEditorState } from './use-meme-editor';

/** The modern layout's caption bar when the meme has not set one, and its slider's range. */
const BAR = { default: 360, min: 120, max: 960, step: 20 } as const;
const OUTLINE_MAX = 30;
/** Where the slider rests while the outline follows the font size (about what a full-size caption gets). */
const OUTLINE_AUTO_SHOWN = 8;

type Align = NonNullable<CaptionBox['align']>;

/**
 * The editor's side panel (a sheet under the stage on a phone): the layout, adding a caption,
 * and the selected box's text and style.
 */
export function EditorPanel({ editor }: { editor: MemeEditorState }) {
  const { t } = useTranslation('meme-editor');
  const { document, selected } = editor;
  const isFull = document.boxes.length >= MEME_CAPTIONS_MAX;

  return (
    <div className="flex flex-col gap-5">
      <Field label={t('layout.label')}>
        <ChoiceRow<MemeLayout>
          label={t('layout.label')}
          value={document.layout}
          options={MEME_LAYOUTS.map((layout) => ({ value: layout, label: t(`layout.${layout}`) }))}
          onChange={(layout) => editor.change((d) => ({ ...d, layout }))}
          testId="meme-editor-layout"
        />
        {document.layout === 'modern' ? (
          <RangeRow
            label={t('layout.bar_height')}
            value={document.barHeight ?? BAR.default}
            min={BAR.min}
            max={BAR.max}
            step={BAR.step}
            onChange={(barHeight) => editor.change((d) => ({ ...d, barHeight }), 'bar-height')}
            onDone={editor.seal}
            valueText={document.barHeight === undefined ? t('auto') : undefined}
            testId="meme-editor-bar-height"
          />
        ) : null}
      </Field>

      <Button
        variant="outline"
        onClick={() => editor.addBox(t('new_caption'))}
        disabled={isFull}
        title={isFull ? t('boxes_full', { count: MEME_CAPTIONS_MAX }) : undefined}
        data-testid="meme-editor-add-box"
      >
        <Plus className="size-4" aria-hidden />
        {t('add_box')}
      </Button>

      <Field label={t('stickers.add')}>
        <StickerPicker isDisabled={isFull} onPick={editor.addSticker} />
      </Field>

      {selected ? (
        <BoxFields key={selected.id} box={selected} editor={editor} />
      ) : (
        <p className="rounded-lg border border-dashed border-line px-3 py-4 text-center text-sm text-fg-secondary">
          {document.boxes.length ? t('select_hint') : t('empty_hint')}
        </p>
      )}
    </div>
  );
}

function BoxFields({ box, editor }: { box: CaptionBox; editor: MemeEditorState }) {
  const { t } = useTranslation('meme-editor');
  const patch = (p: Partial<CaptionBox>, group: string | null = null) => editor.patchBox(box.id, p, group);
  const index = editor.document.boxes.findIndex((b) => b.id === box.id);
  const heading = t(box.sticker ? 'sticker_settings' : 'box_settings', { number: index + 1 });

  return (
    <section aria-label={heading} className="flex flex-col gap-5" data-testid="meme-editor-box-fields">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-fg">{heading}</h3>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => editor.deleteBox(box.id)}
          className="text-danger hover:text-danger"
          data-testid="meme-editor-delete-box"
        >
          <Trash2 className="size-4" aria-hidden />
          {t('delete_box')}
        </Button>
      </div>

      {box.sticker ? (
        <Field label={t('stickers.replace')}>
          <StickerPicker current={box.sticker} onPick={(sticker) => patch({ sticker })} />
        </Field>
      ) : (
        <CaptionFields box={box} editor={editor} />
      )}
    </section>
  );
}

/** A caption's text and style (a sticker box has none of these). */
function CaptionFields({ box, editor }: { box: CaptionBox; editor: MemeEditorState }) {
  const { t } = useTranslation('meme-editor');
  const textId = useId();
  const patch = (p: Partial<CaptionBox>, group: string | null = null) => editor.patchBox(box.id, p, group);
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={textId} className="text-xs font-semibold tracking-wide text-fg-secondary uppercase">
          {t('text')}
        </label>
        <textarea
          id={textId}
          value={box.caption}
          rows={2}
          onChange={(event) => patch({ caption: event.target.value }, `text-${box.id}`)}
          onBlur={editor.seal}
          className="focus-ring min-h-16 w-full resize-y rounded-lg border border-line-control bg-surface px-3 py-2 text-sm text-fg placeholder:text-fg-tertiary"
          placeholder={t('text_placeholder')}
          data-testid="meme-editor-text"
        />
      </div>

      <Field label={t('font.label')}>
        <ChoiceRow<MemeFontChoice>
          label={t('font.label')}
          value={box.font ?? 'impact'}
          options={fontOptions((font) => t(`font.${font}`))}
          onChange={(font) => patch({ font })}
          testId="meme-editor-font"
        />
      </Field>

      <ColorField
        label={t('text_color')}
        value={box.fontColor ?? '#ffffff'}
        onChange={(fontColor) => patch({ fontColor }, `color-${box.id}`)}
        testId="meme-editor-text-color"
      />
      <ColorField
        label={t('outline_color')}
        value={box.outlineColor ?? '#000000'}
        onChange={(outlineColor) => patch({ outlineColor }, `outline-${box.id}`)}
        testId="meme-editor-outline-color"
      />

      <Field label={t('outline_width')}>
        <div className="flex items-center gap-3">
          <RangeRow
            label={t('outline_width')}
            value={box.outlineWidth ?? OUTLINE_AUTO_SHOWN}
            min={0}
            max={OUTLINE_MAX}
            step={1}
            onChange={(outlineWidth) => patch({ outlineWidth }, `outline-width-${box.id}`)}
            onDone={editor.seal}
            valueText={box.outlineWidth === undefined ? t('auto') : String(box.outlineWidth)}
            testId="meme-editor-outline-width"
          />
          {box.outlineWidth === undefined ? null : (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => patch({ outlineWidth: undefined })}
              data-testid="meme-editor-outline-auto"
            >
              {t('outline_reset')}
            </Button>
          )}
        </div>
      </Field>

      <div className="flex flex-wrap items-end justify-between gap-4">
        <Field label={t('align.label')}>
          <ChoiceRow<Align>
            label={t('align.label')}
            value={box.align ?? 'center'}
            options={[
              { value: 'left', label: t('align.left'), content: <AlignLeft className="size-4" aria-hidden /> },
              { value: 'center', label: t('align.center'), content: <AlignCenter className="size-4" aria-hidden /> },
              { value: 'right', label: t('align.right'), content: <AlignRight className="size-4" aria-hidden /> },
            ]}
            onChange={(align) => patch({ align })}
            testId="meme-editor-align"
          />
        </Field>
        <label className="flex h-9 items-center gap-2.5 text-sm text-fg">
          <Switch
            isChecked={box.uppercase ?? false}
            onCheckedChange={(uppercase) => patch({ uppercase })}
            data-testid="meme-editor-uppercase"
          />
          {t('uppercase')}
        </label>
      </div>
    </>
  );
}

/** A slider with its value beside it; one drag of it is one undo step (`onDone` seals it). */
function RangeRow({
  label,
  value,
  min,
  max,
  step,
  onChange,
  onDone,
  valueText,
  testId,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange(value: number): void;
  onDone(): void;
  valueText?: string;
  testId: string;
}) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <input
        type="range"
        aria-label={label}
        aria-valuetext={valueText}
        value={value}
        min={min}
        max={max}
        step={step}
        onChange={(event) => onChange(Number(event.target.value))}
        onPointerUp={onDone}
        onKeyUp={onDone}
        className="h-2 min-w-0 flex-1 cursor-pointer accent-[var(--accent)]"
        data-testid={testId}
      />
      <span className="w-10 text-end text-xs text-fg-secondary tabular-nums">{valueText ?? value}</span>
    </div>
  );
}
