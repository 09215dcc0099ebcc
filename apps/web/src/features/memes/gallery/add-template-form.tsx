import type { MemeTemplate } from '@confab/shared';
import { SquareDashed } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useAuthedImage } from '../../files/authed-images';
import { sourceForNewTemplate, templateShape } from '../editor/editor-document';
import { LazyMemeEditor } from '../editor/lazy-meme-editor';
import { DEFAULT_TEMPLATE_BOXES, useAddTemplate, type NewTemplatePicture } from './use-meme-templates';

export interface AddTemplateFormProps {
  picture: NewTemplatePicture;
  /** Administrators may add it for everyone. */
  isAdmin: boolean;
  onAdded(template: MemeTemplate): void;
  onCancel(): void;
}

const NAME_MAX = 80;

/** The picture's file name as a first name for the template: "my_dog-photo.jpg" → "my dog photo". */
export function nameFromFile(fileName: string): string {
  const stem = fileName
    .replace(/\.[^.]*$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return stem.slice(0, NAME_MAX);
}

/** "cat, Monday ,  coffee" → ["cat", "monday", "coffee"]. */
export function parseKeywords(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((k) => k.trim().toLowerCase())
        .filter(Boolean),
    ),
  ].slice(0, 20);
}

function errorMessage(err: unknown, fallback: string): string {
  const body = err instanceof ApiError ? (err.body as { message?: unknown } | null) : null;
  return body && typeof body.message === 'string' && body.message ? body.message : fallback;
}

/** The picture as the form shows it and the editor draws on: a blob URL of a chosen file, or the stored image's path. */
function usePicturePreview(picture: NewTemplatePicture): { src?: string; editorUrl?: string } {
  const file = picture.kind === 'upload' ? picture.file : undefined;
  const [blobUrl, setBlobUrl] = useState<string>();
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setBlobUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  // A stored image is served with the token: the authed cache gives it as a blob URL.
  const stored = useAuthedImage(picture.kind === 'stored' ? picture.url : null);
  if (picture.kind === 'upload') return { src: blobUrl, editorUrl: blobUrl };
  return { src: stored.src ?? undefined, editorUrl: picture.url };
}

/**
 * "Add your own": the picture (just chosen, or one the user already has) with its name, keywords
 * and (for administrators) "for everyone". "Draw boxes" opens the meme editor on it, whose Save
 * makes the template with the boxes placed there; the form's own Save makes it with the classic
 * top and bottom caption boxes. A chosen picture is uploaded as the user's file on saving.
 */
export function AddTemplateForm({ picture, isAdmin, onAdded, onCancel }: AddTemplateFormProps) {
  const { t, i18n } = useTranslation('memes-gallery');
  const ids = useId();
  const add = useAddTemplate();
  const [name, setName] = useState(() =>
    picture.kind === 'upload' ? nameFromFile(picture.file.name) : picture.name.slice(0, NAME_MAX),
  );
  const [keywords, setKeywords] = useState('');
  const [isForEveryone, setIsForEveryone] = useState(false);
  const [isDrawing, setIsDrawing] = useState(false);
  const preview = usePicturePreview(picture);
  const language = i18n.resolvedLanguage ?? 'en';
  const editorSource = useMemo(
    () =>
      preview.editorUrl
        ? sourceForNewTemplate(preview.editorUrl, language, { boxes: DEFAULT_TEMPLATE_BOXES })
        : undefined,
    [preview.editorUrl, language],
  );

  const fields = () => ({
    picture,
    name: name.trim(),
    keywords: parseKeywords(keywords),
    isForEveryone: isAdmin && isForEveryone,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    add.mutate(fields(), { onSuccess: onAdded });
  };

  return (
    <form
      onSubmit={submit}
      className="mb-4 flex gap-3 rounded-xl border border-line bg-surface-secondary p-3 sm:p-4"
      aria-label={t('add_title')}
      data-testid="meme-template-add-form"
    >
      <div className="aspect-[9/16] w-16 shrink-0 self-start overflow-hidden rounded-lg bg-black sm:w-24">
        {preview.src ? <img src={preview.src} alt="" className="size-full object-contain" /> : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div>
          <label htmlFor={`${ids}-name`} className="mb-1 block text-sm font-medium text-fg">
            {t('add_name')}
          </label>
          <Input
            id={`${ids}-name`}
            value={name}
            maxLength={NAME_MAX}
            required
            onChange={(e) => setName(e.target.value)}
            className="h-10 text-sm"
            data-testid="meme-template-name"
          />
        </div>
        <div>
          <label htmlFor={`${ids}-keywords`} className="mb-1 block text-sm font-medium text-fg">
            {t('add_keywords')}
          </label>
          <Input
            id={`${ids}-keywords`}
            value={keywords}
            placeholder={t('add_keywords_placeholder')}
            onChange={(e) => setKeywords(e.target.value)}
            className="h-10 text-sm"
            data-testid="meme-template-keywords"
          />
        </div>
        {isAdmin ? (
          <label className="flex cursor-pointer items-center gap-2.5 text-sm text-fg select-none">
            <input
              type="checkbox"
              checked={isForEveryone}
              onChange={(e) => setIsForEveryone(e.target.checked)}
              className="size-4 rounded border-line-strong accent-[var(--accent)]"
              data-testid="meme-template-for-everyone"
            />
            {t('add_for_everyone')}
          </label>
        ) : null}
        {add.isError ? (
          <p role="alert" className="text-[13px] leading-snug text-danger">
            {errorMessage(add.error, t('add_failed'))}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={add.isPending}>
            {t('cancel')}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setIsDrawing(true)}
            disabled={!name.trim() || !editorSource || add.isPending}
            aria-haspopup="dialog"
            data-testid="meme-template-draw-boxes"
          >
            <SquareDashed className="size-4" aria-hidden />
            {t('add_draw_boxes')}
          </Button>
          <Button
            type="submit"
            size="sm"
            isLoading={add.isPending}
            disabled={!name.trim()}
            data-testid="meme-template-save"
          >
            {t('add_save')}
          </Button>
        </div>
      </div>
      {editorSource ? (
        <LazyMemeEditor
          source={editorSource}
          isOpen={isDrawing}
          onOpenChange={setIsDrawing}
          onSave={(document) => add.mutateAsync({ ...fields(), ...templateShape(document) }).then(onAdded)}
        />
      ) : null}
    </form>
  );
}
