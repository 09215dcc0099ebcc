import { findPromptVariables, PROMPT_TEXT_MAX_LENGTH, PROMPT_TYPES, type PromptType } from '@confab/shared';
import { Braces } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../components/ui/select';
import { cn } from '../../lib/cn';
import { PromptField, promptInputClass } from './prompt-fields';

// Passed as values: i18next would read braces written in the text as its own placeholders.
const VARIABLE_EXAMPLES = { date: '{{current_date}}', user: '{{current_user}}', example: '{{topic}}' };

/** The prompt's text with its type, and the variables the "/" command will ask for. */
export function PromptTextField({
  text,
  type,
  onTextChange,
  onTypeChange,
  label,
  testId = 'prompt-text',
}: {
  text: string;
  type: PromptType;
  onTextChange(text: string): void;
  onTypeChange(type: PromptType): void;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation('prompts');
  const variables = findPromptVariables(text);
  return (
    <PromptField
      label={label}
      hint={variables.length ? undefined : t('variables_hint', VARIABLE_EXAMPLES)}
      aside={
        <Select
          options={PROMPT_TYPES.map((value) => ({ value, label: t(`type_${value}`) }))}
          value={type}
          onValueChange={(value) => onTypeChange(value === 'chat' ? 'chat' : 'text')}
          aria-label={t('type_label')}
          className="h-7 w-auto gap-1 rounded-md border-transparent pr-1.5 pl-2 text-xs text-fg-secondary"
          data-testid={`${testId}-type`}
        />
      }
    >
      {({ id, describedBy }) => (
        <>
          <textarea
            id={id}
            value={text}
            onChange={(e) => onTextChange(e.target.value)}
            maxLength={PROMPT_TEXT_MAX_LENGTH}
            placeholder={t('text_placeholder', VARIABLE_EXAMPLES)}
            rows={8}
            aria-describedby={describedBy}
            className={cn(
              promptInputClass,
              'scrollbar-thin min-h-40 resize-y py-2.5 font-mono text-[13px] leading-relaxed',
            )}
            data-testid={testId}
          />
          {variables.length ? (
            <div className="mt-2 flex flex-wrap items-center gap-1.5" data-testid={`${testId}-variables`}>
              <span className="inline-flex items-center gap-1 text-xs text-fg-tertiary">
                <Braces className="size-3.5" aria-hidden />
                {t('variables')}
              </span>
              {variables.map((variable) => (
                <span
                  key={variable.name}
                  className="rounded-md bg-accent-soft px-1.5 py-0.5 font-mono text-[11px] text-accent"
                  title={variable.options.join(' | ') || undefined}
                >
                  {variable.name}
                </span>
              ))}
            </div>
          ) : null}
        </>
      )}
    </PromptField>
  );
}
