import { PROMPT_COMMAND_MAX_LENGTH, PROMPT_NAME_MAX_LENGTH, PROMPT_ONELINER_MAX_LENGTH } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { Select } from '../../components/ui/select';
import { cn } from '../../lib/cn';
import { PromptField, promptInputClass, promptInputErrorClass } from './prompt-fields';
import { validateCommand } from './prompt-rules';
import { usePromptCategoryOptions } from './use-prompt-categories';

export interface PromptDetailsValues {
  name: string;
  category: string;
  oneliner: string;
  command: string;
}

export function detailsOf(group: Partial<PromptDetailsValues> | undefined): PromptDetailsValues {
  return {
    name: group?.name ?? '',
    category: group?.category ?? '',
    oneliner: group?.oneliner ?? '',
    command: group?.command ?? '',
  };
}

/** What the details say is wrong before anything is sent: a name is needed, the command must fit SPEC 5. */
export function detailsErrors(values: PromptDetailsValues): { name?: 'name_required'; command?: string } {
  const command = validateCommand(values.command);
  return {
    ...(values.name.trim() ? {} : { name: 'name_required' as const }),
    ...(command ? { command: command === 'too_long' ? 'command_too_long' : 'command_invalid' } : {}),
  };
}

/**
 * Name, category, one-liner and slash command of a prompt. The command is checked as it is
 * typed; `commandError` is the server's refusal (a command already taken), shown under it too.
 */
export function PromptDetailsFields({
  values,
  onChange,
  commandError,
  showNameError,
  onCategoryPicked,
}: {
  values: PromptDetailsValues;
  onChange(values: PromptDetailsValues): void;
  commandError?: string | null;
  /** The name's "required" shows once the user tried to save (not on an empty new form). */
  showNameError?: boolean;
  onCategoryPicked?(category: string): void;
}) {
  const { t } = useTranslation('prompts');
  const { formOptions } = usePromptCategoryOptions();
  const errors = detailsErrors(values);
  const set = (patch: Partial<PromptDetailsValues>) => onChange({ ...values, ...patch });
  const commandMessage = errors.command ? t(errors.command, { max: PROMPT_COMMAND_MAX_LENGTH }) : commandError;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <PromptField
        label={t('name')}
        error={showNameError && errors.name ? t(errors.name) : null}
        className="sm:col-span-2"
        testId="prompt-name"
      >
        {({ id, describedBy, isInvalid }) => (
          <input
            id={id}
            value={values.name}
            onChange={(e) => set({ name: e.target.value })}
            maxLength={PROMPT_NAME_MAX_LENGTH}
            placeholder={t('name_placeholder')}
            aria-describedby={describedBy}
            aria-invalid={isInvalid || undefined}
            className={cn(promptInputClass, 'h-10', isInvalid && promptInputErrorClass)}
            data-testid="prompt-name"
          />
        )}
      </PromptField>
      <PromptField label={t('category_label')}>
        {({ id }) => (
          <Select
            id={id}
            options={formOptions(values.category)}
            value={values.category}
            onValueChange={(category) => {
              set({ category });
              onCategoryPicked?.(category);
            }}
            className="h-10 w-full rounded-xl"
            data-testid="prompt-category"
          />
        )}
      </PromptField>
      <PromptField
        label={t('command')}
        error={commandMessage}
        hint={t('command_hint')}
        aside={
          <span className="text-xs text-fg-tertiary tabular-nums">
            {values.command.length}/{PROMPT_COMMAND_MAX_LENGTH}
          </span>
        }
        testId="prompt-command"
      >
        {({ id, describedBy, isInvalid }) => (
          <div className="relative">
            <span
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 font-mono text-sm text-fg-tertiary"
              aria-hidden
            >
              /
            </span>
            <input
              id={id}
              value={values.command}
              // Shown as it is stored: the server keeps commands lowercase, and the "/" is not part of it.
              onChange={(e) => set({ command: e.target.value.replace(/^\//, '').toLowerCase() })}
              placeholder={t('command_placeholder')}
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              aria-describedby={describedBy}
              aria-invalid={isInvalid || undefined}
              className={cn(promptInputClass, 'h-10 pl-6 font-mono', isInvalid && promptInputErrorClass)}
              data-testid="prompt-command"
            />
          </div>
        )}
      </PromptField>
      <PromptField label={t('oneliner')} className="sm:col-span-2">
        {({ id }) => (
          <input
            id={id}
            value={values.oneliner}
            onChange={(e) => set({ oneliner: e.target.value })}
            maxLength={PROMPT_ONELINER_MAX_LENGTH}
            placeholder={t('oneliner_placeholder')}
            className={cn(promptInputClass, 'h-10')}
            data-testid="prompt-oneliner"
          />
        )}
      </PromptField>
    </div>
  );
}
