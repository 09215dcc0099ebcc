import type { PromptGroup } from '@confab/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { detailsErrors, detailsOf, PromptDetailsFields, type PromptDetailsValues } from './prompt-details-fields';
import { PromptCard } from './prompt-fields';
import { isCommandError, promptErrorMessage, useUpdatePromptGroup } from './use-prompt-mutations';

function isSame(a: PromptDetailsValues, b: PromptDetailsValues): boolean {
  return a.name === b.name && a.category === b.category && a.oneliner === b.oneliner && a.command === b.command;
}

/**
 * The details of a prompt its manager edits: saved together with one button, shown once
 * something changed. Mounted per group (keyed by its id), so another prompt starts clean.
 */
export function PromptDetailsCard({ group }: { group: PromptGroup }) {
  const { t } = useTranslation('prompts');
  const saved = detailsOf(group);
  const [values, setValues] = useState<PromptDetailsValues>(saved);
  const [commandError, setCommandError] = useState<string | null>(null);
  const update = useUpdatePromptGroup(group._id);
  const errors = detailsErrors(values);
  const isDirty = !isSame(values, saved);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isDirty || errors.name || errors.command) return;
    update.mutate(
      {
        name: values.name.trim(),
        category: values.category,
        oneliner: values.oneliner.trim(),
        command: values.command,
      },
      {
        onSuccess: (next) => setValues(detailsOf({ ...group, ...next })),
        onError: (error) => setCommandError(isCommandError(error) ? promptErrorMessage(error, t('save_failed')) : null),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <PromptCard title={t('details')} testId="prompt-details">
        <PromptDetailsFields
          values={values}
          onChange={(next) => {
            if (next.command !== values.command) setCommandError(null);
            setValues(next);
          }}
          commandError={commandError}
          showNameError
        />
        {isDirty ? (
          <div className="mt-4 flex justify-end gap-2">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setValues(saved);
                setCommandError(null);
              }}
            >
              {t('discard')}
            </Button>
            <Button
              type="submit"
              size="sm"
              isLoading={update.isPending}
              disabled={!!errors.name || !!errors.command}
              data-testid="prompt-details-save"
            >
              {t('save_details')}
            </Button>
          </div>
        ) : null}
      </PromptCard>
    </form>
  );
}
