import type { MemeTemplate } from '@confab/shared';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useAddTemplate } from './use-meme-templates';

export interface AddTemplateFormProps {
  file: File;
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

/**
 * "Add your own": the chosen picture with its name, keywords and (for administrators) "for
 * everyone"; saving uploads it as the user's file and makes it a template with the classic top and
 * bottom caption boxes.
 */
export function AddTemplateForm({ file, isAdmin, onAdded, onCancel }: AddTemplateFormProps) {
  const { t } = useTranslation('memes-gallery');
  const ids = useId();
  const add = useAddTemplate();
  const [name, setName] = useState(() => nameFromFile(file.name));
  const [keywords, setKeywords] = useState('');
  const [isForEveryone, setIsForEveryone] = useState(false);
  const [preview, setPreview] = useState<string>();

  useEffect(() => {
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    add.mutate(
      { file, name: name.trim(), keywords: parseKeywords(keywords), isForEveryone: isAdmin && isForEveryone },
      { onSuccess: onAdded },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="mb-4 flex gap-3 rounded-xl border border-line bg-surface-secondary p-3 sm:p-4"
      aria-label={t('add_title')}
      data-testid="meme-template-add-form"
    >
      <div className="aspect-[9/16] w-16 shrink-0 self-start overflow-hidden rounded-lg bg-black sm:w-24">
        {preview ? <img src={preview} alt="" className="size-full object-contain" /> : null}
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
    </form>
  );
}
