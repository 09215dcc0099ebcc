import { splitPromptText } from '@confab/shared';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import type { PendingPrompt } from './use-prompt-command';

/** Each variable's first answer: a choice starts on its first option, free text empty. */
function initialValues(pending: PendingPrompt | null): Record<string, string> {
  return Object.fromEntries((pending?.variables ?? []).map((v) => [v.name, v.options[0] ?? '']));
}

/**
 * The prompt's text, each variable shown as its answer so far (or as typed until answered) in a
 * highlight; the date and the user's name as they will be filled in.
 */
function PromptPreview({
  text,
  values,
  autoValues,
}: {
  text: string;
  values: Record<string, string>;
  autoValues: PendingPrompt['autoValues'];
}) {
  return (
    <div
      className="scrollbar-thin max-h-40 overflow-y-auto rounded-xl border border-line bg-surface-secondary px-3.5 py-2.5 text-sm leading-relaxed break-words whitespace-pre-wrap text-fg-secondary"
      data-testid="prompt-variables-preview"
    >
      {splitPromptText(text).map((segment, index) => {
        if (segment.type === 'text') return segment.text;
        const special = segment.name.toLowerCase();
        const auto = special === 'current_date' || special === 'current_user' ? autoValues[special] : null;
        // Filled in by the app: plain text, as it will read.
        if (auto !== null) return auto || segment.raw;
        const value = values[segment.name];
        return (
          <mark
            key={index}
            className={cn(
              'rounded-md px-1 py-px',
              value ? 'bg-accent/15 text-fg' : 'bg-accent/10 font-medium text-accent',
            )}
          >
            {value || segment.raw}
          </mark>
        );
      })}
    </div>
  );
}

/** The fields of the dialog; mounted for one prompt, so its answers start fresh each time. */
function VariablesForm({
  pending,
  willSend,
  formId,
  onSubmit,
  onCancel,
}: {
  pending: PendingPrompt;
  willSend: boolean;
  formId: string;
  onSubmit(values: Record<string, string>): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('chat');
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(pending));
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    // React bubbles it through the portal: the chat form around the dialog must not send.
    e?.stopPropagation();
    onSubmit(values);
  };
  const onFieldKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  };
  return (
    <form onSubmit={submit} className="flex min-h-0 flex-col gap-4 overflow-y-auto px-6 pb-6">
      <PromptPreview text={pending.text} values={values} autoValues={pending.autoValues} />
      {pending.variables.map((variable, index) => {
        const id = `${formId}-${index}`;
        const setValue = (value: string) => setValues((all) => ({ ...all, [variable.name]: value }));
        return (
          <div key={variable.name} className="flex flex-col gap-1.5">
            <label htmlFor={id} className="text-sm font-medium text-fg">
              {variable.name}
            </label>
            {variable.options.length > 0 ? (
              <Select
                id={id}
                options={variable.options.map((option) => ({ value: option, label: option }))}
                value={values[variable.name] ?? ''}
                onValueChange={setValue}
                className="h-11 w-full rounded-xl pl-3.5 text-[15px]"
                data-testid={`prompt-variable-select-${index}`}
              />
            ) : (
              <textarea
                id={id}
                value={values[variable.name] ?? ''}
                onChange={(e) => setValue(e.target.value)}
                onKeyDown={onFieldKeyDown}
                rows={1}
                placeholder={t('prompt_variables.placeholder', { name: variable.name })}
                className="field-sizing-content block max-h-32 min-h-11 w-full resize-none rounded-xl border border-line-control bg-surface px-3.5 py-2.5 text-[15px] leading-6 text-fg transition-[border-color,box-shadow] outline-none placeholder:text-fg-tertiary focus:border-accent focus:ring-3 focus:ring-accent/20"
                data-testid={`prompt-variable-input-${index}`}
              />
            )}
          </div>
        );
      })}
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel} data-testid="prompt-variables-cancel">
          {t('prompt_variables.cancel')}
        </Button>
        <Button type="submit" data-testid="prompt-variables-submit">
          {willSend ? t('prompt_variables.send') : t('prompt_variables.insert')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Asks the values of a prompt's variables before the "/" command inserts it (LibreChat's
 * VariableDialog): a field for each `{{name}}`, a choice for each `{{name:a|b}}`, over a preview
 * of the text. Enter in a field goes on (Shift+Enter: a new line in the answer).
 */
export function PromptVariablesDialog({
  pending,
  willSend,
  onSubmit,
  onCancel,
}: {
  pending: PendingPrompt | null;
  willSend: boolean;
  onSubmit(values: Record<string, string>): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('chat');
  const formId = useId();
  return (
    <Dialog open={!!pending} onOpenChange={(isOpen) => !isOpen && onCancel()}>
      <DialogContent
        title={t('prompt_variables.title')}
        description={pending ? t('prompt_variables.description', { name: pending.name }) : undefined}
        className="max-w-lg"
        data-testid="prompt-variables-dialog"
        onOpenAutoFocus={(e) => {
          // The first answer, not the dialog: the user is mid-typing.
          e.preventDefault();
          document.getElementById(`${formId}-0`)?.focus();
        }}
      >
        {pending ? (
          <VariablesForm
            pending={pending}
            willSend={willSend}
            formId={formId}
            onSubmit={onSubmit}
            onCancel={onCancel}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
