import type { PromptType } from '@confab/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { useDocumentTitle } from '../config/use-document-title';
import { NotFoundPage } from '../errors/not-found-page';
import { PromptBackLink } from './prompt-back-link';
import { detailsErrors, PromptDetailsFields, type PromptDetailsValues } from './prompt-details-fields';
import { PromptCard } from './prompt-fields';
import { usePromptPermissions } from './prompt-queries';
import { PromptTextField } from './prompt-text-field';
import { isCommandError, promptErrorMessage, useCreatePromptGroup } from './use-prompt-mutations';

/** /d/prompts/new: a prompt's details and first text; it opens once created. */
export function PromptCreatePage() {
  const { t } = useTranslation('prompts');
  const navigate = useNavigate();
  const { canCreate } = usePromptPermissions();
  const create = useCreatePromptGroup();
  useDocumentTitle(t('create_title'));
  const [details, setDetails] = useState<PromptDetailsValues>(() => ({
    name: '',
    // LibreChat starts a new prompt in the category last picked.
    category: readStorage<string>(STORAGE_KEYS.lastPromptCategory, ''),
    oneliner: '',
    command: '',
  }));
  const [text, setText] = useState('');
  const [type, setType] = useState<PromptType>('text');
  const [hasTried, setHasTried] = useState(false);
  const [commandError, setCommandError] = useState<string | null>(null);

  if (!canCreate) return <NotFoundPage />;

  const errors = detailsErrors(details);
  const isTextMissing = text.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setHasTried(true);
    if (errors.name || errors.command || isTextMissing) return;
    create.mutate(
      {
        prompt: { prompt: text, type },
        group: {
          name: details.name.trim(),
          category: details.category,
          oneliner: details.oneliner.trim(),
          ...(details.command ? { command: details.command } : {}),
        },
      },
      {
        onSuccess: (result) => void navigate(`/d/prompts/${result.prompt.groupId}`, { replace: true }),
        onError: (error) => setCommandError(isCommandError(error) ? promptErrorMessage(error, t('save_failed')) : null),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 pt-4 pb-16 sm:px-6 md:pt-6"
      data-testid="prompt-create"
      noValidate
    >
      <PromptBackLink />
      <div>
        <h2 className="text-xl font-semibold tracking-tight text-fg">{t('create_title')}</h2>
        <p className="mt-1 text-sm text-fg-secondary">{t('create_description')}</p>
      </div>
      <PromptCard>
        <PromptDetailsFields
          values={details}
          onChange={(next) => {
            if (next.command !== details.command) setCommandError(null);
            setDetails(next);
          }}
          commandError={commandError}
          showNameError={hasTried}
          onCategoryPicked={(category) => writeStorage(STORAGE_KEYS.lastPromptCategory, category)}
        />
      </PromptCard>
      <PromptCard>
        <PromptTextField label={t('text')} text={text} type={type} onTextChange={setText} onTypeChange={setType} />
        {hasTried && isTextMissing ? (
          <p role="alert" className="mt-1.5 text-[13px] text-danger" data-testid="prompt-text-error">
            {t('text_required')}
          </p>
        ) : null}
      </PromptCard>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={() => void navigate('/d/prompts')}>
          {t('cancel')}
        </Button>
        <Button type="submit" isLoading={create.isPending} data-testid="prompt-create-submit">
          {t('create')}
        </Button>
      </div>
    </form>
  );
}
