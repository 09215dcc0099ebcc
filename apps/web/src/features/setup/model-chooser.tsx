import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import type { ManagedEndpointFamily } from '@confab/shared';

/**
 * The models offered in the selector: checkboxes of those the connection test found (and those
 * already chosen), and a box to type names the server does not list. None chosen leaves the
 * choice to the provider (its own list, or the family's defaults).
 */
export function ModelChooser({
  family,
  found,
  chosen,
  error,
  onChange,
}: {
  family: ManagedEndpointFamily;
  found: string[];
  chosen: string[];
  error?: string | undefined;
  onChange(models: string[]): void;
}) {
  const { t } = useTranslation('setup');
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const options = [...new Set([...found, ...chosen])];
  const chosenSet = new Set(chosen);

  const toggle = (model: string, isOn: boolean) =>
    onChange(isOn ? [...chosen, model] : chosen.filter((name) => name !== model));
  const addTyped = () => {
    const names = typed
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !chosenSet.has(name));
    if (names.length > 0) onChange([...chosen, ...new Set(names)]);
    setTyped('');
  };

  return (
    <fieldset className="flex flex-col gap-3" data-testid="model-chooser">
      <legend className="mb-1 text-sm font-medium text-fg">{t('models_legend')}</legend>
      <p className="text-[13px] leading-snug text-fg-tertiary" data-testid="models-default-hint">
        {chosen.length === 0
          ? t(family === 'custom' ? 'models_none_custom' : 'models_none_builtin')
          : t('models_chosen', { count: chosen.length })}
      </p>
      {options.length > 0 ? (
        <div className="flex items-center gap-3 text-[13px]">
          <button
            type="button"
            className="focus-ring rounded-sm text-accent hover:underline"
            onClick={() => onChange(options)}
          >
            {t('models_all')}
          </button>
          <button
            type="button"
            className="focus-ring rounded-sm text-accent hover:underline disabled:text-fg-tertiary disabled:no-underline"
            onClick={() => onChange([])}
            disabled={chosen.length === 0}
          >
            {t('models_clear')}
          </button>
        </div>
      ) : null}
      {options.length > 0 ? (
        <ul className="scrollbar-thin grid max-h-64 gap-1 overflow-y-auto rounded-xl border border-line-strong p-1.5 sm:grid-cols-2">
          {options.map((model) => (
            <li key={model}>
              <label className="flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-sm text-fg hover:bg-surface-hover">
                <input
                  type="checkbox"
                  checked={chosenSet.has(model)}
                  onChange={(event) => toggle(model, event.target.checked)}
                  className="size-4 shrink-0 rounded border-line-strong accent-[var(--accent)]"
                  data-testid="model-choice"
                  data-model={model}
                />
                <span className="min-w-0 truncate" title={model}>
                  {model}
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <label htmlFor={inputId} className="mb-1.5 block text-[13px] text-fg-secondary">
          {t('models_type_label')}
        </label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              // Enter adds the name here; it must not submit the whole form.
              event.preventDefault();
              addTyped();
            }}
            placeholder={family === 'custom' ? 'llama3.2' : undefined}
            autoComplete="off"
            spellCheck={false}
            className="h-10 text-sm"
            hasError={Boolean(error)}
            data-testid="model-name-input"
          />
          <Button variant="outline" onClick={addTyped} disabled={!typed.trim()} data-testid="model-name-add">
            <Plus className="size-4" aria-hidden />
            {t('models_add')}
          </Button>
        </div>
        {error ? (
          <p role="alert" className="mt-1.5 text-[13px] text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
