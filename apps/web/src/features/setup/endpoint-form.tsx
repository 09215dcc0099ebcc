import type { AdminEndpointView, ManagedEndpointFamily } from '@confab/shared';
import { PlugZap } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Switch } from '../../components/ui/switch';
import { cn } from '../../lib/cn';
import { ConnectionTestResultView } from './connection-test-result';
import { EndpointFields } from './endpoint-fields';
import { ModelChooser } from './model-chooser';
import { ProviderPicker } from './provider-picker';
import { useEndpointForm } from './use-endpoint-form';

function SwitchRow({
  label,
  description,
  isChecked,
  onChange,
  testId,
}: {
  label: string;
  description: string;
  isChecked: boolean;
  onChange(isChecked: boolean): void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        <p className="mt-0.5 text-[13px] text-fg-tertiary">{description}</p>
      </div>
      <Switch id={id} isChecked={isChecked} onCheckedChange={onChange} data-testid={testId} />
    </div>
  );
}

/**
 * Adds or edits one endpoint: the provider (when adding), its fields, a connection test that
 * lists the models it finds, the models to offer, Save. The setup screen and the Admin area's
 * dialog both use it.
 */
export function EndpointForm({
  saved,
  initialFamily = 'openAI',
  onSaved,
  onCancel,
  className,
}: {
  /** The endpoint being edited; absent to add one. */
  saved?: AdminEndpointView | undefined;
  initialFamily?: ManagedEndpointFamily;
  onSaved(view: AdminEndpointView): void;
  onCancel?: (() => void) | undefined;
  className?: string;
}) {
  const { t } = useTranslation('setup');
  const form = useEndpointForm({ saved, initialFamily, onSaved });
  const formRef = useRef<HTMLFormElement>(null);
  const { values, errors, errorFocusRequest } = form;

  useEffect(() => {
    if (errorFocusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errorFocusRequest]);

  return (
    <form
      ref={formRef}
      noValidate
      className={cn('flex flex-col gap-6', className)}
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
      data-testid="endpoint-form"
      data-family={values.family}
    >
      {saved ? null : <ProviderPicker value={values.family} onChange={form.chooseFamily} />}

      <EndpointFields
        values={values}
        errors={errors}
        savedKey={saved ? { hasKey: saved.hasKey, keyLast4: saved.keyLast4 } : undefined}
        onChange={form.change}
      />

      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            onClick={() => form.runTest()}
            isLoading={form.isTesting}
            data-testid="test-connection"
          >
            {form.isTesting ? null : <PlugZap className="size-4" aria-hidden />}
            {t('test_connection')}
          </Button>
          <span className="text-[13px] text-fg-tertiary">{t('test_connection_hint')}</span>
        </div>
        <div aria-live="polite">{form.testResult ? <ConnectionTestResultView result={form.testResult} /> : null}</div>
      </div>

      <ModelChooser
        family={values.family}
        found={form.foundModels}
        chosen={values.models}
        error={errors.models}
        onChange={(models) => form.change({ models })}
      />

      <div className="divide-y divide-line border-y border-line">
        {values.family === 'custom' ? (
          <SwitchRow
            label={t('fetch_models')}
            description={t('fetch_models_hint')}
            isChecked={values.fetchModels}
            onChange={(fetchModels) => form.change({ fetchModels })}
            testId="endpoint-fetch-models"
          />
        ) : null}
        <SwitchRow
          label={t('title_convo')}
          description={t('title_convo_hint')}
          isChecked={values.titleConvo}
          onChange={(titleConvo) => form.change({ titleConvo })}
          testId="endpoint-title-convo"
        />
      </div>

      {form.generalError ? <Alert testId="endpoint-form-error">{form.generalError}</Alert> : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            {t('cancel')}
          </Button>
        ) : null}
        <Button type="submit" isLoading={form.isSaving} data-testid="endpoint-save">
          {saved ? t('save_changes') : t('save_endpoint')}
        </Button>
      </div>
    </form>
  );
}
